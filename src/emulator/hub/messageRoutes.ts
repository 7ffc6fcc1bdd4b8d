/**
 * POST /conversations/messages (answers 202 once the batch is accepted; deliveries follow)
 * and GET /conversations/{id} (C11: a completed conversation with its messages; 404 for an
 * unknown id; 409-101 while the conversation is still in progress, since the spec says the
 * operation returns a completed conversation and a client must be able to tell "not yet"
 * from "never existed").
 */
import { PlatformError } from '../../errors/platformError.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { REQUIRED_SCOPES } from '../../schemas/requiredScopes.js';
import { messageBatchSchema } from '../../schemas/hubMessages.js';
import { parseBody } from '../bodyValidation.js';
import type { EmulatorContext } from '../emulatorContext.js';
import type { Conversation, ConversationStore } from './conversationStore.js';
import { HUB_BASE } from './hubPaths.js';
import type { MessageRouter } from './messageRouter.js';
import { registerHandoverRoutes } from './handoverRoutes.js';

/** A conversation as GET /conversations/{id} (and the emulator's own API) shows it. */
export function conversationView(conv: Conversation): Record<string, unknown> {
  return {
    id: conv.id,
    state: conv.state,
    account: { id: conv.accountId },
    customer: conv.customer,
    created: conv.created,
    modified: conv.modified,
    ...(conv.completed ? { completed: conv.completed } : {}),
    messages: { message: conv.messages },
  };
}

export function registerMessageRoutes(ctx: EmulatorContext, deps: { router: MessageRouter; conversations: ConversationStore }): void {
  ctx.app.route('post', `${HUB_BASE}/conversations/messages`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'conversationmgr', template: '/conversations/messages', anyOfScopes: [...REQUIRED_SCOPES['messages.send']] });
    const batch = parseBody(messageBatchSchema, rc.body);
    const routed = deps.router.accept(caller.tenant, batch, caller.senderType);
    sendJson(rc.res, 202, { messages: routed });
  });

  ctx.app.route('get', `${HUB_BASE}/conversations/:id`, async (rc) => {
    const caller = await ctx.authorize(rc, { service: 'conversationmgr', template: '/conversations/{id}', anyOfScopes: [...REQUIRED_SCOPES['conversations.get']] });
    const conv = deps.conversations.get(rc.params.id);
    if (!conv || conv.tenant !== caller.tenant) throw PlatformError.of('404-101', { name: `conversation ${rc.params.id}` });
    if (conv.state !== 'completed') throw PlatformError.of('409-101', { reason: `conversation ${conv.id} is not completed yet` });
    sendJson(rc.res, 200, conversationView(conv));
  });
  // The emulator's own controls of what becomes of a transfer (H1).
  registerHandoverRoutes(ctx, deps);
}
