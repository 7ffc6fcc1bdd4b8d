/**
 * A botbuilder TranscriptStore in memory (one replica, tests, the bot server without Redis),
 * with the same rules as RedisTranscriptStore (transcriptRecord.ts): activities in the order
 * they were logged, pages by position, retention counted from a transcript's last activity,
 * the operator's redaction applied before anything is kept. Expired transcripts are dropped
 * when the store is next used.
 */
import type { Activity, PagedResult, TranscriptInfo, TranscriptStore } from 'botbuilder-core';
import {
  checkListingToken,
  fromListingKey,
  listingKey,
  pageOf,
  positionOf,
  requireIds,
  resolveTranscriptOptions,
  storedActivityJson,
  transcriptAddress,
  type ResolvedTranscriptOptions,
  type TranscriptStoreOptions,
} from './transcriptRecord.js';

interface Kept {
  key: string;
  activities: string[];
  expiresAt: number;
}

export class HubMemoryTranscriptStore implements TranscriptStore {
  private readonly opts: ResolvedTranscriptOptions;
  /** channelId -> conversationId -> transcript */
  private readonly channels = new Map<string, Map<string, Kept>>();

  constructor(opts: TranscriptStoreOptions = {}) {
    this.opts = resolveTranscriptOptions(opts);
  }

  async logActivity(activity: Activity): Promise<void> {
    const { channelId, conversationId } = transcriptAddress(activity);
    const now = Date.now();
    const json = storedActivityJson(activity, this.opts.redact, now);
    const channel = this.channel(channelId, true)!;
    let kept = channel.get(conversationId);
    if (!kept) {
      kept = { key: listingKey(now, conversationId), activities: [], expiresAt: 0 };
      channel.set(conversationId, kept);
    }
    kept.activities.push(json);
    kept.expiresAt = now + this.opts.ttlMs;
  }

  async getTranscriptActivities(channelId: string, conversationId: string, continuationToken?: string, startDate?: Date): Promise<PagedResult<Activity>> {
    requireIds(channelId, conversationId);
    const start = positionOf(continuationToken);
    const kept = this.channel(channelId)?.get(conversationId);
    const all = kept?.activities ?? [];
    return pageOf(all.slice(start, start + this.opts.pageSize), start, all.length, this.opts.pageSize, startDate);
  }

  async listTranscripts(channelId: string, continuationToken?: string): Promise<PagedResult<TranscriptInfo>> {
    requireIds(channelId);
    const after = checkListingToken(continuationToken);
    const keys = [...(this.channel(channelId)?.values() ?? [])].map((k) => k.key).sort();
    const rest = after === undefined ? keys : keys.filter((k) => k > after);
    const page = rest.slice(0, this.opts.pageSize);
    return {
      items: page.map((k) => fromListingKey(channelId, k)),
      continuationToken: rest.length > page.length ? page[page.length - 1] : (undefined as unknown as string),
    };
  }

  async deleteTranscript(channelId: string, conversationId: string): Promise<void> {
    requireIds(channelId, conversationId);
    this.channel(channelId)?.delete(conversationId);
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
    for (const [id, kept] of channel) if (kept.expiresAt <= now) channel.delete(id);
    return channel;
  }
}
