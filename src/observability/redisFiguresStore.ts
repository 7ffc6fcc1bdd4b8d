/**
 * The contact-center figures (O5) in Redis, shared by every replica: one hash per window
 * (`hubbot:{tenant}:figures:<windowStart>`, field `<figure> <topic>`), kept 400 days; and
 * each conversation's topic (`hubbot:{tenant}:figures:topic:<conversationId>`) for as long as a
 * conversation may last.
 */
import { tenantKey } from '../redis/tenantKey.js';
import type { Figure, FigureRow, FiguresStore } from './contactCenterFigures.js';

/** The commands used (a SharedRedis or a node-redis client fits). */
export interface RedisFiguresClient {
  hIncrBy(key: string, field: string, increment: number): Promise<number>;
  expire(key: string, seconds: number): Promise<number>;
  hGetAll(key: string): Promise<Record<string, string>>;
  set(key: string, value: string, options?: { expiration?: { type: 'EX'; value: number } }): Promise<unknown>;
  get(key: string): Promise<string | null>;
}

const KEEP_SECONDS = 400 * 24 * 3600; // a year of figures, and a month to compare it with
const TOPIC_SECONDS = 7 * 24 * 3600;

export class RedisFiguresStore implements FiguresStore {
  constructor(
    private readonly client: RedisFiguresClient,
    private readonly tenant: string,
  ) {}

  async add(windowStart: number, topic: string, figure: Figure, n: number): Promise<void> {
    const key = this.windowKey(windowStart);
    await this.client.hIncrBy(key, `${figure} ${topic}`, n);
    await this.client.expire(key, KEEP_SECONDS);
  }

  async rememberTopic(conversationId: string, topic: string): Promise<void> {
    await this.client.set(tenantKey(this.tenant, 'figures', 'topic', conversationId), topic, { expiration: { type: 'EX', value: TOPIC_SECONDS } });
  }

  async topicOf(conversationId: string): Promise<string | undefined> {
    return (await this.client.get(tenantKey(this.tenant, 'figures', 'topic', conversationId))) ?? undefined;
  }

  async read(from: number, until: number, windowMs: number): Promise<FigureRow[]> {
    const rows: FigureRow[] = [];
    for (let windowStart = from; windowStart < until; windowStart += windowMs) {
      const fields = await this.client.hGetAll(this.windowKey(windowStart));
      for (const [field, value] of Object.entries(fields)) {
        const space = field.indexOf(' ');
        if (space < 0) continue; // not ours
        rows.push({ windowStart, figure: field.slice(0, space) as Figure, topic: field.slice(space + 1), count: Number(value) || 0 });
      }
    }
    return rows;
  }

  private windowKey(windowStart: number): string {
    return tenantKey(this.tenant, 'figures', String(windowStart));
  }
}
