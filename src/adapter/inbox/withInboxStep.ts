/**
 * A turn's writes that may wait for the end of its turn (its transcript), made in the same tick
 * as the worker's inbox step for the item (the complete; the release or dead letter of a failed
 * turn): on Redis, node-redis writes the commands of one tick in one socket write, so they and
 * the step share one round trip. Never later than that step, and made whatever the step's
 * outcome: they are separate commands, not a part of the step's script.
 */
import type { TurnContext } from 'botbuilder-core';

/** Where a turn run by the inbox worker finds its `InboxTurn.withStep` (a turnState key). */
export const WITH_INBOX_STEP = Symbol.for('hubbot.withInboxStep');

/**
 * Makes `write` with the inbox step of the turn's item when the turn has one, else now.
 *
 * @param context - the turn
 * @param write - issues the writes (without waiting for them)
 */
export function writeWithInboxStep(context: TurnContext, write: () => void): void {
  const withStep = context.turnState.get(WITH_INBOX_STEP) as ((write: () => void) => void) | undefined;
  if (withStep) withStep(write);
  else write();
}

/** A turn's writes held for its inbox step, by the worker (InboxTurn.withStep is `add`). */
export class StepWrites {
  private held: (() => void)[] | undefined = [];

  constructor(private readonly onError: (err: unknown) => void) {}

  readonly add = (write: () => void): void => {
    if (this.held) this.held.push(write);
    else this.run(write);
  };

  /** Makes the held writes now (the step follows in the same tick); later ones run at once. */
  flush(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const write of held) this.run(write);
  }

  private run(write: () => void): void {
    try {
      write();
    } catch (err) {
      this.onError(err);
    }
  }
}
