/**
 * EventFanOut over Redis pub/sub, on the channel `hubbot:{tenant}:webhook:handled`. Publishing
 * uses the store's connection; listening needs a connection of its own (a node-redis client in
 * subscriber mode cannot run other commands): pass `client.duplicate()` once connected, or a
 * second createRedisConnection. Each message names the replica that sent it, which ignores it.
 */
import { randomUUID } from 'node:crypto';
import { tenantKey } from '../redis/tenantKey.js';
import { eventEnvelopeSchema } from '../schemas/events.js';
import type { EventFanOut } from './eventFanOut.js';
import type { StoredEvent } from './eventStore.js';
import { toKnowledgeEvent, type KnowledgeEvent } from './knowledgeEvent.js';
import type { KnowledgeEvents } from './knowledgeEvents.js';
import { errorText, type WebhookLogger } from './webhookLogger.js';

export interface RedisPublisher {
  publish(channel: string, message: string): Promise<unknown>;
}

export interface RedisSubscriber {
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string, listener?: (message: string) => void): Promise<unknown>;
}

export interface RedisEventFanOutOptions {
  publisher: RedisPublisher;
  subscriber: RedisSubscriber;
  tenant: string;
  logger?: WebhookLogger;
}

interface FanOutMessage {
  o: string;
  n: string;
  b: string;
  r: number;
}

export class RedisEventFanOut implements EventFanOut {
  readonly channel: string;
  private readonly origin = randomUUID();

  constructor(private readonly opts: RedisEventFanOutOptions) {
    this.channel = tenantKey(opts.tenant, 'webhook', 'handled');
  }

  async publish(event: StoredEvent): Promise<void> {
    const message: FanOutMessage = { o: this.origin, n: event.notificationId, b: event.body, r: event.receivedAt };
    await this.opts.publisher.publish(this.channel, JSON.stringify(message));
  }

  async attach(events: KnowledgeEvents, attachOpts: { kindFields?: readonly string[] } = {}): Promise<() => Promise<void>> {
    const listener = (text: string): void => {
      let event: KnowledgeEvent;
      try {
        const m = JSON.parse(text) as FanOutMessage;
        if (m.o === this.origin) return;
        const envelope = eventEnvelopeSchema.parse(JSON.parse(m.b)) as KnowledgeEvent['envelope'];
        event = toKnowledgeEvent(envelope, new Date(m.r), attachOpts);
      } catch (err) {
        this.opts.logger?.warn({ err: errorText(err) }, 'unreadable knowledge event fan-out message');
        return;
      }
      events.receiveFromReplica(event);
    };
    await this.opts.subscriber.subscribe(this.channel, listener);
    return async () => {
      await this.opts.subscriber.unsubscribe(this.channel, listener);
    };
  }
}
