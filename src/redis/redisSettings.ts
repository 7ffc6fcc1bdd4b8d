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
 *
 * A cluster whose nodes announce addresses the bot cannot reach (behind NAT, in containers, or
 * through a proxy) is reached by REDIS_CLUSTER_ADDRESS_MAP: `announced=reachable` pairs of
 * `host:port`; a node not named there is reached at the address it announces.
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
  | ({ mode: 'cluster'; nodes: RedisNodeAddress[]; tls: boolean; addressMap?: Record<string, RedisNodeAddress> } & RedisCredentials);

/** The environment variables read here (all optional; REDIS_URL and REDIS_CLUSTER_NODES exclude each other). */
export interface RedisEnv {
  REDIS_URL?: string;
  REDIS_CLUSTER_NODES?: string;
  REDIS_CLUSTER_ADDRESS_MAP?: string;
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
  if (env.REDIS_CLUSTER_ADDRESS_MAP && !env.REDIS_CLUSTER_NODES) throw new RangeError('REDIS_CLUSTER_ADDRESS_MAP applies to a Redis Cluster: set REDIS_CLUSTER_NODES too');
  if (env.REDIS_URL) return { mode: 'single', url: withCredentials(env.REDIS_URL, env) };
  if (!env.REDIS_CLUSTER_NODES) return undefined;
  return clusterSettings(env.REDIS_CLUSTER_NODES, env);
}

/**
 * The cluster settings of a seed list (`host:port,...` or URLs, comma or space separated).
 *
 * @param seedList - the seed nodes
 * @param env - credentials, TLS and the address map
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
  const addressMap = env.REDIS_CLUSTER_ADDRESS_MAP ? parseAddressMap(env.REDIS_CLUSTER_ADDRESS_MAP) : undefined;
  return { mode: 'cluster', nodes: seeds.map(({ host, port }) => ({ host, port })), tls, username, password, ...(addressMap ? { addressMap } : {}) };
}

/**
 * REDIS_CLUSTER_ADDRESS_MAP: `announced=reachable` pairs (`host:port` each), comma or space
 * separated, keyed as the cluster announces a node (`host:port`, as CLUSTER SLOTS answers).
 */
function parseAddressMap(text: string): Record<string, RedisNodeAddress> {
  const map: Record<string, RedisNodeAddress> = {};
  for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
    const [announced, reachable, ...rest] = pair.split('=');
    const a = announced ? hostPort(announced) : undefined;
    const r = reachable ? hostPort(reachable) : undefined;
    if (!a || !r || rest.length > 0) throw new RangeError(`REDIS_CLUSTER_ADDRESS_MAP: not announced=reachable (host:port=host:port): ${pair}`);
    map[`${a.host}:${a.port}`] = r;
  }
  if (Object.keys(map).length === 0) throw new RangeError('REDIS_CLUSTER_ADDRESS_MAP: at least one announced=reachable pair');
  return map;
}

function hostPort(text: string): RedisNodeAddress | undefined {
  const m = /^(.+):(\d{1,5})$/.exec(text);
  if (!m || Number(m[2]) > 65535) return undefined;
  return { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

/** A redacted description for logs and /readyz: never a password. */
export function describeRedis(settings: RedisSettings): string {
  if (settings.mode === 'single') {
    const u = new URL(settings.url);
    return `${u.protocol}//${u.host}`;
  }
  const mapped = settings.addressMap ? ` (${Object.keys(settings.addressMap).length} node addresses mapped)` : '';
  return `cluster ${settings.tls ? 'rediss' : 'redis'}://${settings.nodes.map((n) => `${n.host}:${n.port}`).join(',')}${mapped}`;
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
  const address = hostPort(text);
  if (!address) throw new RangeError(`REDIS_CLUSTER_NODES: not host:port or a redis:// URL: ${masked}`);
  return address;
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
