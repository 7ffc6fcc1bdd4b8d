/**
 * The event manager as an emulator part: `startEmulator({ parts: [eventManagerPart(manager)] })`.
 * Webhooks given here (the command line's `--webhook <url>`, repeatable; or targets with the
 * secrets to sign with) are registered for every tenant when the part starts.
 */
import type { EmulatorPart } from '../emulatorContext.js';
import { EventManager, type EventManagerOptions } from './eventManager.js';
import { registerEventRoutes } from './eventRoutes.js';
import type { WebhookTargetInput } from './webhookTargets.js';

export interface EventManagerPartOptions extends EventManagerOptions {
  webhooks?: (string | WebhookTargetInput)[];
}

export function createEventManager(opts: EventManagerPartOptions = {}): EventManager {
  const m = new EventManager(opts);
  for (const w of opts.webhooks ?? []) m.targets.add(typeof w === 'string' ? { url: w } : w, Date.now());
  return m;
}

export function eventManagerPart(manager: EventManager): EmulatorPart {
  return (ctx) => {
    // Deliveries are the platform's calls to the bot: the inspector lists them beside the callbacks (F7).
    manager.logTo((entry) => ctx.record(entry));
    registerEventRoutes(ctx, manager);
  };
}
