/**
 * Revoked token ids in Redis, shared by every replica: a token revoked through one replica is
 * refused by all. One key per jti under the tenant's hash tag, expiring with the token itself
 * (EXAT), so Redis drops the entry when `exp` takes over.
 */
import { LuaScript, type RedisScriptClient } from '../redis/luaScript.js';
import { tenantKey } from '../redis/tenantKey.js';
import { noticeKind, publishNoticeLua } from '../redis/scriptNotices.js';
import type { RevocationStore } from './revocationStore.js';
import { answerWithin } from '../redis/answerWithin.js';

/**
 * KEYS: the jti's key, the index of revoked ids. ARGV: jti, exp (s), the notice channel, how the
 * notice is published (scriptNotices.ts).
 * Besides the key the callbacks' check reads, the id goes into an index (scored by its token's
 * expiry, expired ones dropped) and out on a notice: every replica keeps the revoked ids in
 * memory (follow) and refuses their tokens before reading a body (S1), without a round trip.
 */
const REVOKE_SCRIPT = new LuaScript(`
redis.call('SET', KEYS[1], '1', 'EXAT', ARGV[2])
redis.call('ZADD', KEYS[2], tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(redis.call('TIME')[1]))
if redis.call('TTL', KEYS[2]) == -1 then redis.call('EXPIREAT', KEYS[2], ARGV[2]) else redis.call('EXPIREAT', KEYS[2], ARGV[2], 'GT') end
${publishNoticeLua(4, 3, "ARGV[1] .. ' ' .. ARGV[2]")}
return 1
`);

/** KEYS: the index. Returns the ids still revoked, each followed by its token's expiry (s). */
const REVOKED_SCRIPT = new LuaScript(`return redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. redis.call('TIME')[1], '+inf', 'WITHSCORES')`);

/**
 * Where the revocation notices arrive: the SharedRedis the store writes through (sharded on a
 * cluster, as its script publishes), or, with a client of the caller's own, a subscriber of theirs.
 */
export interface RevocationSubscriber {
  subscribe(channel: string, listener: (message: string) => unknown): Promise<void>;
  unsubscribe(channel: string, listener?: (message: string) => unknown): Promise<void>;
}

/** How often a follower reads the whole index again (a notice missed while disconnected). */
export const REVOCATION_RELOAD_MS = 30_000;

/** What the store needs of a node-redis client (a client or a cluster client both fit). */
export interface RedisRevocationClient {
  /**
   * Redis `SET` with an absolute expiry.
   *
   * @param key - the key
   * @param value - the value
   * @param options - the expiry, in seconds since the epoch
   */
  set(key: string, value: string, options: { expiration: { type: 'EXAT'; value: number } }): Promise<unknown>;
  /**
   * Redis `EXISTS`.
   *
   * @param key - the key
   */
  exists(key: string): Promise<number>;
  /** When present and false, a check fails at once instead of waiting for a reconnection. */
  readonly isReady?: boolean;
}

/** A check that has no answer after this long fails (the callback is then answered 503). */
export const DEFAULT_REVOCATION_CHECK_TIMEOUT_MS = 1000;

/**
 * Revoked token ids on Redis, shared by every replica: a token revoked through one replica is
 * refused by all. One key per id, expiring with the token.
 */
export class RedisRevocationStore implements RevocationStore {
  /** Revoked ids this process knows of (revoked here, told, or read from the index): id → expiry ms. */
  private readonly known = new Map<string, number>();

  /**
   * @param client - a connected node-redis client (or cluster client)
   * @param tenant - the tenant whose revocations these are: the Redis Cluster hash tag
   * @param now - the clock, in ms since the epoch
   * @param checkTimeoutMs - how long a check may wait for Redis before it fails (the callback gets 503)
   */
  constructor(
    private readonly client: RedisRevocationClient,
    private readonly tenant: string,
    private readonly now: () => number = () => Date.now(),
    private readonly checkTimeoutMs = DEFAULT_REVOCATION_CHECK_TIMEOUT_MS,
  ) {}

