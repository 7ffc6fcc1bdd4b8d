// A botbuilder TranscriptStore in memory (documented on the class).
import type { Activity, PagedResult, TranscriptInfo, TranscriptStore } from 'botbuilder-core';
import {
  checkedAddress,
  checkListingToken,
  createdAt,
  createdAtOfJson,
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

/** Retention, page size, redaction and the memory bound of a `HubMemoryTranscriptStore`. */
export interface MemoryTranscriptStoreOptions extends TranscriptStoreOptions {
  /** Activities kept at most, over all transcripts; default 100,000. */
  maxActivities?: number;
}

const SWEEP_EVERY_MS = 1000;

/**
 * A botbuilder TranscriptStore in memory (one replica, tests, the bot server without Redis),
 * with the same rules as RedisTranscriptStore (transcriptRecord.ts): activities in the order
 * they were logged, pages by position, retention counted from a transcript's last activity,
 * the operator's redaction applied before anything is kept. Expired transcripts are dropped
 * when the store is next used (looked for at most once a second: a sweep at every activity
 * cost a walk over every transcript kept). Memory is bounded: past `maxActivities` the oldest
 * transcripts go first (Redis is the store for keeping transcripts at scale).
 */
export class HubMemoryTranscriptStore implements TranscriptStore, KeptJsonLogger {
  private readonly opts: ResolvedTranscriptOptions;
  private readonly maxActivities: number;
  /** channel id, then conversation id, to the transcript; each map oldest transcript first. */
  private readonly channels = new Map<string, Map<string, Kept>>();
  private activityCount = 0;
  private lastSweep = Number.NEGATIVE_INFINITY;

  /**
   * @param opts - retention (default 30 days), page size (default 20), redaction, and
   * `maxActivities` (default 100,000)
   * @throws RangeError when `maxActivities` is not a positive integer
   */
  constructor(opts: MemoryTranscriptStoreOptions = {}) {
    this.opts = resolveTranscriptOptions(opts);
    this.maxActivities = opts.maxActivities ?? 100_000;
    if (!(Number.isInteger(this.maxActivities) && this.maxActivities >= 1)) throw new RangeError(`transcripts: maxActivities must be a positive integer, got ${opts.maxActivities}`);
  }

  /**
   * Keeps one activity at the end of its conversation's transcript, after the redaction;
   * botbuilder's `TranscriptLogger` method.
   *
   * @param activity - the activity, with its channel and conversation ids
   * @throws Error when the activity has no channel id or no conversation id
   */
  logActivity(activity: Activity): Promise<void> {
    // Argument errors are thrown, not returned as a rejection: as botbuilder's reference does (N9).
    const { channelId, conversationId } = transcriptAddress(activity);
    return settled(() => {
      const now = Date.now();
      this.keep(channelId, conversationId, storedActivityJson(activity, this.opts.redact, now), now, () => createdAt(activity.timestamp, now));
    });
  }

  /**
   * Keeps an activity the transcript middleware already reduced to JSON (its kept fields), after
   * the redaction: the middleware's fast path, not for a bot's own use.
   *
   * @param channelId - the activity's channel
   * @param conversationId - the activity's conversation
   * @param keptJson - the activity's kept fields as JSON
   */
  async logKeptJson(channelId: string | undefined, conversationId: string | undefined, keptJson: string): Promise<void> {
    const address = checkedAddress(channelId, conversationId);
    const now = Date.now();
    this.keep(address.channelId, address.conversationId, redactedJson(keptJson, this.opts.redact), now, () => createdAtOfJson(keptJson, now));
  }

  /** `created` is asked only for a new transcript: the time of its first activity. */
  private keep(channelId: string, conversationId: string, json: string, now: number, created: () => number): void {
    const channel = this.channel(channelId, true)!;
    let kept = channel.get(conversationId);
    if (!kept) {
      kept = { key: listingKey(created(), conversationId), activities: [], expiresAt: 0 };
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

  /**
   * A page of a conversation's activities, oldest first.
   *
   * @param channelId - the channel, `conversation-hub` for the hub
   * @param conversationId - the conversation
   * @param continuationToken - the previous page's token; none, null or '' for the first page
   * @param startDate - leaves out activities before this time
   * @returns the page, and a continuation token while more follow
   */
  getTranscriptActivities(channelId: string, conversationId: string, continuationToken?: string | null, startDate?: Date): Promise<PagedResult<Activity>> {
    requireIds(channelId, conversationId);
    return settled(() => {
      const start = positionOf(continuationToken);
      const kept = this.channel(channelId)?.get(conversationId);
      // Between sweeps a transcript may be past its retention: it is gone all the same.
      const all = kept && kept.expiresAt > Date.now() ? kept.activities : [];
      return pageOf(all.slice(start, start + this.opts.pageSize), start, all.length, this.opts.pageSize, startDate);
    });
  }

  /**
   * A page of the channel's transcripts (conversation id and creation time).
   *
   * @param channelId - the channel
   * @param continuationToken - the previous page's token; none, null or '' for the first page
   */
  listTranscripts(channelId: string, continuationToken?: string | null): Promise<PagedResult<TranscriptInfo>> {
    requireIds(channelId);
    return settled(() => this.listing(channelId, continuationToken));
  }

  private listing(channelId: string, continuationToken?: string | null): PagedResult<TranscriptInfo> {
    const after = checkListingToken(continuationToken);
    const now = Date.now();
    const keys = [...(this.channel(channelId)?.values() ?? [])].filter((k) => k.expiresAt > now).map((k) => k.key).sort();
    const rest = after === undefined ? keys : keys.filter((k) => k > after);
    const page = rest.slice(0, this.opts.pageSize);
    return {
      items: page.map((k) => fromListingKey(channelId, k)),
      // A full page carries a token: more may follow (N2).
      continuationToken: page.length === this.opts.pageSize ? page[page.length - 1] : (undefined as unknown as string),
    };
  }

  /**
   * Deletes a conversation's transcript at once, before its retention ends (a customer's erasure
   * request, say).
   *
   * @param channelId - the channel
   * @param conversationId - the conversation
   */
  deleteTranscript(channelId: string, conversationId: string): Promise<void> {
    requireIds(channelId, conversationId);
    return settled(() => {
      const channel = this.channel(channelId);
      const kept = channel?.get(conversationId);
      if (channel && kept) this.forget(channel, conversationId, kept);
    });
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

/** The work's result as a promise; an error of the work itself (a redaction that throws) rejects it. */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (err) {
    return Promise.reject(err);
  }
}
