/**
 * `hubbot tokens revoke`: an operator's way to withdraw a callback token of the bot's (S3):
 * every replica refuses it from then on (the revocation is shared through Redis) until it
 * would have expired anyway.
 */
import { decodeJwt } from 'jose';
import { openSharedRedis } from '../src/redis/sharedRedis.js';
import { RedisRevocationStore } from '../src/authentication/redisRevocationStore.js';
import { consoleIo, parseCommandArgs, type CommandIo } from './commandIo.js';
import { commandRedisConnectTimeoutMs, redisTarget, sharedRedisSettings } from './redisTarget.js';

export const TOKENS_HELP = `Usage: hubbot tokens revoke <token or jti>... [--expires-at <unix seconds>]

Revokes callback tokens of the bot: every replica refuses them from now on. Give the token
itself (its jti and expiry are read from it), or its jti; a bare jti is remembered until
--expires-at, else for the tokens' whole lifetime (BOT_TOKEN_TTL_SECONDS from now).

Options:
  --redis-url <url>   Redis the replicas share (default REDIS_URL)
  --tenant <id>       tenant of the keys (default PLATFORM_TENANT, else "default")
  --expires-at <s>    when a bare jti's token expires (unix seconds)
  -h, --help          this text`;

export async function run(args: string[], io: CommandIo = consoleIo()): Promise<number> {
  const parsed = parseCommandArgs('tokens', TOKENS_HELP, args, { 'redis-url': { type: 'string' }, tenant: { type: 'string' }, 'expires-at': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [action, ...items] = positionals;
  if (action !== 'revoke' || items.length === 0) {
    io.err(`hubbot tokens: name what to revoke\n\n${TOKENS_HELP}`);
    return 2;
  }
  // An unreadable configuration is no error here: the flags and the defaults do.
  const target = redisTarget(values, io.env);
  const { tenant } = target;
  const ttlSeconds = target.config?.BOT_TOKEN_TTL_SECONDS ?? 3600;
  const settings = sharedRedisSettings(target);
  if (!settings) {
    io.err('hubbot tokens: revocations are shared through Redis; set REDIS_URL or REDIS_CLUSTER_NODES, or pass --redis-url');
    return 2;
  }
  const explicitExpiry = values['expires-at'] === undefined ? undefined : Number(values['expires-at']);
  if (explicitExpiry !== undefined && !Number.isFinite(explicitExpiry)) {
    io.err('hubbot tokens: --expires-at must be unix seconds');
    return 2;
  }
  const client = await openSharedRedis(settings, { clientName: 'hubbot-tokens', connectTimeoutMs: commandRedisConnectTimeoutMs(io.env) });
  try {
    const store = new RedisRevocationStore(client, tenant ?? 'default');
    for (const item of items) {
      let jti = item;
      let exp = explicitExpiry ?? Math.ceil(Date.now() / 1000) + ttlSeconds;
      if (item.split('.').length === 3) {
        const claims = decodeJwt(item);
        if (typeof claims.jti !== 'string') {
          io.err('hubbot tokens: that token carries no jti');
          return 1;
        }
        jti = claims.jti;
        exp = claims.exp ?? exp;
      }
      await store.revoke(jti, exp);
      io.out(`revoked  ${jti}  until ${new Date(exp * 1000).toISOString()}`);
    }
    return 0;
  } finally {
    await client.close();
  }
}
