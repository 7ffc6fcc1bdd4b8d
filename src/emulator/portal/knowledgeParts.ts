/**
 * The knowledge side of the emulator in one call: the portal manager and the event manager,
 * sharing one event sink so portal changes become webhook deliveries. For `hubbot emulator`:
 * `startEmulator({ parts: knowledgeParts({ webhooks: argv.webhook, eventTimeScale }) })`.
 */
import type { EmulatorPart } from '../emulatorContext.js';
import { createEventManager, eventManagerPart } from '../events/eventManagerPart.js';
import type { EventManager } from '../events/eventManager.js';
import type { WebhookTargetInput } from '../events/webhookTargets.js';
import { portalPart, type PortalPartOptions } from './portalPart.js';

export interface KnowledgePartsOptions extends Omit<PortalPartOptions, 'events'> {
  /** Webhook URLs (or targets with the secrets to sign with) that receive every tenant's events (`--webhook`, repeatable). */
  webhooks?: (string | WebhookTargetInput)[];
  /** Scales the 10 s read timeout and 30 s retry interval of deliveries (default 1). */
  eventTimeScale?: number;
  /** Use this event manager (tests keep a handle on it). */
  eventManager?: EventManager;
}

export function knowledgeParts(opts: KnowledgePartsOptions = {}): EmulatorPart[] {
  const events = opts.eventManager ?? createEventManager({ webhooks: opts.webhooks, timeScale: opts.eventTimeScale });
  return [portalPart({ ...opts, events }), eventManagerPart(events)];
}
