/**
 * Delivery of messages to client-application callbacks (spec 5.4, C9, and the timings of
 * docs/platform-contract.md). Per conversation, one delivery at a time and in order; the body is the message
 * batch with `conversation.id` set. The bearer token comes from the stored authentication
 * (callbackTokens.ts) and is renewed once when the callback answers 401, then the delivery is
 * retried once. A callback answering 429, 502 or 503 ("try again") is tried again after 1 s,
 * 2 s, 4 s and 8 s, holding the conversation's later deliveries so the order stays: an
 * assumption, since the spec shows no retry rule for callbacks; it follows the event
 * manager's rule for webhooks (spec 6.3: only 429/502/503 are retried, a bounded number of
 * times) with the client back-off of spec 8.7, and it lets a bot refuse a callback it cannot
 * record (503, e.g. while its Redis restarts) without losing it. A callback that does not answer within
 * 5 s, answers another non-2xx status, still answers 429/502/503 after the last retry, or whose
 * token cannot be obtained, counts as failed: the failure is listed (GET
 * /emulator/callback-failures). Fault knobs may send a delivery twice or let it go after the
 * next one.
 */
import { loggedBody, MAX_BODY_BYTES, redactBody, redactHeaders } from '../callBodies.js';
import type { CallLog } from '../callLog.js';
import type { FaultInjector } from '../faults/faultInjector.js';
import { type CallbackTokens, type OAuth2Authentication, withoutQuery } from './callbackTokens.js';

export const CALLBACK_TIMEOUT_MS = 5000;
/** Waits before the retries of a callback that answered 429, 502 or 503. */
export const CALLBACK_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];
const RETRYABLE_STATUSES = new Set([429, 502, 503]);

export type CallbackAuth = { kind: 'oauth2'; authentication: OAuth2Authentication } | { kind: 'basic'; username: string; password: string } | { kind: 'none' };

export interface CallbackTarget {
  recipient: 'bot' | 'customer';
  clientApplicationId: string;
  url: string;
  headers: { name: string; value: string }[];
  auth: CallbackAuth;
}

export interface Delivery {
  conversationId: string;
  target: CallbackTarget;
  body: Record<string, unknown>;
  messageIds: string[];
}

export interface CallbackFailure {
  seq: number;
  at: string;
  conversationId: string;
  recipient: string;
  clientApplicationId?: string;
  url?: string;
  status?: number;
  reason: string;
  messageIds: string[];
}

interface Item extends Delivery {
  reorder: boolean;
  duplicate: boolean;
}

interface Queue {
  items: Item[];
  running: boolean;
  wake?: () => void;
}

