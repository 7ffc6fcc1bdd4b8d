/**
 * What both transcript stores (memory and Redis) share: their options, what of an activity is
 * kept, and how a page of a transcript is cut (H4 of docs/platform-contract.md).
 *
 * Kept: the fields a supervisor or an agent reads (who, when, what was said or shown). Left
 * out: `channelData`, which carries the hub's raw message with the customer's contact
 * addresses. `serviceUrl` is kept: an activity reads back as botbuilder's own store gives it
 * (N9), and it names the channel's endpoint, nobody's data. Then the operator's `redact` hook runs on the copy, before
 * anything is stored, so personal data it removes never reaches the store.
 */
import type { Activity, PagedResult } from 'botbuilder-core';

/**
 * The operator's redaction: given a copy of an activity, returns what may be stored (e.g. with
 * e-mail addresses masked). It may change the copy freely.
 */
export type TranscriptRedaction = (activity: Partial<Activity>) => Partial<Activity>;

/** What the transcript stores share: retention, page size and the redaction. */
export interface TranscriptStoreOptions {
  /** Retention: a transcript is deleted this long after its last activity; default 30 days. */
  ttlSeconds?: number;
  /** Activities (and transcripts, when listing) per page; default 20, botbuilder's. */
  pageSize?: number;
  /** Applied to every activity before it is stored (mask e-mail addresses, card numbers...). */
  redact?: TranscriptRedaction;
}

export const DEFAULT_TRANSCRIPT_TTL_SECONDS = 30 * 24 * 3600;
export const DEFAULT_TRANSCRIPT_PAGE_SIZE = 20;

const KEPT_FIELDS = [
  'type', 'id', 'timestamp', 'localTimestamp', 'channelId', 'serviceUrl', 'from', 'recipient', 'conversation', 'replyToId',
  'text', 'speak', 'locale', 'name', 'value', 'attachments', 'suggestedActions', 'entities', 'membersAdded', 'membersRemoved',
] as const;

export interface ResolvedTranscriptOptions {
  ttlMs: number;
  pageSize: number;
  redact?: TranscriptRedaction;
}

export function resolveTranscriptOptions(opts: TranscriptStoreOptions = {}): ResolvedTranscriptOptions {
  const ttlSeconds = opts.ttlSeconds ?? DEFAULT_TRANSCRIPT_TTL_SECONDS;
  if (!(ttlSeconds > 0 && Number.isFinite(ttlSeconds))) throw new RangeError(`transcripts: ttlSeconds must be a positive number, got ${ttlSeconds}`);
  const pageSize = opts.pageSize ?? DEFAULT_TRANSCRIPT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`transcripts: pageSize must be a positive integer, got ${pageSize}`);
  return { ttlMs: Math.ceil(ttlSeconds * 1000), pageSize, redact: opts.redact };
}

export interface TranscriptAddress {
  channelId: string;
  conversationId: string;
}

/** Where a logged activity belongs; refused (as botbuilder's stores do) without either id. */
export function transcriptAddress(activity: Partial<Activity> | undefined): TranscriptAddress {
  if (!activity) throw new TypeError('transcripts: activity cannot be null for logActivity()');
  return checkedAddress(activity.channelId, activity.conversation?.id);
}

export function checkedAddress(channelId: string | undefined, conversationId: string | undefined): TranscriptAddress {
  if (!channelId || !conversationId) throw new TypeError('transcripts: the activity needs a channelId and a conversation id');
  return { channelId, conversationId };
}

/**
 * The two stores of this package also take an activity as HubTranscriptMiddleware snapshots it:
 * its kept fields already as JSON, timestamp set. Through `logActivity` the middleware's copy
 * would be parsed back into an object only for the store to pick and serialise it again.
 */
export interface KeptJsonLogger {
  logKeptJson(channelId: string | undefined, conversationId: string | undefined, keptJson: string): Promise<void>;
}

export function takesKeptJson(store: object): store is KeptJsonLogger {
  return typeof (store as Partial<KeptJsonLogger>).logKeptJson === 'function';
}

/** An activity's kept fields as JSON, times as Date would write them (a timestamp always). */
export function keptJsonOf(activity: Partial<Activity>, overrides?: Partial<Activity>): string {
  const kept = keptFieldsOf(activity);
  if (overrides) Object.assign(kept, overrides);
  kept.timestamp = kept.timestamp ? new Date(kept.timestamp) : new Date();
  if (kept.localTimestamp) kept.localTimestamp = new Date(kept.localTimestamp);
  return JSON.stringify(kept);
}

/** The fields of an activity a transcript keeps (a shallow pick: the values are the activity's own). */
export function keptFieldsOf(activity: Partial<Activity>): Partial<Activity> {
  const kept: Record<string, unknown> = {};
  for (const field of KEPT_FIELDS) if (activity[field] !== undefined) kept[field] = activity[field];
  return kept as Partial<Activity>;
}

