/**
 * The inbox worker's dispatcher sleeps between claims until something may be claimable: a new
 * item, a finished turn that freed a slot, stop, or its poll. A signal while it is awake is
 * kept, so its next sleep returns at once (nothing is missed between a claim and the sleep).
 */
export class DispatcherAlarm {
  private woken = false;
  private wake?: () => void;

  /** @param running - false once the worker stops: a sleep then returns at once */
  constructor(private readonly running: () => boolean) {}

  /** Wakes the dispatcher, or, when it is not asleep, makes its next sleep return at once. */
  signal(): void {
    if (this.wake) this.wake();
    else this.woken = true;
  }

  /** Waits for a signal (new items, a finished turn, stop) or `ms` (undefined: no time limit). */
  async sleep(ms: number | undefined): Promise<void> {
    if (this.woken || !this.running()) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      if (ms !== undefined) timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
