// How long the inbox worker runs turns before it lets the event loop serve I/O.
import { performance } from 'node:perf_hooks';

/** Turn CPU in one go, at most, before callbacks waiting for their ack are served (ms). */
const YIELD_AFTER_MS = 5;

/** setImmediate as loaded, so that fake timers in a test do not stop the dispatcher. */
const realSetImmediate = setImmediate;
const yieldToIo = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/**
 * The worker's turns in slices of YIELD_AFTER_MS: a claim that answers at once (memory, or a
 * backlog) would otherwise start every free slot's turn in one go, and the hub's callbacks
 * waiting for their ack would queue behind all of those turns' CPU.
 */
export class TurnSlice {
  /** When the worker last let the event loop serve I/O. */
  private sliceStart = performance.now();

  /**
   * Lets the event loop serve I/O once turns have run for YIELD_AFTER_MS without a break. Not
   * after every turn: turns started together queue their replies together, and the outbox sends
   * those in one POST (yielding after each turn made nearly a POST per reply).
   */
  async yieldIfBusy(): Promise<void> {
    const now = performance.now();
    if (now - this.sliceStart < YIELD_AFTER_MS) return;
    await yieldToIo();
    this.sliceStart = performance.now();
  }
}
