/**
 * How the inspector reads the emulator's call log (GET /emulator/calls, src/emulator/callLog.ts):
 * which category an entry belongs to (for the filters), a one-line summary, and flags for what
 * a developer looks for: 429s ("throttled"), retries after a 429 or 5xx, token requests.
 */
import type { CallLogEntry } from '../../callLog.js';
import type { RateBucketState } from '../../limits/tenantRateLimiter.js';

export type Category = 'platform' | 'message' | 'callback' | 'token' | 'note' | 'detail' | 'customer' | 'emulator';

export const CATEGORIES: { id: Category; label: string; shown: boolean }[] = [
  { id: 'platform', label: 'Platform calls', shown: true },
  { id: 'message', label: 'Hub messages', shown: true },
  { id: 'callback', label: 'Callbacks and webhook deliveries to the bot', shown: true },
  { id: 'token', label: 'Callback tokens', shown: true },
  { id: 'note', label: 'Conversation and portal events', shown: true },
  { id: 'detail', label: 'Portal call details', shown: false },
  { id: 'customer', label: 'Customer side (web chat calls)', shown: false },
  { id: 'emulator', label: 'Emulator control calls and pages (their own log)', shown: false },
];

/** Paths of the emulator itself (its API, the web pages): not platform calls. */
const OWN_PATHS = /^\/(emulator|chat|inspector)(\/|$)/;
/**
 * The signed URLs the platform hands out for a file's bytes (an asset's blob, an attachment's
 * upload): served under the emulator's prefix, but platform calls, whoever makes them (F7: a
 * binary upload is shown, by its size and type, with the other platform calls).
 */
const SIGNED_FILE_PATHS = /^\/emulator\/(blobs|portal\/uploads)\//;

export function categoryOf(e: CallLogEntry): Category {
  // The emulator's control calls are kept in a log of their own (F7), apart from the conversation's.
  if (e.log === 'control') return 'emulator';
  switch (e.kind) {
    case 'call':
      return OWN_PATHS.test(String(e.path)) && !SIGNED_FILE_PATHS.test(String(e.path)) ? 'customer' : 'platform';
    case 'message':
      return 'message';
    case 'callback':
    case 'callbackFailure':
    case 'webhookDelivery':
      return 'callback';
    case 'callbackToken':
      return 'token';
    case 'portal':
      return 'detail';
    default:
      return 'note';
  }
}

export interface RowView {
  kind: string;
  /** The platform service of a call (`conversationmgr v3`), its path then shown relative to it. */
  service?: string;
  summary: string;
  status?: number;
  ms?: number;
  rate?: string;
  rateTitle?: string;
  flags: string[];
}

