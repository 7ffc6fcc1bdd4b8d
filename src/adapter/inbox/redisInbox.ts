/**
 * The inbox in Redis, shared by every replica of a tenant: a callback acknowledged by a replica
 * that then dies is still handled by another, and a conversation is handled by one replica at
 * a time, in order (B4).
 *
 * Redis layout (`<base>` = `hubbot:{tenant}:inbox`; the `{tenant}` hash tag keeps every key
 * of a tenant in one Cluster slot, so each step is one Lua script):
 *
 * - `<base>:q:<conversationId>`     LIST  ids of the conversation's pending items, head first
 * - `<base>:items:<conversationId>` HASH  item id → item JSON {id, payload, receivedAt}
 * - `<base>:seen:<conversationId>`  ZSET  item id → when recorded (ms): the ids recognised as
 *                                         redeliveries; entries older than the dedupe window
 *                                         are trimmed, and the key expires with the window
 * - `<base>:ready`                  ZSET  conversation → when it may be claimed (ms): the
 *                                         time it became ready, or its lease end while leased,
 *                                         so a dead replica's lease simply runs out
 * - `<base>:lease`                  HASH  conversation → token of the claim holding its lease
 *                                         (`<workerId>/<uuid>`, to see who holds it)
 * - `<base>:attempts`               HASH  conversation → attempts at its head item
 * - `<base>:count`                  STRING number of pending items over all conversations
 * - `<base>:dead`                   LIST  dead letters, newest first, trimmed to maxDeadLetters
 * - `<base>:at:<conversationId>`    HASH  slot → scheduled item, packed (not due yet, T2;
 *                                         scheduledItemCodec.ts)
 * - `<base>:at`                     ZSET  conversation → when its soonest scheduled item is
 *                                         due (ms); a claim moves the due ones into their
 *                                         conversations (redisScheduledScripts.ts, which
 *                                         also reads the earlier `sched:` and `due` keys)
 * - `<base>:pin`                    HASH  conversation → [until, item id, worker id] as JSON:
 *                                         only that worker claims it until then (proactive
 *                                         logic that lives in one process)
 * - `<base>:notify`                 pub/sub channel: the appending inbox's id on each new item
 *
 * Times come from Redis TIME, so `InboxClaim.leaseUntil` is on Redis's clock. A scheduled item's
 * `notBefore` is the caller's clock, compared with Redis TIME: replicas and Redis should keep
 * their clocks synchronised (NTP), as any deadline needs.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { PlatformError } from '../../errors/platformError.js';
import { tenantKey } from '../../redis/tenantKey.js';
import { idFromStored, storedId } from '../../redis/storedId.js';
import type { RedisScriptClient } from '../../redis/luaScript.js';
import type { RedisInboxOptions } from './redisInboxOptions.js';
import { prefetchArguments, primeFrom } from './prefetchArguments.js';
import { packScheduledItem, unpackScheduledItem } from './scheduledItemCodec.js';
import type { AppendClaimOffer, AppendOptions, AppendResult, CompleteOptions, CompleteResult, DeadLetter, Inbox, InboxClaim, InboxItem, ReleaseOptions } from './inbox.js';
import { checkAppend, checkSchedule, DEFAULT_DEDUPE_WINDOW_MS, DEFAULT_MAX_DEAD_LETTERS, itemJson, replayOf } from './inboxDefaults.js';
import {
  APPEND_SCRIPT,
  CLAIM_SCRIPT,
  DEAD_LETTERS_SCRIPT,
  DEPTH_SCRIPT,
  FINISH_SCRIPT,
  RELEASE_SCRIPT,
  REMOVE_DEAD_LETTER_SCRIPT,
  RENEW_SCRIPT,
  SCHEDULE_SCRIPT,
  SCHEDULED_SCRIPT,
  UNSCHEDULE_SCRIPT,
} from './redisInboxScripts.js';
import { answerWithin } from '../../redis/answerWithin.js';
import { noticeKind } from '../../redis/scriptNotices.js';

export type { RedisInboxOptions, RedisSubscriber } from './redisInboxOptions.js';

/**
 * The inbox in Redis, shared by every replica of a tenant (B4): a callback acknowledged by a
 * replica that then dies is still handled by another, and a conversation is handled by one replica
 * at a time, in order. Each step is one Lua script on the tenant's keys (one Redis Cluster slot);
 * times are Redis's own. Give it a `subscriber` so new items wake the other replicas' workers at
 * once. The key layout is described at the top of redisInbox.ts.
 */
