/**
 * Drives a guided-help machine in a test: starts an actor, sends events, waits until the
 * machine is stable again (waiting for the customer, or finished) and returns what it emitted
 * for that event.
 */
import { createActor, waitFor, type SimulatedClock } from 'xstate';
import type { GuidedHelpMachine } from '../../dialogs/guidedHelp/guidedHelpMachine.js';
import type { GuidedHelpEvent, GuidedHelpInput, GuidedHelpOutput } from '../../dialogs/guidedHelp/guidedHelpTypes.js';

export interface Driver {
  actor: ReturnType<typeof createActor<GuidedHelpMachine>>;
  outputs: GuidedHelpOutput[];
  send(event: GuidedHelpEvent): Promise<GuidedHelpOutput[]>;
  /** Waits for stability after time moved (a SimulatedClock increment), returns what was emitted since. */
  settle(): Promise<GuidedHelpOutput[]>;
  value(): unknown;
}

export function drive(
  machine: GuidedHelpMachine,
  opts: { input?: Partial<GuidedHelpInput>; clock?: SimulatedClock; snapshot?: unknown } = {},
): Driver {
  const input: GuidedHelpInput = { conversationId: 'conv-1', lang: 'en-US', at: 0, ...opts.input };
  const actor = createActor(machine, {
    input,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.snapshot ? { snapshot: opts.snapshot as never } : {}),
  });
  const outputs: GuidedHelpOutput[] = [];
  actor.on('*', (e) => outputs.push(e));
  actor.start();
  const stable = () => waitFor(actor, (s) => s.status !== 'active' || s.hasTag('stable'), { timeout: 5000 });
  let seen = 0;
  const fresh = () => {
    const out = outputs.slice(seen);
    seen = outputs.length;
    return out;
  };
  return {
    actor,
    outputs,
    async send(event) {
      fresh();
      actor.send(event);
      await stable();
      return fresh();
    },
    async settle() {
      await stable();
      return fresh();
    },
    value: () => actor.getSnapshot().value,
  };
}
