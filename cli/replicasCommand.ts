/**
 * `hubbot replicas`: the multi-replica harness (cli/harness) by hand. The emulator, N bot
 * replicas as separate processes behind a round-robin proxy, and one Redis; it prints where
 * everything listens and the pid of each replica (kill one with `kill -9 <pid>` and watch the
 * conversation carry on), and stops everything, Redis keys included, on Ctrl+C.
 */
import { parseArgs } from 'node:util';
import { parsePlan } from '../src/emulator/limits/planOption.js';
import { INSPECTOR_PATH, WEB_CHAT_PATH } from '../src/emulator/web/webChatPart.js';
import { DEFAULT_REDIS_URL, startReplicaHarness, type ReplicaHarness, type ReplicaHarnessOptions } from './harness/replicaHarness.js';
import { LocalRedisCluster } from './harness/localRedisCluster.js';
import { clusterSettings } from '../src/redis/redisSettings.js';
import { consoleIo, type CommandIo } from './commandIo.js';

export const REPLICAS_HELP = `Usage: hubbot replicas [options]

Runs the emulator and several bot replicas (separate processes) behind a round-robin proxy,
sharing one Redis (or a Redis Cluster), as a contact center would run them. Stop with Ctrl+C.
The replicas send traces where this shell's OTEL_EXPORTER_OTLP_ENDPOINT (and OTEL_*) say.

Options:
  --count <n>            replicas to start (default 3)
  --port <n>             the proxy's port, where the hub calls (default 3978; 0 picks a free one)
  --emulator-port <n>    the emulator's port (default 4010; 0 picks a free one)
  --replica-port <n>     the first replica's port, the others the next ones (default: free ports)
  --redis <url>          the Redis every replica shares (default REDIS_URL or ${DEFAULT_REDIS_URL})
  --redis-cluster <seeds> a Redis Cluster instead: host:port,... or redis:// URLs (default REDIS_CLUSTER_NODES)
  --local-cluster        start a Redis Cluster of six nodes on 127.0.0.1:17001-17006 for the run
                         (redis-server and redis-cli on PATH; an earlier one of ours is reused)
  --plan <plan>          usage plan of the emulator and the replicas (default Enterprise)
  --lease <ms>           how long a dead replica holds a conversation (default 30000)
  --bot-module <file>    the bot: a module exporting createBot(deps) (file#name for another export);
                         default the probe bot (echo; "slow=<ms>" / "hold=<ms>" in a text slow a turn down)
  --logs                 show the replicas' own output
  --keep-keys            leave this run's Redis keys in place when it stops
  -h, --help             show this help`;

function count(name: string, text: string | undefined, fallback: number, min = 0): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min) throw new Error(`--${name}: "${text}" is not a whole number of at least ${min}`);
  return n;
}

