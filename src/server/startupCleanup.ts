/**
 * What a server's start-up has started so far, undone when a later step of it fails: a start-up
 * that throws hands its caller no server to stop, so whatever it opened (a Redis connection, a
 * pub/sub subscription, a timer, a listening port) would otherwise stay, keeping the process
 * alive and the subscription counted on Redis.
 */

import { answerWithin } from '../redis/answerWithin.js';

/** How long one step of the undoing may take: a Redis that went away must not hold back the start-up's error. */
const STEP_BOUND_MS = 1000;

export class StartupCleanup {
  private readonly steps: Array<() => unknown> = [];

  /**
   * Registers how to undo what was just started.
   *
   * @param step - stops or closes it; may be async
   */
  add(step: () => unknown): void {
    this.steps.push(step);
  }

  /**
   * Undoes every registered step, newest first (what started last may use what started before
   * it). A step's own failure is ignored: the caller rethrows the start-up's error, the one
   * that tells what went wrong.
   */
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      await answerWithin(Promise.resolve().then(step), STEP_BOUND_MS, 'start-up step not undone').catch(() => undefined);
    }
  }
}
