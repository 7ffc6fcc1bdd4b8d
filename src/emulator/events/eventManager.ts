/**
 * The emulated knowledge event manager: raises events (from portal changes or on demand),
 * delivers each to every webhook target of its tenant by PUT under the rules of spec 6 (W9),
 * and keeps every delivery with its attempts for the admin API. Two fault knobs stand for
 * what the spec warns receivers about: `duplicate` delivers each event twice (6.5, at least
 * once) and `outOfOrder` holds each event until the next one of its target has gone (6.6).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { deliveryTimings, type DeliveryTimings } from './deliveryPolicy.js';
import { buildEnvelope, type EventEnvelopeOut } from './eventEnvelope.js';
import { httpPut } from './httpPut.js';
import type { KnowledgeEvents, RaisedEvent } from './knowledgeEvents.js';
import { deliverEnvelope, type AttemptRecord, type DeliveryDeps, type DeliveryOutcome } from './webhookDelivery.js';
import { authenticationHeaders, DEFAULT_TARGET_SECRET_HEADER, WebhookTargets, type WebhookTarget } from './webhookTargets.js';
import { loggedBody, REDACTED, redactHeaders } from '../callBodies.js';
import { withoutQuery } from '../hub/callbackTokens.js';

export interface EventFaults {
  duplicate: boolean;
  outOfOrder: boolean;
  /** How long an event held for reordering waits for a successor before it goes anyway. */
  holdMs: number;
}

export interface DeliveryRecord {
  id: string;
  notificationId: string;
  eventType: string;
  tenantId: string;
  targetId: string;
  url: string;
  /** 1, or 2 for the second copy of a duplicated delivery. */
  copy: number;
  state: 'held' | 'pending' | DeliveryOutcome;
  attempts: AttemptRecord[];
}

export interface EventManagerOptions {
  /** 1 = the platform's 10 s / 30 s; smaller for tests. */
  timeScale?: number;
  now?: () => number;
  send?: DeliveryDeps['send'];
  /** Deliveries kept for the admin API; older ones are dropped. */
  keep?: number;
}

export class EventManager implements KnowledgeEvents {
  readonly targets = new WebhookTargets();
  private readonly deliveries: DeliveryRecord[] = [];
  private readonly timings: DeliveryTimings;
  private readonly now: () => number;
  private readonly send: DeliveryDeps['send'];
  private readonly keep: number;
  private readonly held = new Map<string, { release: () => void; timer: NodeJS.Timeout }>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;
  /** Where each attempt is told for the inspector (F7); set by the emulator part. */
  private record?: (entry: Record<string, unknown>) => void;
  faults: EventFaults = { duplicate: false, outOfOrder: false, holdMs: 2000 };

  constructor(opts: EventManagerOptions = {}) {
    this.timings = deliveryTimings(opts.timeScale ?? 1);
    this.now = opts.now ?? Date.now;
    this.send = opts.send ?? httpPut;
    this.keep = opts.keep ?? 5000;
  }

  /** Tells every delivery attempt to `record` (the emulator's call log), request and result. */
  logTo(record: (entry: Record<string, unknown>) => void): void {
    this.record = record;
  }

  get deliveryTimings(): DeliveryTimings {
    return { ...this.timings };
  }

  raise(eventType: string, payload: Record<string, unknown>, tenantId: string): RaisedEvent {
    const env = buildEnvelope(eventType, payload, tenantId, this.now());
    for (const target of this.targets.forTenant(tenantId)) {
      this.dispatch(env, target, 1);
      if (this.faults.duplicate) this.dispatch(env, target, 2);
    }
    return { notificationId: env.notificationId, eventType };
  }

  list(filter: { notificationId?: string; eventType?: string; targetId?: string } = {}): DeliveryRecord[] {
    return this.deliveries
      .filter((d) => (filter.notificationId === undefined || d.notificationId === filter.notificationId) && (filter.eventType === undefined || d.eventType === filter.eventType) && (filter.targetId === undefined || d.targetId === filter.targetId))
      .map((d) => structuredClone(d));
  }

  /** Resolves once every delivery started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops holding events and lets deliveries in progress finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const h of this.held.values()) {
      clearTimeout(h.timer);
      h.release();
    }
    this.held.clear();
    await this.idle();
  }

  private dispatch(env: EventEnvelopeOut, target: WebhookTarget, copy: number): void {
    const rec: DeliveryRecord = { id: randomUUID(), notificationId: env.notificationId, eventType: env.eventType, tenantId: env.tenantId, targetId: target.id, url: target.url, copy, state: 'pending', attempts: [] };
    this.deliveries.push(rec);
    if (this.deliveries.length > this.keep) this.deliveries.splice(0, this.deliveries.length - this.keep);
    const body = JSON.stringify(env);
    const go = () => this.track(this.run(rec, target, body));
    // Out of order: the earlier event of this target (if held) goes after this one.
    const earlier = this.held.get(target.id);
    if (earlier) {
      clearTimeout(earlier.timer);
      this.held.delete(target.id);
    }
    if (this.faults.outOfOrder && !earlier && copy === 1 && !this.closed) {
      rec.state = 'held';
      const release = () => {
        rec.state = 'pending';
        go();
      };
      this.held.set(target.id, { release, timer: setTimeout(() => this.held.delete(target.id) && release(), this.faults.holdMs) });
      return;
    }
    go();
    earlier?.release();
  }

  private track(p: Promise<unknown>): void {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  private async run(rec: DeliveryRecord, target: WebhookTarget, body: string): Promise<void> {
    let sentHeaders: Record<string, string> = {};
    rec.state = await deliverEnvelope(rec.url, body, {
      send: this.send,
      headers: () => (sentHeaders = authenticationHeaders(target, body, this.now())),
      sleep: (ms) => sleep(ms),
      now: this.now,
      timings: this.timings,
      onAttempt: (a) => {
        rec.attempts.push(a);
        // The inspector shows a delivery like any call (F7): what was sent (its authentication
        // header masked; a signature names the time and the body, not the secret) and the outcome.
        this.record?.({
          kind: 'webhookDelivery',
          notificationId: rec.notificationId,
          eventType: rec.eventType,
          url: withoutQuery(rec.url),
          copy: rec.copy,
          attempt: rec.attempts.length,
          ms: a.durationMs,
          ...(a.result.kind === 'status' ? { status: a.result.status } : { failure: a.result.kind === 'unreachable' ? `unreachable (${a.result.reason})` : a.result.kind }),
          requestHeaders: shownHeaders(target, sentHeaders),
          request: loggedBody(body),
        });
      },
    });
  }
}

/** An attempt's headers as the inspector shows them: the target's secret header masked whatever its name. */
function shownHeaders(target: WebhookTarget, sent: Record<string, string>): Record<string, unknown> {
  const shown = redactHeaders({ 'content-type': 'application/json', ...sent });
  if (target.sharedSecret !== undefined) shown[(target.secretHeader ?? DEFAULT_TARGET_SECRET_HEADER).toLowerCase()] = REDACTED;
  return shown;
}