export class RedisInbox implements Inbox {
  private readonly client: RedisScriptClient;
  private readonly base: string;
  private readonly events = new EventEmitter();
  private readonly dedupeWindowMs: number;
  private readonly maxDeadLetters: number;
  private readonly leaseMs: number;
  private readonly appendTimeoutMs: number;
  /** {@inheritDoc Inbox.batchesSameTick} */
  readonly batchesSameTick = true;
  /** The read-ahead's script arguments (the same for every claim). */
  private readonly prefetchArgs: string[];
  /** How its script publishes the notify notice (scriptNotices.ts). */
  private readonly noticeKind: 'sharded' | 'classic';
  private subscribed?: Promise<unknown>;
  /** Workers of this process that take the conversation an append records (offerAppendClaims). */
  private readonly offers: AppendClaimOffer[] = [];
  /** Names this inbox in its notices: its own come back through pub/sub and are skipped. */
  private readonly origin = randomUUID();
  // This inbox's own appends wake its workers at once (append below); the same notice coming
  // back through pub/sub would only make them claim again for nothing (a round trip per turn).
  private readonly onMessage = (message: string) => {
    if (message !== this.origin) this.events.emit('append');
  };

  /**
   * @param opts - the connected client and tenant, an optional subscriber, and the dedupe window,
   * bounds and timeouts
   */
  constructor(private readonly opts: RedisInboxOptions) {
    this.client = opts.client;
    this.base = tenantKey(opts.tenant, 'inbox');
    this.dedupeWindowMs = opts.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
    this.maxDeadLetters = opts.maxDeadLetters ?? DEFAULT_MAX_DEAD_LETTERS;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.appendTimeoutMs = opts.appendTimeoutMs ?? 2000;
    this.prefetchArgs = prefetchArguments(opts.prefetch, this.base);
    this.noticeKind = noticeKind(opts.client);
    this.events.setMaxListeners(0);
  }

  /** The pub/sub channel announcing new items. */
  get notifyChannel(): string {
    return `${this.base}:notify`;
  }

  /** {@inheritDoc Inbox.append} */
  async append(conversationId: string, item: InboxItem, opts: AppendOptions = {}): Promise<AppendResult> {
    checkAppend(conversationId, item);
    const c = this.conversationKeys(conversationId);
    const keys = [c.q, c.items, c.seen, this.key('ready'), this.key('count'), this.key('pin'), this.key('lease'), this.key('attempts')];
    if (opts.revokedKey !== undefined && this.checksRevocation(opts.revokedKey)) keys.push(opts.revokedKey);
    const pin = opts.pin ? [opts.pin.workerId, String(Math.ceil(opts.pin.ms))] : ['', '0'];
    // A worker of this process with a free slot takes the conversation in the same step.
    const offer = opts.pin ? undefined : this.offers.find((o) => o.reserve());
    const token = offer ? `${offer.workerId}/${randomUUID()}` : '';
    const json = itemJson(item);
    const claimArgs = offer ? [token, String(Math.ceil(offer.leaseMs)), ...this.prefetchArgs] : ['', '0'];
    const running = APPEND_SCRIPT.run(this.client, keys, [storedId(conversationId), storedId(item.id), json, String(this.dedupeWindowMs), this.notifyChannel, ...pin, this.origin, this.noticeKind, ...claimArgs]);
    // The claim goes to its worker whenever the script answers, after a timeout too: never a lease held by nobody.
    if (offer) running.then((answer) => offer.take(this.appendClaim(answer, conversationId, json, token, offer.workerId)), () => offer.take(undefined));
    let reply: unknown;
    try {
      reply = await answerWithin(running, this.appendTimeoutMs, 'no answer from Redis');
    } catch (err) {
      // It may still be recorded later: this replica's own notice is skipped, so wake here.
      this.events.emit('append');
      const refusal = PlatformError.of('503-100', { reason: 'the inbox could not record the message' });
      refusal.cause = err;
      throw refusal;
    }
    // Claimed with the append: its worker has it, nobody needs waking.
    if (Array.isArray(reply)) return { duplicate: false };
    if (Number(reply) === 2) return { duplicate: false, revoked: true };
    const recorded = Number(reply) === 1;
    // Wake this replica's workers at once, without waiting for the pub/sub round trip.
    if (recorded) this.events.emit('append');
    return { duplicate: !recorded };
  }