export class CallbackDelivery {
  private readonly queues = new Map<string, Queue>();
  private readonly failureList: CallbackFailure[] = [];
  private readonly idleWaiters = new Set<() => void>();
  private readonly retryWaits = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly deps: { now: () => number; log: CallLog; faults: FaultInjector; tokens: CallbackTokens; timeoutMs: number; retryDelaysMs?: readonly number[] },
  ) {}

  enqueue(d: Delivery): void {
    if (this.closed) return;
    let q = this.queues.get(d.conversationId);
    if (!q) this.queues.set(d.conversationId, (q = { items: [], running: false }));
    q.items.push({ ...d, reorder: this.deps.faults.reorderCallback(), duplicate: this.deps.faults.duplicateCallback() });
    q.wake?.();
    if (!q.running) void this.run(d.conversationId, q);
  }

  /** A failure that happened before any delivery could start (no bot configured, ...). */
  fail(f: Omit<CallbackFailure, 'seq' | 'at'>): void {
    const failure: CallbackFailure = { ...f, seq: this.failureList.length + 1, at: new Date(this.deps.now()).toISOString() };
    this.failureList.push(failure);
    this.deps.log.record({ kind: 'callbackFailure', ...failure, seq: undefined, failureSeq: failure.seq });
  }

  failures(): CallbackFailure[] {
    return [...this.failureList];
  }

  /** Resolves when no delivery is queued or running. */
  idle(): Promise<void> {
    if ([...this.queues.values()].every((q) => !q.running)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  /** Stops taking deliveries and waits for the running ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values()) q.wake?.();
    for (const w of this.retryWaits) w();
    await this.idle();
  }

  private async run(conversationId: string, q: Queue): Promise<void> {
    q.running = true;
    try {
      while (q.items.length > 0 && !this.closed) {
        let item = q.items.shift()!;
        if (item.reorder) {
          item.reorder = false;
          if (q.items.length === 0) await this.waitForNext(q);
          if (q.items.length > 0) {
            const next = q.items.shift()!;
            next.reorder = false;
            q.items.unshift(item);
            item = next;
          }
        }
        await this.send(item, false);
        if (item.duplicate) await this.send(item, true);
      }
    } finally {
      q.running = false;
      if (q.items.length === 0) this.queues.delete(conversationId);
      if ([...this.queues.values()].every((other) => !other.running)) {
        for (const w of this.idleWaiters) w();
        this.idleWaiters.clear();
      }
    }
  }

  /** Holds a delivery picked for reordering until the next one of its conversation arrives, or the hold ends. */
  private waitForNext(q: Queue): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.deps.faults.reorderHoldMs);
      function done() {
        clearTimeout(timer);
        q.wake = undefined;
        resolve();
      }
      q.wake = done;
    });
  }

  private async send(item: Item, duplicate: boolean): Promise<void> {
    const { target } = item;
    const fail = (reason: string, status?: number) =>
      this.fail({ conversationId: item.conversationId, recipient: target.recipient, clientApplicationId: target.clientApplicationId, url: withoutQuery(target.url), status, reason, messageIds: item.messageIds });
    try {
      let token = target.auth.kind === 'oauth2' ? await this.deps.tokens.get(target.auth.authentication) : undefined;
      let attempt = 1;
      let status = await this.post(item, token, duplicate, attempt);
      if (status === 401 && target.auth.kind === 'oauth2' && token !== undefined) {
        token = await this.deps.tokens.renew(target.auth.authentication, token);
        status = await this.post(item, token, duplicate, ++attempt);
      }
      for (const delay of this.deps.retryDelaysMs ?? CALLBACK_RETRY_DELAYS_MS) {
        if (!RETRYABLE_STATUSES.has(status) || this.closed) break;
        await this.waitBeforeRetry(delay);
        if (this.closed) break;
        status = await this.post(item, token, duplicate, ++attempt);
      }
      if (status < 200 || status > 299) fail(`callback answered ${status}`, status);
    } catch (err) {
      const e = err as Error & { status?: number };
      fail(e.name === 'TimeoutError' ? `no answer within ${this.deps.timeoutMs} ms` : e.name === 'TokenRequestError' ? e.message : 'callback unreachable', e.status);
    }
  }

  /** A retry's wait, cut short when the emulator stops. */
  private waitBeforeRetry(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.retryWaits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.retryWaits.add(done);
    });
  }

  private async post(item: Item, token: string | undefined, duplicate: boolean, attempt: number): Promise<number> {
    const headers = new Headers({ 'content-type': 'application/json' });
    for (const h of item.target.headers) headers.set(h.name, h.value);
    const { auth } = item.target;
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    else if (auth.kind === 'basic') headers.set('authorization', `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`);
    const started = Date.now();
    const body = JSON.stringify(item.body);
    const res = await fetch(item.target.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.deps.timeoutMs) });
    const answer = await res.text();
    // What was sent and answered, secrets masked (F7): the inspector shows a callback like any call.
    this.deps.log.record({
      kind: 'callback',
      conversationId: item.conversationId,
      recipient: item.target.recipient,
      url: withoutQuery(item.target.url),
      status: res.status,
      attempt,
      duplicate,
      ms: Date.now() - started,
      messageIds: item.messageIds,
      requestHeaders: redactHeaders(Object.fromEntries(headers)),
      // The batch as an object, redacted without parsing it again (a callback is the hot path).
      request: body.length > MAX_BODY_BYTES ? `(${Buffer.byteLength(body)} bytes of application/json)` : redactBody(item.body),
      responseHeaders: redactHeaders(Object.fromEntries(res.headers)),
      response: loggedBody(answer, res.headers.get('content-type') ?? ''),
    });
    return res.status;
  }
}