/** The stored form of an activity, as JSON: kept fields only, a timestamp, then the redaction. */
export function storedActivityJson(activity: Partial<Activity>, redact: TranscriptRedaction | undefined, now: number): string {
  const kept = keptFieldsOf(activity);
  kept.timestamp ??= new Date(now);
  return redactedJson(JSON.stringify(kept), redact);
}

/**
 * A redaction that also works on an activity's JSON directly, with the same result as parsing,
 * redacting and serialising it (the customer-data mask: transcriptStoreFromConfig.ts).
 */
export type JsonRedaction = TranscriptRedaction & { onJson: (json: string) => string };

/** Kept fields as JSON, then the redaction (on a copy of its own: it may change it freely). */
export function redactedJson(keptJson: string, redact: TranscriptRedaction | undefined): string {
  if (redact && 'onJson' in redact) return (redact as JsonRedaction).onJson(keptJson);
  return redact ? JSON.stringify(redact(JSON.parse(keptJson) as Partial<Activity>)) : keptJson;
}

/** An activity read back: its times are Dates again, as botbuilder's TranscriptStore gives them. */
export function activityFromJson(json: string): Activity {
  const a = JSON.parse(json) as Activity & { timestamp?: unknown; localTimestamp?: unknown };
  if (typeof a.timestamp === 'string') a.timestamp = new Date(a.timestamp);
  if (typeof a.localTimestamp === 'string') a.localTimestamp = new Date(a.localTimestamp);
  return a;
}

/**
 * A continuation token is the position of the next activity in the transcript (as logged),
 * written in base 10. None, `null` or '' asks for the first page, as with botbuilder's
 * MemoryTranscriptStore (N2); anything else is refused rather than read as the start.
 */
export function positionOf(continuationToken: string | null | undefined): number {
  if (continuationToken === undefined || continuationToken === null || continuationToken === '') return 0;
  if (!/^\d{1,12}$/.test(continuationToken)) throw new RangeError('transcripts: this continuation token was not given by this store');
  return Number(continuationToken);
}

/**
 * One page: the activities at [start, start + pageSize) of the log, less those before
 * `startDate`. A full page carries a token (N2: more may follow, now or once more is logged);
 * following it past the end gives an empty page without one. With a startDate a page may hold
 * fewer than pageSize activities: follow the token until there is none.
 */
export function pageOf(jsons: string[], start: number, total: number, pageSize: number, startDate?: Date): PagedResult<Activity> {
  const items = jsons.map(activityFromJson).filter((a) => !startDate || (a.timestamp instanceof Date && a.timestamp.getTime() >= startDate.getTime()));
  const next = start + pageSize;
  return { items, continuationToken: next <= total ? String(next) : (undefined as unknown as string) };
}

/**
 * When a transcript was created, for its listing: the time of its first activity, as
 * botbuilder's MemoryTranscriptStore gives it (N2); the logging time when that has none.
 */
export function createdAt(timestamp: unknown, now: number): number {
  const ms = timestamp instanceof Date ? timestamp.getTime() : typeof timestamp === 'string' ? Date.parse(timestamp) : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms : now;
}

/** The created time of a transcript whose first activity arrives as kept JSON. */
export function createdAtOfJson(keptJson: string, now: number): number {
  try {
    return createdAt((JSON.parse(keptJson) as { timestamp?: unknown }).timestamp, now);
  } catch {
    return now;
  }
}

/**
 * Transcripts are listed oldest first, by the time of their first activity, then id: each has
 * a sortable key, and a listing token is the last key of a page (so a transcript deleted
 * meanwhile does not shift the next page).
 */
export function listingKey(created: number, conversationId: string): string {
  return `${String(Math.max(0, Math.round(created))).padStart(15, '0')}|${conversationId}`;
}

export function fromListingKey(channelId: string, key: string): { channelId: string; id: string; created: Date } {
  const bar = key.indexOf('|');
  return { channelId, id: key.slice(bar + 1), created: new Date(Number(key.slice(0, bar))) };
}

export function checkListingToken(continuationToken: string | null | undefined): string | undefined {
  if (continuationToken === undefined || continuationToken === null || continuationToken === '') return undefined;
  if (!/^\d{15}\|/.test(continuationToken)) throw new RangeError('transcripts: this continuation token was not given by this store');
  return continuationToken;
}

/** Refuses, at once (N2), a call without its channel id, or without the conversation id it needs. */
export function requireIds(channelId: string, ...conversationId: [] | [string]): void {
  if (!channelId) throw new TypeError('transcripts: missing channelId');
  if (conversationId.length === 1 && !conversationId[0]) throw new TypeError('transcripts: missing conversationId');
}
