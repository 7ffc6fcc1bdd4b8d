/**
 * The emulator's handover controls (H1): `GET/PUT /emulator/handover` reads and sets how the
 * hub answers the next transfers ({outcome, agentDelayMs, agentName}); `POST
 * /emulator/conversations/{id}/agent` plays an agent by hand ({action: join | leave |
 * unavailable}). Malformed bodies are refused with 400 and the error body.
 */
import { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { sendJson } from '../../httpServer/jsonServer.js';
import { parseBody } from '../bodyValidation.js';
import type { EmulatorContext } from '../emulatorContext.js';
import type { ConversationStore } from './conversationStore.js';
import { AGENT_ACTIONS, handoverSettingsSchema } from './handoverPlayer.js';
import type { MessageRouter } from './messageRouter.js';
import { EMULATOR_API } from './hubPaths.js';

const agentActionSchema = z.strictObject({ action: z.enum(AGENT_ACTIONS) });

export function registerHandoverRoutes(ctx: EmulatorContext, deps: { router: MessageRouter; conversations: ConversationStore }): void {
  const { app } = ctx;
  const handover = deps.router.handover;
  app.route('get', `${EMULATOR_API}/handover`, (rc) => sendJson(rc.res, 200, handover.settings));
  app.route('put', `${EMULATOR_API}/handover`, (rc) => {
    handover.settings = parseBody(handoverSettingsSchema, rc.body ?? {});
    sendJson(rc.res, 200, handover.settings);
  });
  app.route('post', `${EMULATOR_API}/conversations/:id/agent`, (rc) => {
    const conv = deps.conversations.get(rc.params.id);
    if (!conv) throw PlatformError.of('404-101', { name: `conversation ${rc.params.id}` });
    if (conv.state === 'completed') throw PlatformError.of('409-101', { reason: `conversation ${conv.id} is completed` });
    const { action } = parseBody(agentActionSchema, rc.body ?? {});
    handover.act(conv, action);
    sendJson(rc.res, 202, { action, conversationId: conv.id, state: conv.state });
  });
}
