/**
 * The event manager as an emulator part: `startEmulator({ parts: [eventManagerPart(manager)] })`.
 * Webhook URLs given here (the command line's `--webhook <url>`, repeatable) are registered
 * for every tenant when the part starts.
 */
import type { EmulatorPart } from '../emulatorContext.js';
import { EventManager, type EventManagerOptions } from './eventManager.js';
import { registerEventRoutes } from './eventRoutes.js';

export interface EventManagerPartOptions extends EventManagerOptions {
  webhooks?: string[];
}

export function createEventManager(opts: EventManagerPartOptions = {}): EventManager {
  const m = new EventManager(opts);
  for (const url of opts.webhooks ?? []) m.targets.add({ url }, Date.now());
  return m;
}

export function eventManagerPart(manager: EventManager): EmulatorPart {
  return (ctx) => registerEventRoutes(ctx, manager);
}