  /** {@inheritDoc Inbox.offerAppendClaims} */
  offerAppendClaims(offer: AppendClaimOffer): () => void {
    this.offers.push(offer);
    return () => {
      const at = this.offers.indexOf(offer);
      if (at >= 0) this.offers.splice(at, 1);
    };
  }

  /** The claim an append script answered with, or undefined when it claimed nothing. */
  private appendClaim(answer: unknown, conversationId: string, json: string, token: string, workerId: string): InboxClaim | undefined {
    if (!Array.isArray(answer)) return undefined;
    const [attempt, leaseUntil, rows] = answer as [number, number, unknown];
    primeFrom(this.opts.prefetch, conversationId, rows);
    return { conversationId, item: JSON.parse(json) as InboxItem, workerId, token, attempt: Number(attempt), leaseUntil: Number(leaseUntil), more: false };
  }

  /** {@inheritDoc Inbox.checksRevocation} */
  checksRevocation(key: string): boolean {
    // The script reads it in its own slot (D2): the tenant's hash tag, as every inbox key.
    return key.startsWith(`${this.base.slice(0, this.base.indexOf('}') + 1)}:`);
  }

  /** {@inheritDoc Inbox.schedule} */
  async schedule(conversationId: string, slot: string, item: InboxItem & { notBefore: number }): Promise<void> {
    checkSchedule(conversationId, slot, item);
    await SCHEDULE_SCRIPT.run(this.client, this.scheduleKeys(conversationId), [storedId(conversationId), slot, packScheduledItem(itemJson(item)), JSON.stringify([conversationId, slot])]);
  }

  /** {@inheritDoc Inbox.unschedule} */
  async unschedule(conversationId: string, slot: string): Promise<boolean> {
    return Number(await UNSCHEDULE_SCRIPT.run(this.client, this.scheduleKeys(conversationId), [storedId(conversationId), slot, JSON.stringify([conversationId, slot])])) === 1;
  }

  /** {@inheritDoc Inbox.scheduled} */
  async scheduled(conversationId: string): Promise<InboxItem[]> {
    const stored = (await SCHEDULED_SCRIPT.run(this.client, [this.key(`at:${storedId(conversationId)}`), this.key(`sched:${storedId(conversationId)}`)], [])) as string[];
    return stored.map((s) => JSON.parse(unpackScheduledItem(s)) as InboxItem & { notBefore: number }).sort((a, b) => a.notBefore - b.notBefore);
  }

  /** The keys of a conversation's scheduled items, then those of the earlier layout (still read). */
  private scheduleKeys(conversationId: string): string[] {
    const conv = storedId(conversationId);
    return [this.key('at'), this.key(`at:${conv}`), this.key('due'), this.key(`sched:${conv}`)];
  }

  /** {@inheritDoc Inbox.claim} */
  async claim(workerId: string, leaseMs: number): Promise<InboxClaim | undefined> {
    const token = `${workerId}/${randomUUID()}`;
    const keys = [this.key('ready'), this.key('lease'), this.key('attempts'), this.key('count'), this.key('due'), this.key('pin')];
    const reply = (await CLAIM_SCRIPT.run(this.client, keys, [token, String(Math.ceil(leaseMs)), `${this.base}:`, workerId, String(this.dedupeWindowMs), ...this.prefetchArgs])) as [string, string, number, number, number, unknown] | null;
    if (!reply) return undefined;
    const [stored, json, attempt, leaseUntil, more, rows] = reply;
    const conversationId = idFromStored(stored);
    primeFrom(this.opts.prefetch, conversationId, rows);
    return { conversationId, item: JSON.parse(json) as InboxItem, workerId, token, attempt: Number(attempt), leaseUntil: Number(leaseUntil), more: Number(more) === 1 };
  }

  /** {@inheritDoc Inbox.complete} */
  async complete(claim: InboxClaim, opts: CompleteOptions = {}): Promise<CompleteResult> {
    const leaseMs = Math.ceil(opts.leaseMs ?? this.leaseMs);
    const reply = await this.finish(claim, opts.keepLease ? 'keep' : 'release', [String(leaseMs), '', '0', claim.workerId]);
    if (Number(reply[0]) !== 1) return { completed: false };
    if (reply.length < 4) return { completed: true };
    const [, json, attempt, leaseUntil, rows] = reply;
    primeFrom(this.opts.prefetch, claim.conversationId, rows);
    const next: InboxClaim = { ...claim, item: JSON.parse(String(json)) as InboxItem, attempt: Number(attempt), leaseUntil: Number(leaseUntil) };
    return { completed: true, next };
  }