  /**
   * Revokes a token id until its token expires.
   *
   * @param jti - the token's id
   * @param expiresAtSeconds - the token's `exp`, in seconds since the epoch
   */
  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    // Already expired: nothing to remember (Redis would refuse an EXAT in the past anyway).
    if (expiresAtSeconds * 1000 <= this.now()) return;
    const exp = Math.ceil(expiresAtSeconds);
    this.remember(jti, exp);
    if (!isScriptClient(this.client)) {
      await this.client.set(this.key(jti), '1', { expiration: { type: 'EXAT', value: exp } });
      return;
    }
    await REVOKE_SCRIPT.run(this.client, [this.key(jti), this.indexKey()], [jti, String(exp), this.channel(), noticeKind(this.client)]);
  }

  /** {@inheritDoc RevocationStore.knownRevoked} */
  knownRevoked(jti: string): boolean {
    const until = this.known.get(jti);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.known.delete(jti);
    return false;
  }

  /**
   * Keeps this process's memory of the revoked ids current: the index now, each notice as it
   * comes, and the index again every `reloadMs` (a notice missed while Redis was away). The
   * callbacks' own check in Redis stays the authority; this lets a replica refuse a revoked
   * token from its headers. Returns the function that stops following.
   */
  async follow(subscriber: RevocationSubscriber, reloadMs = REVOCATION_RELOAD_MS): Promise<() => Promise<void>> {
    const listener = (message: string) => {
      const [jti, exp] = message.split(' ');
      if (jti && Number.isFinite(Number(exp))) this.remember(jti, Number(exp));
    };
    await subscriber.subscribe(this.channel(), listener);
    const reload = async () => {
      if (!isScriptClient(this.client)) return;
      const rows = (await REVOKED_SCRIPT.run(this.client, [this.indexKey()], [])) as string[];
      for (let i = 0; i + 1 < rows.length; i += 2) this.remember(rows[i], Number(rows[i + 1]));
    };
    await reload();
    const timer = setInterval(() => void reload().catch(() => undefined), reloadMs);
    timer.unref();
    let stopped = false;
    // Once only: a server stopped twice must not ask a closed connection to unsubscribe.
    return async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await subscriber.unsubscribe(this.channel(), listener);
    };
  }

  private remember(jti: string, expSeconds: number): void {
    const t = this.now();
    // Forget what expired before adding: the map holds only tokens still alive.
    if (this.known.size > 0 && this.known.size % 64 === 0) for (const [id, until] of this.known) if (until <= t) this.known.delete(id);
    if (expSeconds * 1000 > t) this.known.set(jti, expSeconds * 1000);
  }

  private indexKey(): string {
    return tenantKey(this.tenant, 'revoked-jtis');
  }

  private channel(): string {
    return tenantKey(this.tenant, 'revocations');
  }

  /**
   * Rejects, rather than waits, while Redis is unreachable: node-redis queues commands until it
   * reconnects, and a callback left waiting would time out at the hub instead of getting the
   * 503 that tells it to try again (the authenticator turns this rejection into that 503).
   */
  async isRevoked(jti: string): Promise<boolean> {
    if (this.client.isReady === false) throw new Error('redis is not connected');
    return (await answerWithin(this.client.exists(this.key(jti)), this.checkTimeoutMs, 'no answer from redis')) > 0;
  }

  /** {@inheritDoc RevocationStore.keyOf} */
  keyOf(jti: string): string {
    return tenantKey(this.tenant, 'revoked-jti', jti);
  }

  private key(jti: string): string {
    return this.keyOf(jti);
  }
}

function isScriptClient(client: unknown): client is RedisScriptClient {
  return typeof (client as RedisScriptClient).evalSha === 'function' && typeof (client as RedisScriptClient).eval === 'function';
}
