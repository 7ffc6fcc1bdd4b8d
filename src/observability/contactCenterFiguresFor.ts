/** The bot server's contact-center figures (O5): on Redis when it has one, counted in /metrics too. */
import type { Logger } from 'pino';
import { ContactCenterFigures, MemoryFiguresStore } from './contactCenterFigures.js';
import type { HubbotMetrics } from './metrics.js';
import { RedisFiguresStore, type RedisFiguresClient } from './redisFiguresStore.js';

export function contactCenterFiguresFor(redis: RedisFiguresClient | undefined, tenant: string, metrics: HubbotMetrics, logger: Logger): ContactCenterFigures {
  return new ContactCenterFigures({
    store: redis ? new RedisFiguresStore(redis, tenant) : new MemoryFiguresStore(),
    onCount: (topic, figure) => metrics.contactCenter.inc({ topic, figure }),
    onError: (err) => logger.warn({ err }, 'contact-center figure not counted'),
  });
}
