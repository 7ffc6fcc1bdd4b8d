/**
 * The hub's callback as a plain Node handler, `(req, res) => Promise<void>`, for a developer who
 * runs their own server (express, restify, Node's http, a serverless wrapper): mount it on the
 * callback path and it gives the same guarantees as the bot server's own route.
 *
 *   1. The bearer token is checked from the headers, before a byte of the body is read (401
 *      with the error body otherwise, so the hub fetches a new token: C9, S1).
 *   2. The body is read within its limit (413) and parsed leniently (`parse` overrides the
 *      assumed batch shape; 400 when unreadable).
 *   3. Every message is recorded in the inbox; if that fails the answer is 503 so the hub tries
 *      again: never an ack for something not recorded.
 *   4. Only then the ack (200). The turns run afterwards, from the inbox, on whichever replica
 *      claims the conversation, which is why the bot is fixed when the pipeline is built rather
 *      than passed with each request as botbuilder's `CloudAdapter.process(req, res, logic)` is.
 *
 * A framework that already parsed the JSON body (express.json()) is accepted: its `req.body`
 * is used as it is, but the token check then comes after the read; mount the handler before
 * any body parser to keep rule S1.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { header, sendErrorBody } from '../httpServer/errorResponse.js';
import { DEFAULT_BODY_LIMIT_BYTES, readJsonBody } from '../httpServer/jsonBody.js';
import type { UnauthenticatedCap } from '../httpServer/unauthenticatedCap.js';
import { messageBatchSchema, type HubMessage } from '../schemas/hubMessages.js';
import { fastReaderOf } from '../schemas/fastReader.js';
import type { PendingRevocationCheck } from '../authentication/revocationStore.js';
import { messageIdOf } from './messageIds.js';
import { startSpan, traceContextOf, traceparentOf, withTraceContext, type PipelineSpan } from '../observability/tracing.js';

/**
 * How the callback handler answered one callback, as reported to `onCallback`: `accepted`
 * (recorded, 200), `duplicate` (every message already recorded, 200), `refused` (401, 400, 413 or
 * 429) or `unavailable` (503: shutting down, or the inbox could not record).
 */
export type CallbackOutcome = 'accepted' | 'duplicate' | 'refused' | 'unavailable';

/**
 * What `createHubCallbackHandler` needs: how to check the hub's token and where to record messages;
 * the rest has defaults.
 */
export interface HubCallbackHandlerOptions {
  /** Verifies the hub's token from the request headers; rejects with a 401 PlatformError. */
  authenticate: (req: IncomingMessage) => Promise<unknown>;
  /**
   * Durably records one message; rejects when it cannot (→ 503). With `revokedKey` (only when
   * `recordChecksRevocation` said yes) it records nothing and answers `revoked` when that key
   * exists: the token's revocation checked in the same write.
   */
  record: (conversationId: string, item: { id: string; payload: HubMessage; receivedAt: number; traceparent?: string }, opts?: { revokedKey?: string }) => Promise<{ duplicate: boolean; revoked?: boolean }>;
  /**
   * Whether `record` can check a token's revocation key with its write (a Redis inbox whose keys
   * share that key's hash tag), for an authenticator that leaves the check to the handler
   * (`VerifiedCaller.revocation`); otherwise the handler checks before reading the body.
   */
  recordChecksRevocation?: (key: string) => boolean;
  /** Overrides how a callback body becomes hub messages (the shape is assumed, see docs/platform-contract.md). */
  parse?: (body: unknown) => HubMessage[];
  /**
   * The largest callback body read, in bytes; a larger one gets 413 before it is read. Default 1
   * MiB.
   */
  bodyLimitBytes?: number;
  /** Told how each callback was answered (the bot server counts them in its metrics). */
  onCallback?: (outcome: CallbackOutcome) => void;
  /** The clock stamped on recorded messages (ms since the epoch); default `Date.now`. */
  now?: () => number;
  /** False while the replica shuts down: callbacks get 503 with Retry-After, for another replica (T7). */
  admitting?: () => boolean;
  /** Cap on callbacks per address whose token is still being checked; beyond it 429 from the headers (S1). */
  unauthenticated?: UnauthenticatedCap;
}

/**
 * A plain Node request handler for the hub's callback: mount it on the callback path of any server
 * (express, restify, Node's http). It always answers; it never rejects.
 */
export type HubCallbackHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const readBatchFast = fastReaderOf(messageBatchSchema);

/**
 * Reads a callback body in the batch shape the contract assumes (`messages.message[]`) and returns
 * its messages. Pass your own `parse` to the handler when your hub's body differs.
 *
 * @param body - the parsed JSON body of the callback
 * @returns the hub messages it carries, in order
 * @throws PlatformError 400-100 naming the first field that does not fit
 */
