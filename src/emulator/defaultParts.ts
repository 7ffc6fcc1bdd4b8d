/**
 * The parts `hubbot emulator` and the local stack start beside the conversation hub: the
 * knowledge portal and the event manager (src/emulator/portal, src/emulator/events), and the
 * web chat and inspector pages (src/emulator/web). Tests
 * pick their own parts through `startEmulator({ parts })`.
 */
import type { EmulatorPart } from './emulatorContext.js';
import type { WebhookTargetInput } from './events/webhookTargets.js';
import { knowledgeParts } from './portal/knowledgeParts.js';
import { webChatPart } from './web/webChatPart.js';

/** What the default parts are set up with. */
export interface DefaultPartsOptions {
  /** Webhook URLs (or targets with the secrets to sign with) that receive every tenant's knowledge events. */
  webhooks?: (string | WebhookTargetInput)[];
  /** Scales the event manager's 10 s read timeout and 30 s retry interval. */
  eventTimeScale?: number;
}

/**
 * The parts `hubbot emulator` and the local stack start beside the hub: the knowledge portal, the
 * event manager, and the web chat and inspector pages. Pass them to `startEmulator` as its
 * `parts` option.
 *
 * @param opts - the event manager's webhooks and time scale
 */
export function defaultParts(opts: DefaultPartsOptions = {}): EmulatorPart[] {
  return [...knowledgeParts({ webhooks: opts.webhooks, eventTimeScale: opts.eventTimeScale }), webChatPart()];
}