  /** {@inheritDoc Inbox.renew} */
  async renew(claim: InboxClaim, leaseMs: number): Promise<boolean> {
    const reply = await RENEW_SCRIPT.run(this.client, [this.key('ready'), this.key('lease')], [storedId(claim.conversationId), claim.token, String(Math.ceil(leaseMs))]);
    return Number(reply) > 0;
  }

  /** {@inheritDoc Inbox.release} */
  async release(claim: InboxClaim, opts: ReleaseOptions = {}): Promise<boolean> {
    this.opts.prefetch?.done(claim.conversationId);
    const c = this.conversationKeys(claim.conversationId);
    const reply = await RELEASE_SCRIPT.run(this.client, [this.key('ready'), this.key('lease'), c.q], [storedId(claim.conversationId), claim.token, String(Math.max(0, Math.ceil(opts.delayMs ?? 0)))]);
    return Number(reply) === 1;
  }

  /** {@inheritDoc Inbox.deadLetter} */
  async deadLetter(claim: InboxClaim, reason: string): Promise<boolean> {
    const found: DeadLetter = { conversationId: claim.conversationId, item: claim.item, attempts: claim.attempt, reason, deadAt: Date.now() };
    const letter = this.opts.maskLetter ? this.opts.maskLetter(found) : found;
    const reply = await this.finish(claim, 'dead', ['0', JSON.stringify(letter), String(this.maxDeadLetters), '']);
    return Number(reply[0]) === 1;
  }

  /** {@inheritDoc Inbox.depth} */
  async depth(): Promise<number> {
    return Number(await DEPTH_SCRIPT.run(this.client, [this.key('count')], []));
  }

  /** {@inheritDoc Inbox.deadLetters} */
  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    const reply = (await DEAD_LETTERS_SCRIPT.run(this.client, [this.key('dead')], [String(limit)])) as string[];
    return reply.map((json) => JSON.parse(json) as DeadLetter);
  }

  /** {@inheritDoc Inbox.requeueDeadLetter} */
  async requeueDeadLetter(itemId: string): Promise<boolean> {
    const stored = (await DEAD_LETTERS_SCRIPT.run(this.client, [this.key('dead')], [String(this.maxDeadLetters)])) as string[];
    const raw = stored.find((json) => (JSON.parse(json) as DeadLetter).item.id === itemId);
    if (raw === undefined) return false;
    const letter = JSON.parse(raw) as DeadLetter;
    await this.append(letter.conversationId, replayOf(letter.item, Date.now()));
    await REMOVE_DEAD_LETTER_SCRIPT.run(this.client, [this.key('dead')], [raw]);
    return true;
  }

  /** {@inheritDoc Inbox.onAppend} */
  onAppend(listener: () => void): () => void {
    this.events.on('append', listener);
    if (this.opts.subscriber && !this.subscribed) {
      this.subscribed = this.opts.subscriber.subscribe(this.notifyChannel, this.onMessage).catch((err: unknown) => {
        this.subscribed = undefined; // try again with the next listener
        this.opts.onError?.(err);
      });
    }
    return () => this.events.off('append', listener);
  }

  /** {@inheritDoc Inbox.close} */
  async close(): Promise<void> {
    this.events.removeAllListeners();
    if (this.opts.subscriber && this.subscribed) {
      this.subscribed = undefined;
      await this.opts.subscriber.unsubscribe(this.notifyChannel, this.onMessage).catch((err: unknown) => this.opts.onError?.(err));
    }
  }

  private finish(claim: InboxClaim, mode: 'release' | 'keep' | 'dead', rest: string[]): Promise<unknown[]> {
    this.opts.prefetch?.done(claim.conversationId);
    const c = this.conversationKeys(claim.conversationId);
    const keys = [this.key('ready'), this.key('lease'), this.key('attempts'), this.key('count'), c.q, c.items, this.key('dead'), this.key('pin')];
    return FINISH_SCRIPT.run(this.client, keys, [storedId(claim.conversationId), claim.token, storedId(claim.item.id), mode, ...rest, ...this.prefetchArgs]) as Promise<unknown[]>;
  }

  private key(part: string): string {
    return `${this.base}:${part}`;
  }

  /** A conversation's keys, named by its stored id (storedId.ts: lone surrogates kept apart, S17). */
  private conversationKeys(conversationId: string): { q: string; items: string; seen: string } {
    const conv = storedId(conversationId);
    return { q: this.key(`q:${conv}`), items: this.key(`items:${conv}`), seen: this.key(`seen:${conv}`) };
  }
}