export function defaultCallbackParser(body: unknown): HubMessage[] {
  // The well-formed batch without zod's cost, with zod's result; anything else is zod's to read.
  const fast = readBatchFast(body);
  if (fast) return fast.messages.message;
  const parsed = messageBatchSchema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'body';
    throw PlatformError.of('400-100', { reason: `${where}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
  }
  return parsed.data.messages.message;
}

/** The revocation check an authenticator left to the handler (`VerifiedCaller.revocation`), if any. */
function revocationOf(caller: unknown): PendingRevocationCheck | undefined {
  return typeof caller === 'object' && caller !== null ? (caller as { revocation?: PendingRevocationCheck }).revocation : undefined;
}

/** The body a framework already read and parsed, if it did. */
function preParsedBody(req: IncomingMessage): { body: unknown } | undefined {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  return req.readableEnded && body !== undefined ? { body } : undefined;
}

/**
 * Makes the hub's callback handler for a server of your own; it gives the bot server's guarantees:
 * token checked before the body is read, body limit, every message recorded before the 200, never
 * an acknowledgement for what was not recorded.
 *
 * @param opts - the token check, the recorder, and optional parser, limits and hooks
 * @returns the handler to mount on the callback path
 */
export function createHubCallbackHandler(opts: HubCallbackHandlerOptions): HubCallbackHandler {
  const parse = opts.parse ?? defaultCallbackParser;
  const now = opts.now ?? Date.now;
  const limit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;

  async function accept(req: IncomingMessage, res: ServerResponse, span: PipelineSpan): Promise<void> {
    const tell = (outcome: CallbackOutcome) => {
      if (span.recording) span.set({ 'hubbot.callback.outcome': outcome });
      opts.onCallback?.(outcome);
    };
    if (opts.admitting && !opts.admitting()) {
      tell('unavailable');
      throw PlatformError.of('503-100', { reason: 'this replica is shutting down; retry' }, { acceptLanguage: header(req, 'accept-language'), retryAfterSeconds: 1 });
    }
    // A declared size over the limit is refused at once: nothing to authenticate or read.
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) throw PlatformError.of('413-100', { limit }, { acceptLanguage: header(req, 'accept-language') });
    let release: (() => void) | undefined;
    let pending: PendingRevocationCheck | undefined;
    let revokedKey: string | undefined;
    try {
      release = opts.unauthenticated?.admit(req, res);
      pending = revocationOf(await opts.authenticate(req));
      // The token's revocation rides the append when the inbox can check it (one Redis round
      // trip for both); otherwise it is checked now, before a byte of the body is read.
      if (pending?.key !== undefined && opts.recordChecksRevocation?.(pending.key)) revokedKey = pending.key;
      else await pending?.check();
    } catch (err) {
      tell('refused');
      throw err;
    } finally {
      release?.();
    }
    // A callback refused before its append (its body unreadable, no message in it) gets the
    // answer it got when the token was checked first: the 401 of a revoked token comes first.
    const checkNow = async () => {
      if (revokedKey === undefined) return;
      revokedKey = undefined;
      await pending!.check().catch((err: unknown) => {
        tell('refused');
        throw err;
      });
    };
    let messages: HubMessage[];
    let conversationIds: string[];
    try {
      const body = preParsedBody(req)?.body ?? (await readJsonBody(req, limit));
      try {
        messages = parse(body);
      } catch (err) {
        await checkNow();
        tell('refused');
        throw err instanceof PlatformError ? err : PlatformError.of('400-100', { reason: 'unreadable callback' });
      }
      // Every message names its conversation, or none is recorded (plain loops: this runs per callback).
      conversationIds = new Array(messages.length);
      for (let i = 0; i < messages.length; i++) {
        const id = messages[i].conversation?.id;
        if (!id) throw PlatformError.of('400-112', { name: `messages.message[${i}].conversation.id` });
        conversationIds[i] = id;
      }
    } catch (err) {
      await checkNow();
      throw err;
    }
    if (messages.length === 0) await checkNow();
    let duplicates = 0;
    const traceparent = traceparentOf(span.context);
    if (span.recording) span.set({ 'hubbot.callback.messages': messages.length });
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i];
      let r: { duplicate: boolean; revoked?: boolean };
      try {
        // A message without an id gets one derived from what it says (S7), so the hub's resend
        // of it (after a 503, say) is recognised rather than handled twice.
        const item: Parameters<HubCallbackHandlerOptions['record']>[1] = { id: messageIdOf(conversationIds[i], message), payload: message, receivedAt: now() };
        // The callback's trace context goes with the item: the turn joins this trace (O4).
        if (traceparent) item.traceparent = traceparent;
        r = await opts.record(conversationIds[i], item, revokedKey === undefined ? undefined : { revokedKey });
      } catch {
        tell('unavailable');
        throw PlatformError.of('503-100', { reason: 'the message could not be recorded; retry' }, { acceptLanguage: header(req, 'accept-language'), retryAfterSeconds: 1 });
      }
      if (r.revoked) {
        tell('refused');
        throw pending!.refusal();
      }
      if (r.duplicate) duplicates++;
    }
    tell(duplicates === messages.length ? 'duplicate' : 'accepted');
    const answer = JSON.stringify({ received: messages.length, duplicates });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  }

  return async (req, res) => {
    // From the request to its answer (the ack); a hub that sends a traceparent is its parent.
    const span = startSpan('hubbot.callback', { kind: 'server', parent: traceContextOf(req.headers.traceparent), attributes: { 'http.request.method': req.method } });
    try {
      await withTraceContext(span.context, () => accept(req, res, span));
    } catch (err) {
      sendErrorBody(req, res, err);
    }
    if (span.recording) span.set({ 'http.response.status_code': res.statusCode });
    if (res.statusCode >= 500) span.fail(new Error(`status ${res.statusCode}`));
    else span.end();
  };
}
