/**
 * The customer side of the emulator (its own API, not the platform's): what a channel would
 * do for a real customer. Used by end-to-end tests and by the web chat page.
 *
 * - POST /emulator/conversations `{accountId? | accountAddress?, customer?: {id?, name?}, language?}`
 *   opens a conversation on an account (the only account when there is one) → 201 `{id, accountId}`,
 *   and signals it to the bot as the hub is assumed to (N4, hub/conversationStartSignal.ts): a
 *   `customer.info` with the customer's name and the language (given, else the account's), so
 *   the bot greets before the customer types (U1).
 * - POST /emulator/conversations/{id}/messages `{text}` or `{type, content}` sends a customer
 *   message, checked and routed like any hub message (C5: a type a customer may not send is
 *   refused with 400-120) → 202. An optional `id` is the message's: sent again (the web chat
 *   page after a lost connection, U8) it is answered 202 and not routed twice. An optional
 *   `language` (`fr-FR`) becomes the message's
 *   `language`, which the bot sees as the activity's locale. A message without one carries the
 *   conversation's language (the last one a message gave), else the account's
 *   chatConfigurations.defaultLanguage (U2): a French customer whose channel sends no language
 *   is still spoken to in French.
 * - POST /emulator/conversations/{id}/assets `{name?, contentType, size}` declares a file the
 *   customer attaches (N5), in the conversation's tenant, as POST /assets does → 201 with the
 *   asset's `id` and a signed upload `contentUrl` (PUT the bytes there); a message whose content
 *   names `{assetId}` then carries it to the bot.
 * - GET /emulator/conversations/{id}/received?since=N&waitMs=M (M at most 60,000) long-polls what the customer
 *   received after cursor N → `{events, next}`; GET .../stream streams it (server-sent events,
 *   resumable with Last-Event-ID or ?since=N).
 * - GET /emulator/conversations and GET /emulator/conversations/{id}: every conversation, in
 *   any state, for the inspector.
 * - GET /emulator/accounts: the accounts a customer can start a conversation on (the web chat's
 *   account picker): id, name, address, tenant, default language.
 */
import { PlatformError } from '../../errors/platformError.js';
import { header } from '../../httpServer/errorResponse.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { parseBody, parseQuery } from '../bodyValidation.js';
import type { DeclareAsset } from '../assets/assetRoutes.js';
import { assetDeclarationSchema } from '../../schemas/resourceSchemas.js';
import type { EmulatorContext } from '../emulatorContext.js';
import { accountDefaultLanguage } from '../hub/conversationStartSignal.js';
import type { Conversation, ConversationStore } from '../hub/conversationStore.js';
import { EMULATOR_API } from '../hub/hubPaths.js';
import type { MessageRouter } from '../hub/messageRouter.js';
import { conversationView } from '../hub/messageRoutes.js';
import type { ResourceStores } from '../hub/setupRoutes.js';
import { z } from 'zod';

const MAX_WAIT_MS = 60_000;

// The emulator's own bodies and queries are strict (F8): a misspelt key (`langauge`) is a 400
// naming it, not a setting silently left out. A message's `content` stays open: it is the
// hub message's content, rich messages included.
const startSchema = z.strictObject({
  accountId: z.string().optional(),
  accountAddress: z.string().optional(),
  customer: z.strictObject({ id: z.string().optional(), name: z.string().optional() }).optional(),
  language: z.string().min(2).max(35).optional(),
});

const customerMessageSchema = z.strictObject({
  /** The sender's own id for the message: sent again after a lost answer, it is not routed twice (U8). */
  id: z.string().min(1).max(100).optional(),
  text: z.string().optional(),
  type: z.union([z.string(), z.looseObject({ value: z.string() })]).optional(),
  content: z.looseObject({}).optional(),
  language: z.string().min(2).max(35).optional(),
});

/** A file the customer attaches: what `POST /assets` takes, and nothing else. */
const customerAssetSchema = z.strictObject(assetDeclarationSchema.shape);

/** `?since=N&waitMs=M`: a cursor, and a wait of at most a minute. */
const receivedQuerySchema = z.strictObject({
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  waitMs: z.coerce.number().int().min(0).max(MAX_WAIT_MS).optional(),
});
const streamQuerySchema = receivedQuerySchema.pick({ since: true });

