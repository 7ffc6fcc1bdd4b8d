/**
 * The multi-replica harness: the product as a contact center runs it, on one machine.
 *
 *   customer ─> emulator (hub) ─callback─> round-robin proxy ─> replica 1..N ─┐
 *                  ^                                                         ├─> one Redis
 *                  └──────────── replies (POST /conversations/messages) ─────┘
 *
 * The emulator runs in this process; each replica is a real process (replicaMain.ts) that
 * can be killed with SIGKILL. The bot is provisioned on the emulator exactly as `hubbot
 * provision` does it, with the proxy's URLs as callback and token request URL. Every run uses
 * a tenant of its own (the tenant is in every Redis key), whose keys are deleted at the end,
 * so it can share the machine's Redis with other tests.
 *
 * Used by test/reliability, `hubbot replicas` and `npm run soak`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { configSchema, loadConfig } from '../../src/config/config.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { defaultParts } from '../../src/emulator/defaultParts.js';
import { knowledgeParts } from '../../src/emulator/portal/knowledgeParts.js';
import { provision } from '../../src/provisioning/provision.js';
import { parseSetupDescription } from '../../src/provisioning/setupDescription.js';
import { clusterSettings, type RedisSettings } from '../../src/redis/redisSettings.js';
import { openSharedRedis } from '../../src/redis/sharedRedis.js';
import { connectPlatform } from '../../src/server/platformConnection.js';
import { watchPlatformCalls, type PlatformCallWatch } from './platformCallWatch.js';
import type { ProbeTurn } from './probeBot.js';
import { ReplicaProcess, type ReplicaEntry } from './replicaProcess.js';
import { HARNESS_ENV, type MemoryUsage, type ReplicaReport } from './replicaMessages.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './roundRobinProxy.js';

export const HARNESS_ACCOUNT_ADDRESS = 'support@replicas.test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface ReplicaHarnessOptions {
  /** Replicas started at once; default 3. */
  replicas?: number;
  /** Default the machine's Redis, redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** A Redis Cluster instead (its seed nodes, as REDIS_CLUSTER_NODES); replaces redisUrl. */
  redisClusterNodes?: string;
  /** Default `harness-<uuid>`: a tenant of its own, so its keys can be deleted afterwards. */
  tenant?: string;
  /** Emulator options (plan, faults, callback timeout, port); its parts are chosen here. */
  emulator?: Omit<EmulatorOptions, 'parts'>;
  /** Also serve the emulator's web chat and inspector pages (for a person); default false. */
  webChat?: boolean;
  proxyPort?: number;
  /** The first replica's port; the others take the next ones. Default: free ports picked by the system. */
  replicaPort?: number;
  /** Inbox lease of each replica (ms); default the product's (30 s). Short in tests. */
  leaseMs?: number;
  pollIntervalMs?: number;
  concurrency?: number;
  /** The bot: a module `path[#export]` exporting `(deps) => RunnableBot`; default the probe bot. */
  botModule?: string;
  /** More environment for the replicas (LOG_LEVEL, PLATFORM_PLAN, ...). */
  env?: Record<string, string>;
  logs?: 'inherit' | 'buffer';
  /** Leave the tenant's Redis keys in place at stop (to look at them); default false. */
  keepKeys?: boolean;
}

/** What one replica runs, when not this release with the harness's settings. */
export interface StartReplicaOptions {
  /** Its name in reports and logs; default `replica-<n>`. */
  name?: string;
  /** Another release's replica entry (a rolling upgrade runs the previous one beside this). */
  entry?: ReplicaEntry;
  /** Environment of this replica only, over the harness's (HARNESS_BOT_MODULE of its release, ...). */
  env?: Record<string, string>;
}

export interface ObservedTurn {
  replica: string;
  turn: ProbeTurn;
}

