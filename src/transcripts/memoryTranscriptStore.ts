/**
 * A botbuilder TranscriptStore in memory (one replica, tests, the bot server without Redis),
 * with the same rules as RedisTranscriptStore (transcriptRecord.ts): activities in the order
 * they were logged, pages by position, retention counted from a transcript's last activity,
 * the operator's redaction applied before anything is kept. Expired transcripts are dropped
 * when the store is next used (looked for at most once a second: a sweep at every activity
 * cost a walk over every transcript kept). Memory is bounded: past `maxActivities` the oldest
 * transcripts go first (Redis is the store for keeping transcripts at scale).
 */
import type { Activity, PagedResult, TranscriptInfo, TranscriptStore } from 'botbuilder-core';
import {
  checkedAddress,
  checkListingToken,
  fromListingKey,
  listingKey,
  pageOf,
  positionOf,
  redactedJson,
  requireIds,
  resolveTranscriptOptions,
  storedActivityJson,
  transcriptAddress,
  type KeptJsonLogger,
  type ResolvedTranscriptOptions,
  type TranscriptStoreOptions,
} from './transcriptRecord.js';

interface Kept {
  key: string;
  activities: string[];
  expiresAt: number;
}

export interface MemoryTranscriptStoreOptions extends TranscriptStoreOptions {
  /** Activities kept at most, over all transcripts; default 100,000. */
  maxActivities?: number;
}

const SWEEP_EVERY_MS = 1000;

export class HubMemoryTranscriptStore implements TranscriptStore, KeptJsonLogger {
  private readonly opts: ResolvedTranscriptOptions;
  private readonly maxActivities: number;
  /** channel id, then conversation id, to the transcript; each map oldest transcript first. */
  private readonly channels = new Map<string, Map<string, Kept>>();
  private activityCount = 0;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(opts: MemoryTranscriptStoreOptions = {}) {
    this.opts = resolveTranscriptOptions(opts);
    this.maxActivities = opts.maxActivities ?? 100_000;
    if (!(Number.isInteger(this.maxActivities) && this.maxActivities >= 1)) throw new RangeError(`transcripts: maxActivities must be a positive integer, got ${opts.maxActivities}`);
  }

  async logActivity(activity: Activity): Promise<void> {
    const { channelId, conversationId } = transcriptAddress(activity);
    const now = Date.now();
    this.keep(channelId, conversationId, storedActivityJson(activity, this.opts.redact, now), now);
  }

  async logKeptJson(channelId: string | undefined, conversationId: string | undefined, keptJson: string): Promise<void> {
    const address = checkedAddress(channelId, conversationId);
    this.keep(address.channelId, address.conversationId, redactedJson(keptJson, this.opts.redact), Date.now());
  }

  private keep(channelId: string, conversationId: string, json: string, now: number): void {
    const channel = this.channel(channelId, true)!;
    let kept = channel.get(conversationId);
    if (!kept) {
      kept = { key: listingKey(now, conversationId), activities: [], expiresAt: 0 };
      channel.set(conversationId, kept);
    }
    kept.activities.push(json);
    kept.expiresAt = now + this.opts.ttlMs;
    if (++this.activityCount > this.maxActivities) this.dropOldest(channel, conversationId);
  }

  /** Drops whole transcripts, oldest first (never the one just written), until under the bound. */
  private dropOldest(channel: Map<string, Kept>, writing: string): void {
    for (const [id, kept] of channel) {
      if (this.activityCount <= this.maxActivities) return;
      if (id === writing) continue;
      this.forget(channel, id, kept);
    }
  }

  private forget(channel: Map<string, Kept>, id: string, kept: Kept): void {
    channel.delete(id);
    this.activityCount -= kept.activities.length;
  }

  async getTranscriptActivities(channelId: string, conversationId: string, continuationToken?: string, startDate?: Date): Promise<PagedResult<Activity>> {
    requireIds(channelId, conversationId);
    const start = positionOf(continuationToken);
    const kept = this.channel(channelId)?.get(conversationId);
    // Between sweeps a transcript may be past its retention: it is gone all the same.
    const all = kept && kept.expiresAt > Date.now() ? kept.activities : [];
    return pageOf(all.slice(start, start + this.opts.pageSize), start, all.length, this.opts.pageSize, startDate);
  }

  async listTranscripts(channelId: string, continuationToken?: string): Promise<PagedResult<TranscriptInfo>> {
    requireIds(channelId);
    const after = checkListingToken(continuationToken);
    const now = Date.now();
    const keys = [...(this.channel(channelId)?.values() ?? [])].filter((k) => k.expiresAt > now).map((k) => k.key).sort();
    const rest = after === undefined ? keys : keys.filter((k) => k > after);
    const page = rest.slice(0, this.opts.pageSize);
    return {
      items: page.map((k) => fromListingKey(channelId, k)),
      continuationToken: rest.length > page.length ? page[page.length - 1] : (undefined as unknown as string),
    };
  }

  async deleteTranscript(channelId: string, conversationId: string): Promise<void> {
    requireIds(channelId, conversationId);
    const channel = this.channel(channelId);
    const kept = channel?.get(conversationId);
    if (channel && kept) this.forget(channel, conversationId, kept);
  }

  /** The channel's transcripts, those past their retention removed first. */
  private channel(channelId: string, create = false): Map<string, Kept> | undefined {
    let channel = this.channels.get(channelId);
    if (!channel) {
      if (!create) return undefined;
      channel = new Map();
      this.channels.set(channelId, channel);
    }
    const now = Date.now();
    if (now - this.lastSweep >= SWEEP_EVERY_MS || now < this.lastSweep) {
      this.lastSweep = now;
      for (const transcripts of this.channels.values()) for (const [id, kept] of transcripts) if (kept.expiresAt <= now) this.forget(transcripts, id, kept);
    }
    return channel;
  }
}
