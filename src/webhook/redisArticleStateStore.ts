/**
 * ArticleStateStore on Redis, shared by every replica: the hash `hubbot:{tenant}:webhook:articles`,
 * field articleId → `d:<ms>` (deleted at) or `l:<ms>` (live since). The compare-and-set runs in
 * one script, so two replicas applying events of one article concurrently cannot interleave.
 */
import { tenantKey } from '../redis/tenantKey.js';
import { LuaScript, type RedisScriptClient } from '../redis/luaScript.js';
import type { ArticleStateStore } from './articleStateStore.js';

/** KEYS: hash. ARGV: articleId, 'd' or 'l', at (ms). Same rule as replacesState. Returns 1 when the deleted flag changed. */
const APPLY_SCRIPT = new LuaScript(`
local cur = redis.call('HGET', KEYS[1], ARGV[1])
local wantDeleted = ARGV[2] == 'd'
local at = tonumber(ARGV[3])
local wasDeleted = false
if cur then
  local curAt = tonumber(string.sub(cur, 3))
  wasDeleted = string.sub(cur, 1, 1) == 'd'
  if at < curAt then return 0 end
  if at == curAt and (wasDeleted or not wantDeleted) then return 0 end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
if wasDeleted ~= wantDeleted then return 1 end
return 0
`);

/** What the store needs of a node-redis client (a client from `createRedisConnection` fits). */
export interface RedisArticleStateClient extends RedisScriptClient {
  /**
   * Redis `HMGET`.
   *
   * @param key - the hash's key
   * @param fields - the fields to read
   */
  hmGet(key: string, fields: string[]): Promise<Array<string | null>>;
}

/**
 * The article-state store on Redis, shared by every replica: one hash per tenant, article id to
 * its latest state and that state's time. The compare-and-set is one script, so two replicas
 * applying events of one article at once cannot interleave.
 */
export class RedisArticleStateStore implements ArticleStateStore {
  /** The Redis key of the tenant's article states. */
  readonly key: string;

  /** @param opts - a connected node-redis client and the tenant (the key's Redis Cluster hash tag) */
  constructor(private readonly opts: { client: RedisArticleStateClient; tenant: string }) {
    this.key = tenantKey(opts.tenant, 'webhook', 'articles');
  }

  /** {@inheritDoc ArticleStateStore.apply} */
  async apply(articleId: string, deleted: boolean, at: number): Promise<boolean> {
    const changed = await APPLY_SCRIPT.run(this.opts.client, [this.key], [articleId, deleted ? 'd' : 'l', String(Math.floor(at))]);
    return Number(changed) === 1;
  }

  /** {@inheritDoc ArticleStateStore.deletedAmong} */
  async deletedAmong(articleIds: readonly string[]): Promise<Set<string>> {
    if (articleIds.length === 0) return new Set();
    const values = await this.opts.client.hmGet(this.key, [...articleIds]);
    return new Set(articleIds.filter((_, i) => values[i]?.startsWith('d:') === true));
  }
}