function str(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/**
 * The bucket's state after the call, in words a reader takes at a glance: a bucket with every
 * token is "full"; one a call just emptied is not throttled, it refills; only a refused call
 * (429) says "throttled".
 */
export function rateText(rate: RateBucketState, status?: number): string {
  const head = `bucket ${rate.ratePerSecond}/s`;
  const burst = rate.burst ?? 1;
  const wait = `${rate.nextTokenInMs} ms`;
  if (status === 429) return `${head}: empty, throttled; a token is due in ${wait}`;
  if (rate.tokens >= burst || rate.nextTokenInMs === 0) return `${head}: full (${burst} of ${burst} token${burst === 1 ? '' : 's'})`;
  if (rate.tokens === 0) return `${head}: this call took the last token; refills in ${wait}`;
  return `${head}: ${rate.tokens} of ${burst} tokens left; the next refills in ${wait}`;
}

/** `/conversation/conversationmgr/v3/channels` → service `conversationmgr v3`, path `/channels`. */
function splitService(path: string): { service?: string; path: string } {
  const m = /^\/(?:conversation|knowledge)\/([a-z]+)\/(v\d+)(\/.*)?$/.exec(path);
  if (m) return { service: `${m[1]} ${m[2]}`, path: m[3] ?? '/' };
  if (path.endsWith('/oauth2/token')) return { service: 'auth', path };
  return { path };
}

/** Fields as `name: value` words (objects as compact JSON), for an entry without its own summary: never raw one-line JSON (F7). */
export function readableFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? (Array.isArray(v) ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') : JSON.stringify(v)) : String(v)}`)
    .join('; ');
}

/** Remembers, per method + path, whether the last answer asked for a retry. */
export class RetryTracker {
  private readonly lastRetryable = new Map<string, number>();

  /** Whether this call repeats one that got 429/502/503; then records this one's status. */
  see(e: CallLogEntry): boolean {
    if (e.kind !== 'call') return false;
    const key = `${str(e.method)} ${str(e.path)}`;
    const retry = this.lastRetryable.has(key);
    const status = Number(e.status);
    if (status === 429 || status === 502 || status === 503) this.lastRetryable.set(key, status);
    else this.lastRetryable.delete(key);
    return retry;
  }
}

export function describeEntry(e: CallLogEntry, isRetry: boolean): RowView {
  const flags: string[] = [];
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === 429) flags.push('throttled');
  else if (status !== undefined && status >= 500) flags.push('5xx');
  if (isRetry) flags.push('retry');
  const ms = typeof e.ms === 'number' ? e.ms : undefined;
  switch (e.kind) {
    case 'call': {
      const { service, path } = splitService(str(e.path));
      if (path.endsWith('/oauth2/token')) flags.push('token');
      const rate = e.rate as RateBucketState | undefined;
      return { kind: 'call', service, summary: `${str(e.method)} ${path}`, status, ms, flags, ...(rate ? { rate: rateText(rate, status), rateTitle: `${rate.bucket} (${rate.plan})` } : {}) };
    }
    case 'message': {
      const m = e.message as { content?: { text?: string; quickReplies?: unknown[]; items?: unknown[] }; language?: string } | undefined;
      const extra = m?.content?.quickReplies ? ` [${m.content.quickReplies.length} quick replies]` : m?.content?.items ? ` [${m.content.items.length} items]` : '';
      const text = m?.content?.text ? ` “${m.content.text.replace(/\s+/g, ' ').slice(0, 80)}”` : '';
      return { kind: 'message', summary: `${str(e.senderType)} → ${str(e.type)}${m?.language ? ` (${m.language})` : ''}${text}${extra}`, flags };
    }
    case 'callback':
      return { kind: 'callback', summary: `POST to the ${str(e.recipient)} callback ${str(e.url)} (attempt ${str(e.attempt)}${e.duplicate ? ', duplicate' : ''})`, status, ms, flags: e.duplicate ? [...flags, 'duplicate'] : flags };
    case 'callbackFailure':
      return { kind: 'callback failed', summary: str(e.reason), status, flags: [...flags, 'failed'] };
    case 'webhookDelivery':
      return {
        kind: 'webhook',
        summary: `PUT ${str(e.eventType)} ${str(e.notificationId)} to the webhook ${str(e.url)} (attempt ${str(e.attempt)}${e.copy === 2 ? ', duplicate copy' : ''})${e.failure ? `: ${str(e.failure)}` : ''}`,
        status,
        ms,
        flags: e.failure || (status !== undefined && status !== 204) ? [...flags, 'failed'] : flags,
      };
    case 'callbackToken':
      return { kind: 'token', summary: `callback token from ${str(e.url)}${e.error ? ` failed: ${str(e.error)}` : ''}`, status, ms, flags: [...flags, 'token'] };
    case 'messageDuplicate':
      return { kind: 'duplicate', summary: `message ${str(e.messageId)} from ${str(e.senderType)} seen before: not routed again`, flags: [...flags, 'duplicate'] };
    case 'conversationStarted':
      return { kind: 'conversation', summary: `conversation ${str(e.conversationId)} started`, flags };
    case 'portal.feedback':
      return { kind: 'portal', summary: `${str(e.verb)} case ${str(e.caseId)} (solution ${str(e.solution)}) on casebase ${str(e.casebaseId)}${e.sessionClosed ? '; the session closed' : ''}`, flags };
    case 'portal.quickpick':
      return { kind: 'portal', summary: `quickpick ${str(e.quickpickId)} saved on release ${str(e.releaseId)}${e.linkToActivity ? ', linked to the activity' : ''}`, flags };
    case 'portal.resume':
      return { kind: 'portal', summary: `quickpick ${str(e.quickpickId)} resumed on casebase ${str(e.casebaseId)}`, flags };
    case 'portal.suggestion':
      return { kind: 'portal', summary: `suggestion ${str(e.suggestionId)}: ${str(e.op)}`, flags };
    default: {
      const { seq: _s, at: _a, kind, log: _l, ...rest } = e;
      return { kind, summary: readableFields(rest).slice(0, 160), flags };
    }
  }
}

/** Entries of one conversation: its own, and the calls (which carry no conversation id) made since it began. */
export function belongsTo(e: CallLogEntry, conversationId: string, startedSeq: number): boolean {
  if (typeof e.conversationId === 'string') return e.conversationId === conversationId;
  if (typeof e.path === 'string' && e.path.includes(conversationId)) return true;
  return e.kind !== 'conversationStarted' && e.seq >= startedSeq;
}
