// A botbuilder TranscriptStore on Redis (documented on the class).
import type { Activity, PagedResult, TranscriptInfo, TranscriptStore } from 'botbuilder-core';
import { pathSegment } from '../platform/http/pathSegment.js';
import type { RedisScriptClient } from '../redis/luaScript.js';
import { tenantKey } from '../redis/tenantKey.js';
import { idFromStored, storedId } from '../redis/storedId.js';
import { DELETE_SCRIPT, LISTING_SCRIPT, LOG_SCRIPT, PAGE_SCRIPT, PRUNE_SCRIPT } from './redisTranscriptScripts.js';
import { decodeTranscriptRecord, encodeRecordWithoutServiceUrl, encodeTranscriptRecord } from './transcriptCodec.js';
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

/**
 * Where a `RedisTranscriptStore` keeps transcripts, with their retention, page size and redaction.
 */
export interface RedisTranscriptStoreOptions extends TranscriptStoreOptions {
  /** A connected node-redis client, e.g. from createRedisConnection (src/redis). */
  client: RedisScriptClient;
  /** Tenant of the keys; it is the Redis Cluster hash tag. */
  tenant: string;
}

/**
 * A botbuilder TranscriptStore on Redis, shared by every replica: a conversation's activities
 * stay in one place whichever replica ran each turn (H4 of docs/platform-contract.md). Same
 * rules as HubMemoryTranscriptStore (transcriptRecord.ts); retention is Redis's own expiry,
 * extended by each activity.
 *
 * Keys (ids URI-encoded, so a ':' in an id cannot make two transcripts share a key):
 * - `hubbot:{tenant}:transcript:<channel>:<conversation>`: the list of activities (JSON, shortened
 *   by transcriptCodec.ts; plain JSON from earlier versions reads as it is), behind a header
 *   that holds its listing key's time (redisTranscriptScripts.ts);
 * - `hubbot:{tenant}:transcript-key:<channel>:<conversation>`: the listing key of a transcript
 *   of an earlier version (one without a header), read until it expires;
 * - `hubbot:{tenant}:transcripts:<channel>`: the sorted set of listing keys;
 * - `hubbot:{tenant}:transcript-service-url:<channel>`: the channel's service URL, which records
 *   leave to it (transcriptCodec.ts), set by the first and kept for good (one key per channel).
 */
export class RedisTranscriptStore implements TranscriptStore, KeptJsonLogger {
  private readonly client: RedisScriptClient;
  private readonly tenant: string;
  private readonly opts: ResolvedTranscriptOptions;
  /** Activities waiting for the end of the tick, per transcript (its keys). */
  private readonly batches = new Map<string, { jsons: string[]; serviceUrl: string; created: number; done: Promise<void> }>();

  /**
   * @param opts - the connected client, the tenant, and retention (default 30 days), page size
   * (default 20) and redaction
   */
  constructor(opts: RedisTranscriptStoreOptions) {
    this.client = opts.client;
    this.tenant = opts.tenant;
    this.opts = resolveTranscriptOptions(opts);
    tenantKey(this.tenant); // fails now, not at the first call, on an empty tenant
  }

  /** The Redis keys of one transcript: its log, its listing key holder, its channel's index. */
  keysOf(channelId: string, conversationId: string): [string, string, string] {
    const ch = pathSegment(channelId);
    // The stored id first: pathSegment alone turns every lone surrogate into U+FFFD (S17).
    const conv = pathSegment(storedId(conversationId));
    return [tenantKey(this.tenant, 'transcript', ch, conv), tenantKey(this.tenant, 'transcript-key', ch, conv), this.indexOf(channelId)];
  }

  /**
   * What the channel's transcripts' logs and listing key holders are named by before their
   * conversation's segment: the log script builds the keys of the index's entries it prunes.
   */
  private keyPrefixesOf(channelId: string): [string, string] {
    const ch = pathSegment(channelId);
    return [tenantKey(this.tenant, 'transcript', ch, ''), tenantKey(this.tenant, 'transcript-key', ch, '')];
  }

  /** The channel's service URL, which records may leave to it (transcriptCodec.ts): set once, never expires. */
  private serviceUrlKeyOf(channelId: string): string {
    return tenantKey(this.tenant, 'transcript-service-url', pathSegment(channelId));
  }

  private indexOf(channelId: string): string {
    return tenantKey(this.tenant, 'transcripts', pathSegment(channelId));
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
    return this.logAt(activity, channelId, conversationId);
  }

