/**
 * How far this replica's clock is from Redis's (S20). Callback tokens are checked against the
 * replica's own clock, with `CALLBACK_CLOCK_SKEW_SECONDS` of tolerance; a replica whose clock
 * runs 120 s ahead refuses the hub's fresh tokens as not yet valid and the hub's deliveries
 * fail, with nothing saying why. Redis's clock (TIME) is the one every replica shares, so the
 * replica measures its own against it: at start-up (one warning line when it is off by more than
 * the tolerance), at each readiness check (/readyz fails and says by how much), and in the
 * `hubbot_clock_skew_seconds` gauge.
 */
import { LuaScript, type RedisScriptClient } from './luaScript.js';

/** Redis's TIME from a script: one command that routes by key on a Redis Cluster too. */
const TIME_SCRIPT = new LuaScript(`return redis.call('TIME')`);

export interface ClockSkewOptions {
  /** The shared Redis (one node or a Cluster). */
  client: RedisScriptClient;
  /** A key of the tenant (never written): where the script runs on a Cluster. */
  key: string;
  /** The tolerance of callback tokens' times, seconds. */
  toleranceSeconds: number;
  /** This replica's clock; default Date.now. */
  now?: () => number;
  /** Told of every measurement, seconds (for the gauge). */
  onMeasured?: (skewSeconds: number) => void;
}

/** An error whose message /readyz may show (it says nothing secret). */
export class ReadinessFailure extends Error {
  readonly readinessReason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'ReadinessFailure';
    this.readinessReason = reason;
  }
}

export class ClockSkew {
  private readonly now: () => number;

  constructor(private readonly opts: ClockSkewOptions) {
    this.now = opts.now ?? (() => Date.now());
  }

  /**
   * This replica's clock minus Redis's, in seconds (positive: the replica is ahead), taken at
   * the middle of the round trip (half of it is the measure's uncertainty).
   */
  async measure(): Promise<number> {
    const before = this.now();
    const [seconds, micros] = (await TIME_SCRIPT.run(this.opts.client, [this.opts.key], [])) as [string | number, string | number];
    const after = this.now();
    const redisMs = Number(seconds) * 1000 + Number(micros) / 1000;
    const skew = ((before + after) / 2 - redisMs) / 1000;
    this.opts.onMeasured?.(skew);
    return skew;
  }

  /** Why the skew is too large, or undefined when it is within the tolerance. */
  problemOf(skewSeconds: number): string | undefined {
    if (Math.abs(skewSeconds) <= this.opts.toleranceSeconds) return undefined;
    const direction = skewSeconds > 0 ? 'ahead of' : 'behind';
    return `this replica's clock is ${Math.abs(skewSeconds).toFixed(1)} s ${direction} Redis's, more than the ${this.opts.toleranceSeconds} s tokens are allowed: the hub's callbacks may be refused; synchronise the clock (NTP)`;
  }

  /** A readiness check: fails, saying why, when the clock is off by more than the tolerance. */
  async check(): Promise<void> {
    const problem = this.problemOf(await this.measure());
    if (problem) throw new ReadinessFailure(problem);
  }
}

/**
 * The start-up's measure: one warning line when the clock is off by more than the tolerance
 * (nothing when it is within; a failed measure is said too, and does not stop the start).
 */
export async function warnOfClockSkew(skew: ClockSkew, logger: { warn(obj: object, msg: string): void }): Promise<void> {
  try {
    const seconds = await skew.measure();
    const problem = skew.problemOf(seconds);
    if (problem) logger.warn({ skewSeconds: Number(seconds.toFixed(3)) }, problem);
  } catch (err) {
    logger.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message } }, "this replica's clock could not be compared with Redis's");
  }
}