export function registerCustomerRoutes(ctx: EmulatorContext, deps: { stores: ResourceStores; conversations: ConversationStore; router: MessageRouter; declareAsset: DeclareAsset }): void {
  const { app } = ctx;
  const base = `${EMULATOR_API}/conversations`;
  /** The language a conversation's messages last gave (kept as long as the conversation is). */
  const spoken = new WeakMap<Conversation, string>();
  const accountLanguage = (conv: Conversation): string | undefined => accountDefaultLanguage(deps.stores.accounts, conv.accountId);
  const conversation = (id: string): Conversation => {
    const conv = deps.conversations.get(id);
    if (!conv) throw PlatformError.of('404-101', { name: `conversation ${id}` });
    return conv;
  };

  app.route('post', base, (rc) => {
    const body = parseBody(startSchema, rc.body ?? {});
    const accounts = deps.stores.accounts.all();
    const account =
      body.accountId !== undefined ? deps.stores.accounts.find(body.accountId)
      : body.accountAddress !== undefined ? accounts.find((a) => a.doc.address === body.accountAddress)
      : accounts.length === 1 ? accounts[0]
      : undefined;
    if (!account) {
      if (body.accountId === undefined && body.accountAddress === undefined) throw PlatformError.of('400-112', { name: 'accountId' });
      throw PlatformError.of('400-113', { resource: 'account', id: body.accountId ?? body.accountAddress ?? '' });
    }
    const conv = deps.conversations.create({ tenant: account.tenant, accountId: account.id, customer: body.customer });
    ctx.record({ kind: 'conversationStarted', conversationId: conv.id, accountId: account.id, tenant: account.tenant });
    if (body.language) spoken.set(conv, body.language);
    deps.router.signalStart(conv, body.language);
    sendJson(rc.res, 201, { id: conv.id, accountId: account.id, customer: conv.customer });
  });

  app.route('get', `${EMULATOR_API}/accounts`, (rc) => {
    const account = deps.stores.accounts.all().map((a) => {
      const doc = a.doc as { name?: unknown; address?: unknown; chatConfigurations?: { defaultLanguage?: unknown } };
      return { id: a.id, tenant: a.tenant, name: doc.name, address: doc.address, defaultLanguage: doc.chatConfigurations?.defaultLanguage };
    });
    sendJson(rc.res, 200, { account });
  });

  app.route('get', base, (rc) => {
    sendJson(rc.res, 200, { conversation: deps.conversations.list().map((c) => ({ id: c.id, state: c.state, accountId: c.accountId, tenant: c.tenant, created: c.created, modified: c.modified, messageCount: c.messages.length })) });
  });

  app.route('get', `${base}/:id`, (rc) => {
    const conv = conversation(rc.params.id);
    sendJson(rc.res, 200, { ...conversationView(conv), tenant: conv.tenant, received: conv.received });
  });

  app.route('post', `${base}/:id/messages`, (rc) => {
    const conv = conversation(rc.params.id);
    const body = parseBody(customerMessageSchema, rc.body);
    const type = typeof body.type === 'string' ? body.type : (body.type?.value ?? 'text');
    const content = body.content ?? (body.text !== undefined ? { text: body.text } : undefined);
    if (content === undefined && type === 'text') throw PlatformError.of('400-112', { name: 'text' });
    if (body.language) spoken.set(conv, body.language);
    const language = body.language ?? spoken.get(conv) ?? accountLanguage(conv);
    const message = {
      ...(body.id ? { id: body.id } : {}),
      sender: { type: 'customer', id: conv.customer.id, ...(conv.customer.name ? { name: conv.customer.name } : {}) },
      type: { value: type },
      ...(content ? { content } : {}),
      conversation: { id: conv.id },
      ...(language ? { language } : {}),
    };
    const routed = deps.router.accept(conv.tenant, { messages: { message: [message] } });
    sendJson(rc.res, 202, { messages: routed });
  });

  app.route('post', `${base}/:id/assets`, (rc) => {
    const conv = conversation(rc.params.id);
    if (conv.state === 'completed') throw PlatformError.of('409-101', { reason: `conversation ${conv.id} is completed` });
    sendJson(rc.res, 201, deps.declareAsset(conv.tenant, parseBody(customerAssetSchema, rc.body ?? {})));
  });

  app.route('get', `${base}/:id/received`, async (rc) => {
    const conv = conversation(rc.params.id);
    const q = parseQuery(receivedQuerySchema, rc.query);
    const since = q.since ?? 0;
    const waitMs = q.waitMs ?? 0;
    const aborted = new AbortController();
    // The response's 'close' (not the request's) says the client went away before the answer.
    rc.res.once('close', () => aborted.abort());
    const events = await deps.conversations.waitForEvents(conv, since, waitMs, aborted.signal);
    if (aborted.signal.aborted) return;
    sendJson(rc.res, 200, { events, next: since + events.length, state: conv.state });
  });

  app.route('get', `${base}/:id/stream`, (rc) => {
    const conv = conversation(rc.params.id);
    const since = Math.max(0, Number(header(rc.req, 'last-event-id') ?? parseQuery(streamQuerySchema, rc.query).since ?? 0) || 0);
    rc.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    // Send the headers now: the client's EventSource opens on them, not on the first event.
    rc.res.flushHeaders();
    const write = (e: { seq: number; kind: string }) => rc.res.write(`id: ${e.seq}\nevent: ${e.kind}\ndata: ${JSON.stringify(e)}\n\n`);
    for (const e of deps.conversations.eventsSince(conv, since)) write(e);
    const unsubscribe = deps.conversations.subscribe(conv.id, write);
    // A comment line now and then keeps proxies from closing an idle stream.
    const keepAlive = setInterval(() => rc.res.write(': keep-alive\n\n'), 15_000);
    rc.res.once('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });
}
