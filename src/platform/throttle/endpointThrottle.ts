/**
 * Client-side throttling to the section-8 table (L2, L3, L6): one bucket per tenant per
 * service version per method + path TEMPLATE, refilling at the plan's rate, burst 1. A call
 * reserves its slot in the store, sleeps until the slot, then sends; so a well-behaved client
 * meets no 429 while still using the whole budget.
 *
 * The interval is stretched by a small safety margin: the platform measures arrivals, and
 * two calls sent exactly one interval apart can arrive a few ms closer than that (network and
 * timer jitter). 2 % keeps the achieved rate above 97 % of the plan.
 *
 * Departures, not reservations, are what the platform sees (T8). When the caller wakes later
 * than its slot (an event-loop stall), the bucket is re-based on the actual departure, so later
 * reservations start from it; and every call passes a departure check in the store just before
 * it sends, so a caller whose slot was handed out before that stall (on any replica) still
 * leaves one whole interval after the late one.
 */
import { bucketKeyFor, intervalMsFor, rateFor, specialTemplatesFor, type RatePlan, type ServiceName, type Version } from '../../rates/rateLookup.js';
import { tenantKey } from '../../redis/tenantKey.js';
import type { BucketStore } from './bucketStore.js';
import { sleep as realSleep, type Sleep } from './sleep.js';

export const DEFAULT_SAFETY_MARGIN = 0.02;

export interface ThrottledEndpoint {
  /** The store key, e.g. `hubbot:{acme}:rate:conversationmgr:v3:POST /conversations/messages`. */
  readonly key: string;
  /** The plan's rate for this endpoint, req/s. */
  readonly rate: number;
  /** Milliseconds between two slots, safety margin included. */
  readonly intervalMs: number;
}

export interface EndpointThrottleOptions {
  store: BucketStore;
  tenant: string;
  plan: RatePlan;
  /** Fraction added to every interval; default 0.02. */
  safetyMargin?: number;
  sleep?: Sleep;
  /** Milliseconds clock for departures; default Date.now, looked up at each call (fake timers). */
  now?: () => number;
  /** Told when a departure was late enough that the bucket was re-based on it. */
  onLateDeparture?: (ep: ThrottledEndpoint, lateMs: number) => void;
}

export class EndpointThrottle {
  private readonly endpoints = new Map<string, ThrottledEndpoint>();
  private readonly margin: number;
  private readonly sleep: Sleep;

  constructor(private readonly opts: EndpointThrottleOptions) {
    this.margin = opts.safetyMargin ?? DEFAULT_SAFETY_MARGIN;
    if (!(this.margin >= 0 && this.margin < 1)) throw new RangeError(`safetyMargin must be in [0, 1), got ${this.margin}`);
    this.sleep = opts.sleep ?? realSleep;
    // Fails now, not at the first call, for a tenant that cannot name a key.
    tenantKey(opts.tenant);
  }

  /** The bucket of one call; `template` names the path with `{param}` segments (L2). */
  endpoint(service: ServiceName, version: Version, method: string, template: string): ThrottledEndpoint {
    const id = `${service} ${version} ${method.toUpperCase()} ${template}`;
    let ep = this.endpoints.get(id);
    if (!ep) {
      const bucket = bucketKeyFor(method, template, specialTemplatesFor(service, version));
      const rate = rateFor({ service, version, plan: this.opts.plan, method, path: template });
      ep = { key: tenantKey(this.opts.tenant, 'rate', service, version, bucket), rate, intervalMs: intervalMsFor(rate) * (1 + this.margin) };
      this.endpoints.set(id, ep);
    }
    return ep;
  }

  /** Waits for the endpoint's next slot; resolves with the milliseconds waited. */
  async acquire(ep: ThrottledEndpoint): Promise<number> {
    const now = this.opts.now ?? (() => Date.now());
    // The clocks here tick in whole milliseconds: a gap short of the interval by less than one
    // is a rounding, not an early departure; but never shorter than the plan's own interval.
    const minGapMs = Math.max(ep.intervalMs / (1 + this.margin), ep.intervalMs - 1);
    const store = this.opts.store;
    // One round trip when the slot is now (reserved and departed together); else wait for it.
    const acquired = store.acquire ? await store.acquire(ep.key, ep.intervalMs, minGapMs) : { waitMs: await store.reserve(ep.key, ep.intervalMs), departed: false };
    if (acquired.departed) return 0;
    const slotAt = now() + acquired.waitMs;
    const waitMs = Math.max(0, slotAt - now());
    if (waitMs > 0) await this.sleep(waitMs);
    // Half the safety margin absorbs a late wake-up; past that, the next slot would come less
    // than one interval after this departure: move it to one interval from now, for every replica.
    const lateMs = now() - slotAt;
    if (lateMs > (ep.intervalMs * this.margin) / 2) {
      this.opts.onLateDeparture?.(ep, lateMs);
      await this.opts.store.penalize(ep.key, ep.intervalMs).catch(() => undefined);
    }
    let extraMs = 0;
    for (let more = await this.opts.store.depart(ep.key, minGapMs); more > 0; more = await this.opts.store.depart(ep.key, minGapMs)) {
      extraMs += more;
      await this.sleep(more);
    }
    return waitMs + extraMs;
  }

  /** After a 429 on this endpoint: no replica sends on it for `penaltyMs` (L5, L8). */
  penalize(ep: ThrottledEndpoint, penaltyMs: number): Promise<void> {
    return this.opts.store.penalize(ep.key, penaltyMs);
  }
}
