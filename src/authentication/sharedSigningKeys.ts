/**
 * The bot's token signing keys shared through Redis (S12 of docs/platform-contract.md), so a key
 * rotation is safe whatever order the replicas are restarted in. Each replica announces the keys
 * it is configured with (BOT_TOKEN_SIGNING_KEY and BOT_TOKEN_PREVIOUS_SIGNING_KEYS) before it signs
 * anything, and every replica that meets a token whose `kid` it does not know looks the key up
 * here. A replica restarted with a new key is therefore accepted by the ones not yet restarted,
 * which know nothing of that key: before, they refused its tokens with 401 and the hub's callbacks
 * were lost until every replica had the new key.
 *
 * One Redis key per signing key, named by its kid, expiring `retainSeconds` after the last
 * announcement (refreshed while a replica holds the key): a key no replica has any more is
 * accepted until the tokens it signed have expired, then forgotten. A value is trusted only if it
 * hashes to the kid it is stored under.
 */
import { tenantKey } from '../redis/tenantKey.js';
import { KeysUnavailableError, kidOf } from './trustedIssuer.js';

/** What the key set needs of a node-redis client (a client or a cluster client both fit). */
export interface SharedSigningKeysClient {
  /**
   * Redis `SET` with an expiry in seconds.
   *
   * @param key - the key
   * @param value - the value
   * @param options - the expiry
   */
  set(key: string, value: string, options: { expiration: { type: 'EX'; value: number } }): Promise<unknown>;
  /**
   * Redis `GET`.
   *
   * @param key - the key
   */
  get(key: string): Promise<string | null>;
}

/** Where to keep the keys, and for how long after the last announcement. */
export interface SharedSigningKeysOptions {
  client: SharedSigningKeysClient;
  /** The tenant: the keys' hash tag. */
  tenant: string;
  /** How long a key stays after its last announcement; at least the tokens' lifetime (BOT_TOKEN_TTL_SECONDS) plus a margin. */
  retainSeconds: number;
  /** How often the keys held are announced again; default a quarter of `retainSeconds`, at most a minute. */
  refreshMs?: number;
}

const KID = /^[A-Za-z0-9_-]{16}$/;
/** How long a kid Redis does not know is not asked about again (a forged token repeated in a flood). */
const UNKNOWN_FOR_MS = 1000;
const MAX_UNKNOWN = 1000;

/** The signing keys every replica accepts, on Redis. */
export class SharedSigningKeys {
  // Keys by kid, with when they must be looked up again (never for this replica's own).
  private readonly known = new Map<string, { key: string; untilMs: number }>();
  private readonly unknownSince = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  /** @param opts - the Redis client, the tenant, how long keys are kept */
  constructor(private readonly opts: SharedSigningKeysOptions) {}

  /**
   * Announces the keys this replica holds, and keeps announcing them until `stop`. Resolves once
   * they are on Redis: only then may the replica sign with them.
   *
   * @param keys - the current signing key and the previous ones
   */
  async announce(keys: readonly string[]): Promise<void> {
    const write = () => Promise.all(keys.map((k) => this.opts.client.set(this.redisKey(kidOf(k)), k, { expiration: { type: 'EX', value: this.opts.retainSeconds } })));
    await write();
    for (const k of keys) this.known.set(kidOf(k), { key: k, untilMs: Infinity });
    clearInterval(this.timer);
    this.timer = setInterval(() => void write().catch(() => undefined), this.opts.refreshMs ?? Math.min(60_000, (this.opts.retainSeconds * 1000) / 4));
    this.timer.unref();
  }

  /**
   * The key named by `kid`, from this replica's memory or else from Redis; undefined when no
   * replica has announced it. Rejects with KeysUnavailableError when Redis does not answer.
   *
   * @param kid - the token's key id
   */
  async lookup(kid: string): Promise<string | undefined> {
    const cached = this.known.get(kid);
    if (cached && cached.untilMs > Date.now()) return cached.key;
    if (!KID.test(kid)) return undefined;
    const since = this.unknownSince.get(kid);
    if (since !== undefined && Date.now() - since < UNKNOWN_FOR_MS) return undefined;
    let value: string | null;
    try {
      value = await this.opts.client.get(this.redisKey(kid));
    } catch (err) {
      throw new KeysUnavailableError(err);
    }
    if (value === null || kidOf(value) !== kid) {
      if (this.unknownSince.size >= MAX_UNKNOWN) this.unknownSince.clear();
      this.unknownSince.set(kid, Date.now());
      return undefined;
    }
    this.unknownSince.delete(kid);
    this.known.set(kid, { key: value, untilMs: Date.now() + this.opts.retainSeconds * 1000 });
    return value;
  }

  /** Stops announcing (the keys then expire after `retainSeconds`). */
  stop(): void {
    clearInterval(this.timer);
  }

  private redisKey(kid: string): string {
    return tenantKey(this.opts.tenant, 'signing-key', kid);
  }
}
