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
 * Departures, not reservations, are what the platform sees (T8). A store with `acquire`
 * records each slot's departure when it hands the slot out (one round trip per call): a caller
 * that wakes on its slot (within the safety margin) leaves then, and slots are one interval
 * apart, so departures are too. A caller that wakes later than that (an event-loop stall) does
 * not leave at once: it asks the store again with its slot, and leaves now only if no slot was
 * handed out since (on any replica), else takes a new slot after them. A store without
 * `acquire` reserves, then passes a departure check in the store just before sending, the
 * bucket re-based on a late departure.
 */
import { bucketKeyFor, intervalMsFor, rateFor, specialTemplatesFor, type RatePlan, type ServiceName, type Version } from '../../rates/rateLookup.js';
import { tenantKey } from '../../redis/tenantKey.js';
import type { BucketStore } from './bucketStore.js';
import { sleep as realSleep, type Sleep } from './sleep.js';
import { StoreClock } from './storeClock.js';

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
  /** Told when a caller woke too late for its slot (it then took a new slot, or re-based the bucket). */
  onLateDeparture?: (ep: ThrottledEndpoint, lateMs: number) => void;
}

export class EndpointThrottle {
  private readonly endpoints = new Map<string, ThrottledEndpoint>();
  private readonly margin: number;
  /** The store's clock here, to place a slot on this process's clock (storeClock.ts). */
  private readonly storeClock = new StoreClock();
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
    // Without `acquire` (a departure check follows anyway), half the safety margin absorbs a late
    // wake-up before the bucket is re-based on it.
    const toleranceMs = (ep.intervalMs * this.margin) / 2;
    const store = this.opts.store;
    if (!store.acquire) return this.reserveAndDepart(ep, minGapMs, toleranceMs);
    const startedAt = now();
    const waited = () => Math.max(0, now() - startedAt);
    let lateFor: string | undefined;
    for (;;) {
      // One round trip: the slot is reserved and its departure recorded with it. A stall between
      // the store handing the slot out and this process reading the answer makes the caller as
      // late as one in its sleep: the slot is placed on this clock through the store's time in
      // the answer, or, until that is known, counted from before the call.
      const askedAt = now();
      const acquired = await store.acquire(ep.key, ep.intervalMs, minGapMs, lateFor);
      if (acquired.storeNow !== undefined) this.storeClock.observe(acquired.storeNow, now());
      if (!acquired.departed) return waited() + (await this.departAfter(ep, acquired.waitMs, minGapMs, toleranceMs));
      // A slot that is now, or the store's leave-now to a late caller: the departure is recorded
      // as the answer leaves Redis, as a departure check's is.
      if (acquired.waitMs <= 0) return waited();
      await this.sleep(acquired.waitMs);
      const slotAt = acquired.slot === undefined ? undefined : this.storeClock.toLocal(Number(acquired.slot));
      const lateMs = now() - (slotAt ?? askedAt + acquired.waitMs);
      // No call leaves before its slot, so one call may spend the whole margin: the next slot's
      // holder, on time, still leaves the plan's interval after it.
      if (lateMs <= ep.intervalMs - ep.intervalMs / (1 + this.margin)) return waited();
      // Too late (an event-loop stall): a slot handed out since may leave less than one interval
      // after now. Asked again with its slot, the store lets it leave now if none was, else
      // gives it a new slot after them (T8).
      this.opts.onLateDeparture?.(ep, lateMs);
      lateFor = acquired.slot ?? '';
    }
  }

  /** A store without `acquire`: a reservation, then the departure check before sending. */
  private async reserveAndDepart(ep: ThrottledEndpoint, minGapMs: number, toleranceMs: number): Promise<number> {
    return this.departAfter(ep, await this.opts.store.reserve(ep.key, ep.intervalMs), minGapMs, toleranceMs);
  }

  /**
   * Waits for a reserved slot whose departure the store did not record, then passes the store's
   * departure check; a late wake-up re-bases the bucket on the actual departure first.
   */
  private async departAfter(ep: ThrottledEndpoint, waitMs: number, minGapMs: number, toleranceMs: number): Promise<number> {
    const now = this.opts.now ?? (() => Date.now());
    const slotAt = now() + waitMs;
    if (waitMs > 0) await this.sleep(waitMs);
    const lateMs = now() - slotAt;
    if (lateMs > toleranceMs) {
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
