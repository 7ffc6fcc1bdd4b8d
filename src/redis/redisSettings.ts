/**
 * Where the bot's Redis is: one node (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES, a seed
 * list). Parsed once, here, so the connection factory (sharedRedis.ts) is the only place that
 * knows the difference (D1).
 *
 * A seed is `host:port` or a `redis://` / `rediss://` URL. The cluster client discovers every
 * other node from the seeds and connects to them with the seeds' credentials and TLS, so all
 * seeds must agree on those: a user and password written in one seed URL, or given by
 * REDIS_USERNAME / REDIS_PASSWORD, apply to every node; `rediss://` (or REDIS_TLS=true) turns
 * TLS on for every node.
 */

export interface RedisNodeAddress {
  host: string;
  port: number;
}

export interface RedisCredentials {
  username?: string;
  password?: string;
}

/**
 * Where Redis is: one node by URL, or a Redis Cluster by its seed nodes (with credentials and TLS).
 */
export type RedisSettings =
  | { mode: 'single'; url: string }
  | ({ mode: 'cluster'; nodes: RedisNodeAddress[]; tls: boolean } & RedisCredentials);

/** The environment variables read here (all optional; REDIS_URL and REDIS_CLUSTER_NODES exclude each other). */
export interface RedisEnv {
  REDIS_URL?: string;
  REDIS_CLUSTER_NODES?: string;
  REDIS_USERNAME?: string;
  REDIS_PASSWORD?: string;
  REDIS_TLS?: boolean;
}

/**
 * Undefined when neither REDIS_URL nor REDIS_CLUSTER_NODES is set (the memory stores then).
 *
 * @param env - the configuration's Redis variables
 */
export function redisSettingsFrom(env: RedisEnv): RedisSettings | undefined {
  if (env.REDIS_URL && env.REDIS_CLUSTER_NODES) throw new RangeError('REDIS_URL and REDIS_CLUSTER_NODES: set one or neither');
  if (env.REDIS_URL) return { mode: 'single', url: withCredentials(env.REDIS_URL, env) };
  if (!env.REDIS_CLUSTER_NODES) return undefined;
  return clusterSettings(env.REDIS_CLUSTER_NODES, env);
}

/**
 * The cluster settings of a seed list (`host:port,...` or URLs, comma or space separated).
 *
 * @param seedList - the seed nodes
 * @param env - credentials and TLS
 */
export function clusterSettings(seedList: string, env: Omit<RedisEnv, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'> = {}): RedisSettings {
  const seeds = seedList.split(/[\s,]+/).filter(Boolean).map(parseSeed);
  if (seeds.length === 0) throw new RangeError('REDIS_CLUSTER_NODES: at least one host:port');
  const agree = <T>(values: T[], what: string): T | undefined => {
    const distinct = [...new Set(values.filter((v) => v !== undefined))];
    if (distinct.length > 1) throw new RangeError(`REDIS_CLUSTER_NODES: the seeds disagree on ${what}`);
    return distinct[0];
  };
  const tls = agree(seeds.map((s) => s.tls), 'TLS (mix of redis:// and rediss://)') ?? env.REDIS_TLS ?? false;
  const username = env.REDIS_USERNAME ?? agree(seeds.map((s) => s.username), 'the user');
  const password = env.REDIS_PASSWORD ?? agree(seeds.map((s) => s.password), 'the password');
  return { mode: 'cluster', nodes: seeds.map(({ host, port }) => ({ host, port })), tls, username, password };
}

/** A redacted description for logs and /readyz: never a password. */
export function describeRedis(settings: RedisSettings): string {
  if (settings.mode === 'single') {
    const u = new URL(settings.url);
    return `${u.protocol}//${u.host}`;
  }
  return `cluster ${settings.tls ? 'rediss' : 'redis'}://${settings.nodes.map((n) => `${n.host}:${n.port}`).join(',')}`;
}

interface Seed extends RedisNodeAddress, RedisCredentials {
  tls?: boolean;
}

function parseSeed(text: string): Seed {
  const masked = text.replace(/\/\/[^@/]*@/, '//***@');
  if (/^rediss?:\/\//.test(text)) {
    let u: URL;
    try {
      u = new URL(text);
    } catch {
      throw new RangeError(`REDIS_CLUSTER_NODES: not a valid URL: ${masked}`);
    }
    const port = Number(u.port || 6379);
    if (!u.hostname || !Number.isInteger(port)) throw new RangeError(`REDIS_CLUSTER_NODES: not a node address: ${u.protocol}//${u.host}`);
    return {
      host: u.hostname.replace(/^\[|\]$/g, ''),
      port,
      tls: u.protocol === 'rediss:',
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
    };
  }
  const m = /^(.+):(\d{1,5})$/.exec(text);
  if (!m || Number(m[2]) > 65535) throw new RangeError(`REDIS_CLUSTER_NODES: not host:port or a redis:// URL: ${masked}`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

/** REDIS_USERNAME / REDIS_PASSWORD go into a REDIS_URL that carries none. */
function withCredentials(url: string, env: RedisEnv): string {
  if (!env.REDIS_USERNAME && !env.REDIS_PASSWORD) return url;
  const u = new URL(url);
  if (u.username || u.password) return url;
  if (env.REDIS_USERNAME) u.username = encodeURIComponent(env.REDIS_USERNAME);
  if (env.REDIS_PASSWORD) u.password = encodeURIComponent(env.REDIS_PASSWORD);
  return u.toString();
}
