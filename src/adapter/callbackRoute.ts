/**
 * The hub's callback route on the bot's restify server (issue 7). Order matters here:
 *   1. the bearer token is checked (401 with the error body otherwise, so the hub fetches a
 *      new token — spec 5.4, C9);
 *   2. the body is parsed leniently (the callback payload is not shown: we assume the batch
 *      body of platform-facts.md; `parse` overrides it);
 *   3. every message is RECORDED in the inbox; if that fails the answer is 503 so the hub
 *      tries again — never an ack for something not recorded;
 *   4. only then the ack (200), well inside the hub's 5 s; turns run after it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PlatformError } from '../errors/platformError.js';
import { sendJson, type JsonServer } from '../http/jsonServer.js';
import { header } from '../http/errorResponse.js';
import { messageBatchSchema, type HubMessage } from '../schemas/hubMessages.js';

export interface CallbackRouteOptions {
  path: string;
  authenticate: (req: IncomingMessage) => Promise<unknown>;
  /** Durably records one message; rejects when it cannot (→ 503). */
  record: (conversationId: string, item: { id: string; payload: HubMessage; receivedAt: number }) => Promise<{ duplicate: boolean }>;
  /** Overrides how a callback body becomes hub messages (shape not shown by the spec). */
  parse?: (body: unknown) => HubMessage[];
  bodyLimitBytes?: number;
  onCallback?: (outcome: 'accepted' | 'duplicate' | 'refused' | 'unavailable') => void;
  now?: () => number;
}

export function defaultCallbackParser(body: unknown): HubMessage[] {
  const parsed = messageBatchSchema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'body';
    throw PlatformError.of('400-100', { reason: `${where}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
  }
  return parsed.data.messages.message;
}

export function registerHubCallback(app: JsonServer, opts: CallbackRouteOptions): void {
  const parse = opts.parse ?? defaultCallbackParser;
  const now = opts.now ?? Date.now;
  app.route(
    'post',
    opts.path,
    async ({ req, res, body }) => {
      try {
        await opts.authenticate(req);
      } catch (err) {
        opts.onCallback?.('refused');
        throw err;
      }
      let messages: HubMessage[];
      try {
        messages = parse(body);
      } catch (err) {
        opts.onCallback?.('refused');
        throw err instanceof PlatformError ? err : PlatformError.of('400-100', { reason: 'unreadable callback' });
      }
      const conversationIds = messages.map((m, i) => {
        const id = m.conversation?.id;
        if (!id) throw PlatformError.of('400-112', { name: `messages.message[${i}].conversation.id` });
        return id;
      });
      let duplicates = 0;
      for (const [i, message] of messages.entries()) {
        try {
          // A message without an id cannot be recognised when redelivered; give it one.
          const r = await opts.record(conversationIds[i], { id: message.id ?? randomUUID(), payload: message, receivedAt: now() });
          if (r.duplicate) duplicates++;
        } catch {
          opts.onCallback?.('unavailable');
          throw PlatformError.of('503-100', { reason: 'the message could not be recorded; retry' }, { acceptLanguage: header(req, 'accept-language'), retryAfterSeconds: 1 });
        }
      }
      opts.onCallback?.(duplicates === messages.length ? 'duplicate' : 'accepted');
      sendJson(res, 200, { received: messages.length, duplicates });
    },
    { bodyLimitBytes: opts.bodyLimitBytes },
  );
}