export interface ReplicaHarness {
  emulator: RunningEmulator;
  proxy: RoundRobinProxy;
  /** Every replica started, dead ones included (see `alive`). */
  readonly replicas: readonly ReplicaProcess[];
  tenant: string;
  /** The one-node Redis (empty on a cluster). */
  redisUrl: string;
  /** The cluster's seed nodes, when the replicas run on a Redis Cluster. */
  redisClusterNodes?: string;
  accountAddress: string;
  /** The client application's callback URL and the webhook URL (both on the proxy). */
  callbackUrl: string;
  webhookUrl: string;
  /** The HMAC key the replicas require on knowledge events (S4); the emulator signs with it. */
  webhookSecret: string;
  /** The bot's client credentials at its own token endpoint (for a test acting as the hub). */
  botClient: { clientId: string; clientSecret: string; tokenUrl: string };
  /** What the emulated platform received, as sent. */
  platformCalls: PlatformCallWatch;
  /** Turns started, in the order the replicas reported them (probe bot only). */
  readonly turns: readonly ObservedTurn[];
  /** Knowledge events handled, per replica (probe bot only). */
  readonly knowledgeEvents: readonly { replica: string; notificationId: string }[];
  live(): ReplicaProcess[];
  /** Starts one more replica (of this release unless `opts.entry` names another) and adds it to the proxy. */
  startReplica(opts?: StartReplicaOptions): Promise<ReplicaProcess>;
  /** Kills a replica (SIGKILL by default) and takes it out of the proxy. */
  kill(replica: ReplicaProcess, signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the first turn reported after the call that matches. */
  nextTurn(match: (t: ObservedTurn) => boolean, timeoutMs?: number): Promise<ObservedTurn>;
  /** Memory of every live replica; with `gc`, after a full garbage collection in each. */
  memory(opts?: { gc?: boolean }): Promise<{ replica: string; usage: MemoryUsage }[]>;
  stop(): Promise<void>;
}

export async function startReplicaHarness(opts: ReplicaHarnessOptions = {}): Promise<ReplicaHarness> {
  const tenant = opts.tenant ?? `harness-${randomUUID()}`;
  const redisUrl = opts.redisClusterNodes ? '' : (opts.redisUrl ?? DEFAULT_REDIS_URL);
  const redis: RedisSettings = opts.redisClusterNodes ? clusterSettings(opts.redisClusterNodes) : { mode: 'single', url: redisUrl };
  const secret = () => randomBytes(24).toString('base64url');
  const botClient = { clientId: 'hub-replicas', clientSecret: secret() };
  // Undone last first: replicas, emulator, proxy, then the tenant's Redis keys.
  const cleanups: (() => Promise<void>)[] = [];
  if (!opts.keepKeys) cleanups.push(async () => void (await deleteTenantKeys(redis, tenant)));
  let stopped: Promise<void> | undefined;
  const cleanUp = () =>
    (stopped ??= (async () => {
      for (const c of [...cleanups].reverse()) await c().catch(() => undefined);
    })());

  try {
    const proxy = await startRoundRobinProxy({ port: opts.proxyPort });
    cleanups.push(() => proxy.close());
    const webhookUrl = `${proxy.url}${configSchema.shape.BOT_WEBHOOK_PATH.parse(opts.env?.BOT_WEBHOOK_PATH)}`;
    const webhookSecret = secret() + secret();
    const webhooks = [{ url: webhookUrl, hmacSecret: webhookSecret }];
    const parts = opts.webChat ? defaultParts({ webhooks }) : knowledgeParts({ webhooks });
    const emulator = await startEmulator({ port: 0, ...opts.emulator, parts });
    cleanups.push(() => emulator.stop());
    const platformCalls = watchPlatformCalls(emulator.context.app.server.server);
    cleanups.push(async () => platformCalls.stop());

    const env: Record<string, string | undefined> = { ...process.env };
    // The replicas' configuration is this harness's, whatever this shell's environment says;
    // except where their traces go (OTEL_*): a collector of this shell's is theirs too (O4).
    for (const key of Object.keys(configSchema.shape)) if (!key.startsWith('OTEL_')) delete env[key];
    Object.assign(env, {
      PLATFORM_BASE_URL: emulator.url,
      PLATFORM_TOKEN_URL: emulator.tokenUrl,
      PLATFORM_CLIENT_ID: emulator.defaultClient.clientId,
      PLATFORM_CLIENT_SECRET: emulator.defaultClient.clientSecret,
      PLATFORM_TENANT: tenant,
      ...(opts.redisClusterNodes ? { REDIS_CLUSTER_NODES: opts.redisClusterNodes } : { REDIS_URL: redisUrl }),
      BOT_HOST: '127.0.0.1',
      BOT_PORT: '0',
      BOT_CLIENT_ID: botClient.clientId,
      BOT_CLIENT_SECRET: botClient.clientSecret,
      BOT_TOKEN_SIGNING_KEY: secret() + secret(),
      WEBHOOK_HMAC_SECRET: webhookSecret,
      LOG_LEVEL: 'warn',
      ...(typeof opts.emulator?.plan === 'string' ? { PLATFORM_PLAN: opts.emulator.plan } : {}),
      ...(opts.leaseMs ? { [HARNESS_ENV.leaseMs]: String(opts.leaseMs) } : {}),
      ...(opts.pollIntervalMs ? { [HARNESS_ENV.pollIntervalMs]: String(opts.pollIntervalMs) } : {}),
      ...(opts.concurrency ? { [HARNESS_ENV.concurrency]: String(opts.concurrency) } : {}),
      ...(opts.botModule ? { [HARNESS_ENV.botModule]: opts.botModule } : {}),
      ...opts.env,
    });
    const config = loadConfig(env);

    const description = parseSetupDescription({
      authentication: { name: 'replicas bot token', tokenRequestUrl: `${proxy.url}/oauth2/token` },
      clientApplication: { name: 'replicas bot', callbackUrl: `${proxy.url}${config.BOT_CALLBACK_PATH}` },
      participant: { name: 'replicas bot' },
      channel: { name: 'replicas chat' },
      orchestration: { name: 'replicas bot first' },
      account: { name: 'replicas support', address: HARNESS_ACCOUNT_ADDRESS, defaultLanguage: config.DEFAULT_LANGUAGE },
    });
    await provision(connectPlatform(config).conversations, description, { env });

    const replicas: ReplicaProcess[] = [];
    const turns: ObservedTurn[] = [];
    const knowledgeEvents: { replica: string; notificationId: string }[] = [];
    const turnListeners = new Set<(t: ObservedTurn) => void>();
    cleanups.push(async () => {
      await Promise.all(replicas.map((r) => r.stop()));
    });
    const live = () => replicas.filter((r) => r.alive);
    const route = () => proxy.setUpstreams(live().map((r) => r.url));
    let started = 0;
    const startReplica = async (one: StartReplicaOptions = {}) => {
      const port = opts.replicaPort === undefined ? '0' : String(opts.replicaPort + started);
      started++;
      const r = await ReplicaProcess.start({ name: one.name ?? `replica-${started}`, env: { ...env, BOT_PORT: port, ...one.env }, logs: opts.logs, entry: one.entry });
      r.on('report', (m: ReplicaReport) => {
        if (m.type === 'turn') {
          const t = { replica: r.name, turn: m.turn };
          turns.push(t);
          for (const l of turnListeners) l(t);
        } else if (m.type === 'knowledgeEvent') knowledgeEvents.push({ replica: r.name, notificationId: m.notificationId });
      });
      // However it ends (killed here, by hand, or crashed), it leaves the proxy's rotation.
      r.on('exit', () => route());
      replicas.push(r);
      route();
      return r;
    };
    await Promise.all(Array.from({ length: opts.replicas ?? 3 }, () => startReplica()));

    return {
      emulator,
      proxy,
      replicas,
      tenant,
      redisUrl,
      redisClusterNodes: opts.redisClusterNodes,
      accountAddress: HARNESS_ACCOUNT_ADDRESS,
      callbackUrl: `${proxy.url}${config.BOT_CALLBACK_PATH}`,
      webhookUrl,
      webhookSecret,
      botClient: { ...botClient, tokenUrl: `${proxy.url}/oauth2/token` },
      platformCalls,
      turns,
      knowledgeEvents,
      live,
      startReplica,
      kill: async (replica, signal = 'SIGKILL') => {
        await replica.kill(signal);
        route();
      },
      nextTurn: (match, timeoutMs = 30_000) =>
        new Promise((resolve, reject) => {
          const on = (t: ObservedTurn) => {
            if (!match(t)) return;
            done();
            resolve(t);
          };
          const timer = setTimeout(() => {
            done();
            reject(new Error(`no matching turn within ${timeoutMs} ms`));
          }, timeoutMs);
          const done = () => {
            clearTimeout(timer);
            turnListeners.delete(on);
          };
          turnListeners.add(on);
        }),
      memory: (o = {}) => Promise.all(live().map(async (r) => ({ replica: r.name, usage: await r.memory(o) }))),
      stop: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** Deletes every key of the tenant (`hubbot:{tenant}:*`), on one node or on a cluster (a URL is one node). */
export async function deleteTenantKeys(where: string | RedisSettings, tenant: string): Promise<number> {
  const client = await openSharedRedis(typeof where === 'string' ? { mode: 'single', url: where } : where, { clientName: 'hubbot-harness' });
  try {
    const keys = await client.tenantKeys(tenant);
    let deleted = 0;
    // One tenant's keys share a hash slot, so a batch is one command even on a cluster.
    for (let i = 0; i < keys.length; i += 500) deleted += await client.del(keys.slice(i, i + 500));
    return deleted;
  } finally {
    await client.close();
  }
}
