/**
 * The contact-center figures (O5) in Redis, shared by every replica: one hash per window
 * (`hubbot:{tenant}:figures:<windowStart>`, field `<figure> <topic>`), kept 400 days; and the
 * topics of the conversations started on one UTC day in one hash
 * (`hubbot:{tenant}:figures:topics:<dayStart>`, conversation → topic), kept 8 days: long
 * enough for a conversation's later figures. A field costs a third of what a key per
 * conversation (`figures:topic:<conversationId>`, the earlier version's) cost; those are still
 * read until they expire.
 */
import { tenantKey } from '../redis/tenantKey.js';
import { storedId } from '../redis/storedId.js';
import type { Figure, FigureRow, FiguresStore } from './contactCenterFigures.js';

/** The commands used (a SharedRedis or a node-redis client fits). */
export interface RedisFiguresClient {
  hIncrBy(key: string, field: string, increment: number): Promise<number>;
  expire(key: string, seconds: number): Promise<number>;
  hGetAll(key: string): Promise<Record<string, string>>;
  hSet(key: string, field: string, value: string): Promise<number>;
  hmGet(key: string, fields: string[]): Promise<(string | null)[]>;
  get(key: string): Promise<string | null>;
}

const KEEP_SECONDS = 400 * 24 * 3600; // a year of figures, and a month to compare it with
const DAY_MS = 24 * 3600_000;
/** A conversation's topic is found this many days after the day it started. */
const TOPIC_DAYS = 7;

export class RedisFiguresStore implements FiguresStore {
  /** The day hash this store last gave its expiry (once per day and process, not per topic). */
  private expiring = '';

  constructor(
    private readonly client: RedisFiguresClient,
    private readonly tenant: string,
    private readonly now: () => number = Date.now,
  ) {}

  async add(windowStart: number, topic: string, figure: Figure, n: number): Promise<void> {
    const key = this.windowKey(windowStart);
    await this.client.hIncrBy(key, `${figure} ${topic}`, n);
    await this.client.expire(key, KEEP_SECONDS);
  }

  async rememberTopic(conversationId: string, topic: string): Promise<void> {
    const key = this.topicsKey(Math.floor(this.now() / DAY_MS) * DAY_MS);
    await this.client.hSet(key, storedId(conversationId), topic);
    if (this.expiring === key) return;
    await this.client.expire(key, (TOPIC_DAYS + 1) * 24 * 3600);
    this.expiring = key;
  }

  /** Today's hash first, then the days before (a conversation is most often asked about on its day). */
  async topicOf(conversationId: string): Promise<string | undefined> {
    const today = Math.floor(this.now() / DAY_MS) * DAY_MS;
    for (let day = 0; day <= TOPIC_DAYS; day++) {
      const [topic] = await this.client.hmGet(this.topicsKey(today - day * DAY_MS), [storedId(conversationId)]);
      if (topic !== null && topic !== undefined) return topic;
    }
    return (await this.client.get(tenantKey(this.tenant, 'figures', 'topic', storedId(conversationId)))) ?? undefined;
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

  private topicsKey(dayStart: number): string {
    return tenantKey(this.tenant, 'figures', 'topics', String(dayStart));
  }

  private windowKey(windowStart: number): string {
    return tenantKey(this.tenant, 'figures', String(windowStart));
  }
}
