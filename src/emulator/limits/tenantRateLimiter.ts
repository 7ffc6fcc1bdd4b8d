/**
 * The platform's rate limits as the emulator applies them (spec 8): one token bucket per
 * tenant per service version per method + path template (L2), refilling at the rate of the
 * tenant's plan from the section-8 table (L3, L4). Over the rate: 429-001 (E2).
 *
 * The bucket is GCRA with a burst of one: it keeps the theoretical arrival time (TAT) of the
 * next allowed call; a call is allowed when it comes no earlier than TAT, and then moves TAT
 * one interval on. Burst one is the strictest reading of "refills at the rate" and is what a
 * client throttling to the table values (L6) produces, so a client that bursts is caught here.
 *
 * `burst` (default 1) lets a bucket hold more than one token, for setups that want to allow
 * short bursts (tests that fire calls in parallel use it); the long-run rate is unchanged.
 *
 * Tolerance: a client pacing exactly at the rate sends each call one interval after the last,
 * but its timer may fire a few ms early and the network reorders by a few ms. A call up to
 * `toleranceMs` (default 50 ms, never more than a quarter of the interval) before TAT is
 * allowed. TAT still advances from TAT, not from the early arrival, so tolerance absorbs
 * jitter without raising the long-run rate above the table's.
 */
import { tooManyRequests } from '../../errors/platformError.js';
import { bucketKeyFor, intervalMsFor, rateFor, type RatePlan, type ServiceName, type Version } from '../../rates/rateLookup.js';

export const DEFAULT_TOLERANCE_MS = 50;

export interface RateCall {
  tenant: string;
  service: ServiceName;
  version: Version;
  method: string;
  /** Path template relative to the service base, e.g. `/assets/{id}`. */
  template: string;
}

/** What the inspector shows of one bucket after a call (never anything secret). */
export interface RateBucketState {
  /** `service/version METHOD /template`: one bucket per tenant. */
  bucket: string;
  plan: string;
  ratePerSecond: number;
  /** Tokens in the bucket now, 0 up to the burst size. */
  tokens: number;
  /** Tokens the bucket holds when full (the burst size). */
  burst: number;
  /** Milliseconds until the next call would be accepted (0: now). */
  nextTokenInMs: number;
}

export class TenantRateLimiter {
  /** Per tenant, the theoretical arrival time of each bucket. */
  private readonly tat = new Map<string, Map<string, number>>();
  private readonly tenantPlans = new Map<string, RatePlan>();

  constructor(
    private readonly now: () => number,
    private defaultPlan: RatePlan = 'Enterprise',
    private readonly toleranceMs = DEFAULT_TOLERANCE_MS,
    private readonly burst = 1,
  ) {}

  /** The plan of every tenant without a plan of its own. A plan change starts the buckets afresh. */
  setDefaultPlan(plan: RatePlan): void {
    this.defaultPlan = plan;
    this.tat.clear();
  }

  setTenantPlan(tenant: string, plan: RatePlan | undefined): void {
    if (plan === undefined) this.tenantPlans.delete(tenant);
    else this.tenantPlans.set(tenant, plan);
    this.tat.delete(tenant);
  }

  /** The default plan and the tenants with a plan of their own. */
  plans(): { default: RatePlan; tenants: Record<string, RatePlan> } {
    return { default: this.defaultPlan, tenants: Object.fromEntries(this.tenantPlans) };
  }

  planOf(tenant: string): RatePlan {
    return this.tenantPlans.get(tenant) ?? this.defaultPlan;
  }

  /** Takes a token for the call, or throws 429-001 with the seconds until the next token. */
  take(call: RateCall): void {
    const { interval, key } = this.bucketOf(call);
    let buckets = this.tat.get(call.tenant);
    if (!buckets) this.tat.set(call.tenant, (buckets = new Map()));
    const now = this.now();
    const tat = buckets.get(key) ?? now;
    const tolerance = Math.min(this.toleranceMs, interval / 4);
    const earliest = tat - (this.burst - 1) * interval - tolerance;
    if (now < earliest) throw tooManyRequests((earliest + tolerance - now) / 1000);
    buckets.set(key, Math.max(tat, now) + interval);
  }

  /** The bucket of the call as it stands (read only): for the inspector's call log. */
  state(call: RateCall): RateBucketState {
    const { rate, interval, key } = this.bucketOf(call);
    const now = this.now();
    const tat = this.tat.get(call.tenant)?.get(key) ?? now;
    const debt = Math.max(0, tat - now);
    const plan = this.planOf(call.tenant);
    return {
      bucket: key,
      plan: typeof plan === 'string' ? plan : plan.name,
      ratePerSecond: rate,
      tokens: Math.max(0, this.burst - Math.ceil(debt / interval)),
      burst: this.burst,
      nextTokenInMs: Math.max(0, Math.round(tat - (this.burst - 1) * interval - now)),
    };
  }

  private bucketOf(call: RateCall): { rate: number; interval: number; key: string } {
    const rate = rateFor({ service: call.service, version: call.version, plan: this.planOf(call.tenant), method: call.method, path: call.template });
    return { rate, interval: intervalMsFor(rate), key: `${call.service}/${call.version} ${bucketKeyFor(call.method, call.template)}` };
  }

  /** Forgets every bucket (tests, or a plan change that should start afresh). */
  reset(): void {
    this.tat.clear();
  }
}