  private async logAt(activity: Activity, channelId: string, conversationId: string): Promise<void> {
    const now = Date.now();
    await this.keep(channelId, conversationId, storedActivityJson(activity, this.opts.redact, now), createdAt(activity.timestamp, now));
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
    await this.keep(address.channelId, address.conversationId, redactedJson(keptJson, this.opts.redact), createdAtOfJson(keptJson, Date.now()));
  }

  /**
   * `created`: this activity's time, the transcript's creation time if it is the first (N2).
   * The activities of one transcript logged in the same tick (a turn's, which the middleware
   * writes together) go in one script call, in order: one round trip per turn instead of one
   * per activity.
   */
  private keep(channelId: string, conversationId: string, json: string, created: number): Promise<void> {
    const keys = this.keysOf(channelId, conversationId);
    const id = keys.join('\n');
    let batch = this.batches.get(id);
    if (!batch) {
      const pending = { jsons: [] as string[], serviceUrl: '', created, done: undefined as unknown as Promise<void> };
      pending.done = new Promise<void>((resolve) => queueMicrotask(resolve)).then(async () => {
        this.batches.delete(id);
        const prefixes = this.keyPrefixesOf(channelId);
        const args = [listingKey(pending.created, storedId(conversationId)), String(this.opts.ttlMs), prefixes[0], prefixes[1], pending.serviceUrl];
        await LOG_SCRIPT.run(this.client, [...keys, this.serviceUrlKeyOf(channelId)], [...args, ...pending.jsons]);
      });
      batch = pending;
      this.batches.set(id, batch);
    }
    // The service URL is left to the channel (transcriptCodec.ts) if it is the batch's: one per call.
    const lean = encodeRecordWithoutServiceUrl(json, channelId, conversationId);
    if (lean && (batch.serviceUrl === '' || batch.serviceUrl === lean.serviceUrl)) {
      batch.serviceUrl = lean.serviceUrl;
      batch.jsons.push(lean.record);
    } else {
      batch.jsons.push(encodeTranscriptRecord(json, channelId, conversationId));
    }
    return batch.done;
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
    return this.pageAt(channelId, conversationId, continuationToken, startDate);
  }

  private async pageAt(channelId: string, conversationId: string, continuationToken?: string | null, startDate?: Date): Promise<PagedResult<Activity>> {
    const start = positionOf(continuationToken);
    const [log] = this.keysOf(channelId, conversationId);
    const [total, records, serviceUrl] = (await PAGE_SCRIPT.run(this.client, [log, this.serviceUrlKeyOf(channelId)], [String(start), String(start + this.opts.pageSize - 1)])) as [number, string[], string];
    const jsons = records.map((record) => decodeTranscriptRecord(record, channelId, conversationId, serviceUrl));
    return pageOf(jsons, start, Number(total), this.opts.pageSize, startDate);
  }

  /**
   * A page of the channel's transcripts (conversation id and creation time).
   *
   * @param channelId - the channel
   * @param continuationToken - the previous page's token; none, null or '' for the first page
   */
  listTranscripts(channelId: string, continuationToken?: string | null): Promise<PagedResult<TranscriptInfo>> {
    requireIds(channelId);
    return this.listingAt(channelId, continuationToken);
  }

  private async listingAt(channelId: string, continuationToken?: string | null): Promise<PagedResult<TranscriptInfo>> {
    const index = this.indexOf(channelId);
    const items: TranscriptInfo[] = [];
    let cursor = checkListingToken(continuationToken) ?? '';
    // Listing keys of expired transcripts are pruned on the way, so a page is filled from live ones.
    for (;;) {
      const want = this.opts.pageSize - items.length;
      const keys = (await LISTING_SCRIPT.run(this.client, [index], [cursor, String(want)])) as string[];
      if (keys.length === 0) break;
      const transcripts = keys.flatMap((k) => this.keysOf(channelId, listedOf(channelId, k).id).slice(0, 2));
      const alive = (await PRUNE_SCRIPT.run(this.client, [index, ...transcripts], keys)) as number[];
      for (let i = 0; i < keys.length; i++) {
        if (Number(alive[i]) === 1) items.push(listedOf(channelId, keys[i]));
        cursor = keys[i];
      }
      // A full page carries a token, after its last transcript: more may follow (N2).
      if (items.length === this.opts.pageSize) return { items, continuationToken: cursor };
      if (keys.length < want) break;
    }
    return { items, continuationToken: undefined as unknown as string };
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
    return DELETE_SCRIPT.run(this.client, this.keysOf(channelId, conversationId), [conversationId]).then(() => undefined);
  }
}

/** A listing key's transcript, its conversation id as logged (the key holds its stored id). */
function listedOf(channelId: string, key: string): TranscriptInfo {
  const listed = fromListingKey(channelId, key);
  return { ...listed, id: idFromStored(listed.id) };
}
