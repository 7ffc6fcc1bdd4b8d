/**
 * A trickle of live customers for the attack scenarios: a few conversations on the emulator, each
 * saying one thing at a time and waiting for the bot's answer (the hub's signed callbacks carry
 * them), so every answer's latency is measured and every message left unanswered is counted.
 */
import { setTimeout as pace } from 'node:timers/promises';
import { Customer } from './customerClient.js';

export interface TrickleResult {
  latenciesMs: number[];
  sent: number;
  /** Messages said that got no answer by the end. */
  lost: number;
}

/** The value below which 95 % of the latencies fall (nearest rank). */
export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/**
 * The trickle's progress as events, so an attack can be paced by it instead of by the clock:
 * `answers(n)` resolves once `n` more live messages have been answered.
 */
export class TrickleProgress {
  private count = 0;
  private waiters: { at: number; resolve: () => void }[] = [];

  /** Told by the trickle of each answer. */
  answered(): void {
    this.count++;
    const due = this.waiters.filter((w) => w.at <= this.count);
    this.waiters = this.waiters.filter((w) => w.at > this.count);
    for (const w of due) w.resolve();
  }

  /** Resolves when `n` more answers have come. */
  answers(n: number): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ at: this.count + n, resolve }));
  }
}

/**
 * `customers` live conversations, each saying a message every `everyMs` until `until` resolves
 * and at least `minRounds` were said; each answer is awaited up to `answerTimeoutMs`.
 */
export async function liveTrickle(
  emulatorUrl: string,
  accountAddress: string,
  opts: { customers: number; everyMs: number; minRounds: number; until: Promise<unknown>; answerTimeoutMs?: number; progress?: TrickleProgress },
): Promise<TrickleResult> {
  let done = false;
  void opts.until.finally(() => (done = true));
  const result: TrickleResult = { latenciesMs: [], sent: 0, lost: 0 };
  const one = async (n: number) => {
    const customer = await Customer.start(emulatorUrl, accountAddress, { id: `live-${n}-${Date.now()}` });
    for (let round = 1; round <= opts.minRounds || !done; round++) {
      const started = performance.now();
      await customer.say(`live ${n} round ${round}`);
      result.sent++;
      try {
        await customer.messages(round, opts.answerTimeoutMs ?? 60_000);
        result.latenciesMs.push(performance.now() - started);
        opts.progress?.answered();
      } catch {
        result.lost++;
        return;
      }
      await pace(opts.everyMs);
    }
  };
  await Promise.all(Array.from({ length: opts.customers }, (_, n) => one(n)));
  return result;
}