/** The harness options of a command line; throws an Error naming the option at fault. */
export function parseReplicasArgs(args: string[], env: Record<string, string | undefined> = process.env): ReplicaHarnessOptions & { help?: boolean; localCluster?: boolean } {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      count: { type: 'string' },
      port: { type: 'string' },
      'emulator-port': { type: 'string' },
      'replica-port': { type: 'string' },
      redis: { type: 'string' },
      'redis-cluster': { type: 'string' },
      'local-cluster': { type: 'boolean' },
      plan: { type: 'string' },
      lease: { type: 'string' },
      'bot-module': { type: 'string' },
      logs: { type: 'boolean' },
      'keep-keys': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  const chosen = [values.redis && '--redis', values['redis-cluster'] && '--redis-cluster', values['local-cluster'] && '--local-cluster'].filter(Boolean);
  if (chosen.length > 1) throw new Error(`${chosen.join(', ')}: choose one`);
  const redisUrl = values.redis ?? env.REDIS_URL ?? DEFAULT_REDIS_URL;
  if (!/^rediss?:\/\//.test(redisUrl)) throw new Error(`--redis: "${redisUrl}" is not a redis:// or rediss:// URL`);
  const clusterSeeds = values.redis ? undefined : (values['redis-cluster'] ?? env.REDIS_CLUSTER_NODES);
  if (clusterSeeds !== undefined && !values['local-cluster']) {
    try {
      clusterSettings(clusterSeeds);
    } catch (err) {
      throw new Error(`--redis-cluster: ${(err as Error).message}`);
    }
  }
  let plan: string | undefined;
  if (values.plan !== undefined) {
    // A named plan only: the replicas read theirs from PLATFORM_PLAN, which takes no custom plan.
    const parsed = (() => {
      try {
        return parsePlan(values.plan);
      } catch {
        return undefined;
      }
    })();
    if (typeof parsed !== 'string') throw new Error(`--plan: "${values.plan}" is not Developer, Basic or Enterprise`);
    plan = parsed;
  }
  return {
    replicas: count('count', values.count, 3, 1),
    proxyPort: count('port', values.port, 3978),
    emulator: { port: count('emulator-port', values['emulator-port'], 4010), ...(plan ? { plan } : {}) },
    ...(values['replica-port'] === undefined ? {} : { replicaPort: count('replica-port', values['replica-port'], 0, 1) }),
    redisUrl,
    ...(values['local-cluster'] ? { localCluster: true } : clusterSeeds ? { redisClusterNodes: clusterSeeds } : {}),
    leaseMs: values.lease === undefined ? undefined : count('lease', values.lease, 30_000, 100),
    botModule: values['bot-module'],
    logs: values.logs ? 'inherit' : 'buffer',
    keepKeys: values['keep-keys'],
    webChat: true,
  };
}

/** What a person needs to use the running harness. */
export function describeHarness(h: ReplicaHarness): string[] {
  const e = h.emulator.url;
  return [
    `hubbot replicas: ${h.live().length} replicas behind ${h.proxy.url}, tenant ${h.tenant}, ${h.redisClusterNodes ? `Redis Cluster ${h.redisClusterNodes}` : `Redis ${h.redisUrl}`}`.replace(/\/\/[^@/,]*@/g, '//***@'),
    `  emulator   ${e}   (web chat ${e}${WEB_CHAT_PATH}, inspector ${e}${INSPECTOR_PATH}, API ${e}/emulator/info)`,
    `  proxy      ${h.proxy.url}   (callback ${h.callbackUrl}, webhook ${h.webhookUrl})`,
    ...h.live().map((r) => `  ${r.name.padEnd(10)} ${r.url}   pid ${r.pid}`),
    '',
    'Chat as a customer:',
    `  curl -s -X POST ${e}/emulator/conversations -H 'content-type: application/json' -d '{"accountAddress":"${h.accountAddress}"}'`,
    `  curl -s -X POST ${e}/emulator/conversations/<id>/messages -H 'content-type: application/json' -d '{"text":"hello slow=5000"}'`,
    `  curl -s '${e}/emulator/conversations/<id>/received?since=0&waitMs=5000'`,
    'Kill a replica in the middle of a slow turn (kill -9 <pid>): another one carries the conversation on.',
    'Stop with Ctrl+C.',
  ];
}

/** Runs until SIGINT/SIGTERM, or until `until` resolves (tests). */
export async function run(args: string[], io: CommandIo = consoleIo(), until?: Promise<unknown>): Promise<number> {
  let opts: ReturnType<typeof parseReplicasArgs>;
  try {
    opts = parseReplicasArgs(args, io.env);
  } catch (err) {
    io.err(`hubbot replicas: ${(err as Error).message}\n\n${REPLICAS_HELP}`);
    return 2;
  }
  if (opts.help) {
    io.out(REPLICAS_HELP);
    return 0;
  }
  // --local-cluster: a six-node cluster for this run (kept if it was already running, ours).
  const cluster = opts.localCluster ? await LocalRedisCluster.start() : undefined;
  let h: ReplicaHarness;
  try {
    h = await startReplicaHarness(cluster ? { ...opts, redisClusterNodes: cluster.seeds } : opts);
  } catch (err) {
    await cluster?.stop();
    throw err;
  }
  for (const line of describeHarness(h)) io.out(line);
  for (const r of h.replicas) r.once('exit', (code, signal) => io.out(`${r.name} (pid ${r.pid}) exited (${signal ?? `code ${code}`}); ${h.live().length} left`));
  await new Promise<void>((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    void until?.then(done);
  });
  io.out('hubbot replicas: stopping');
  await h.stop();
  await cluster?.stop();
  return 0;
}
