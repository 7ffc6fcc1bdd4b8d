/**
 * `hubbot tokens revoke`: an operator's way to withdraw a callback token of the bot's (S3):
 * every replica refuses it from then on (the revocation is shared through Redis) until it
 * would have expired anyway.
 */
import { parseArgs } from 'node:util';
import { decodeJwt } from 'jose';
import { ConfigError, loadConfig } from '../config/config.js';
import { redisSettingsFrom, type RedisEnv } from '../redis/redisSettings.js';
import { openSharedRedis } from '../redis/sharedRedis.js';
import { RedisRevocationStore } from '../server/redisRevocationStore.js';
import { consoleIo, type CommandIo } from './commandIo.js';

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
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { 'redis-url': { type: 'string' }, tenant: { type: 'string' }, 'expires-at': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    io.err(`hubbot tokens: ${(err as Error).message}\n\n${TOKENS_HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(TOKENS_HELP);
    return 0;
  }
  const [action, ...items] = positionals;
  if (action !== 'revoke' || items.length === 0) {
    io.err(`hubbot tokens: name what to revoke\n\n${TOKENS_HELP}`);
    return 2;
  }
  let redisUrl = values['redis-url'];
  let tenant = values.tenant;
  let ttlSeconds = 3600;
  let redisEnv: RedisEnv = {};
  try {
    const cfg = loadConfig(io.env);
    redisUrl ??= cfg.REDIS_URL;
    redisEnv = cfg;
    tenant ??= cfg.PLATFORM_TENANT;
    ttlSeconds = cfg.BOT_TOKEN_TTL_SECONDS;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
  }
  // --redis-url, else the server's own REDIS_URL or REDIS_CLUSTER_NODES (D1).
  const settings = redisSettingsFrom(redisUrl ? { ...redisEnv, REDIS_URL: redisUrl, REDIS_CLUSTER_NODES: undefined } : redisEnv);
  if (!settings) {
    io.err('hubbot tokens: revocations are shared through Redis; set REDIS_URL or REDIS_CLUSTER_NODES, or pass --redis-url');
    return 2;
  }
  const explicitExpiry = values['expires-at'] === undefined ? undefined : Number(values['expires-at']);
  if (explicitExpiry !== undefined && !Number.isFinite(explicitExpiry)) {
    io.err('hubbot tokens: --expires-at must be unix seconds');
    return 2;
  }
  const client = await openSharedRedis(settings, { clientName: 'hubbot-tokens' });
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
