/**
 * One bot replica as its own process: `node --import tsx cli/harness/replicaMain.ts`, with the
 * product's configuration in the environment (loadConfig, exactly as `hubbot start` reads it)
 * plus the few HARNESS_* settings of replicaMessages.ts. Started by the replica harness, which
 * it tells over IPC where it listens, which turns it runs and how much memory it uses.
 *
 * It is a real replica: killed with SIGKILL it leaves what a crashed pod leaves (leases in
 * Redis that run out, callbacks acknowledged and not yet handled).
 */
import { pathToFileURL } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { startHubBotServer, type BotDependencies, type HubBotServer, type RunnableBot } from '../../src/server/hubBotServer.js';
import { ProbeBot } from './probeBot.js';
import { HARNESS_ENV, type ReplicaCommand, type ReplicaReport } from './replicaMessages.js';

type BotFactory = (deps: BotDependencies) => RunnableBot;

function report(message: ReplicaReport): void {
  process.send?.(message);
}

function numberEnv(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: a positive number, got "${v}"`);
  return n;
}

async function loadBot(): Promise<BotFactory> {
  const spec = process.env[HARNESS_ENV.botModule];
  if (!spec) {
    return (deps) => {
      // Knowledge events reach every replica's bot; the harness counts where each was handled (W3).
      deps.knowledge.events.all$.subscribe((e) => report({ type: 'knowledgeEvent', notificationId: e.notificationId, kind: e.kind }));
      return new ProbeBot({ storage: deps.storage, onTurn: (turn) => report({ type: 'turn', turn }) });
    };
  }
  const [file, exportName = 'createBot'] = spec.split('#');
  const url = file.startsWith('file:') ? file : pathToFileURL(isAbsolute(file) ? file : resolve(file)).href;
  const factory = ((await import(url)) as Record<string, unknown>)[exportName];
  if (typeof factory !== 'function') throw new Error(`${HARNESS_ENV.botModule}: ${file} exports no function "${exportName}"`);
  return factory as BotFactory;
}

async function main(): Promise<void> {
  let server: HubBotServer;
  try {
    server = await startHubBotServer({
      config: loadConfig(process.env),
      bot: await loadBot(),
      worker: {
        leaseMs: numberEnv(HARNESS_ENV.leaseMs),
        pollIntervalMs: numberEnv(HARNESS_ENV.pollIntervalMs),
        concurrency: numberEnv(HARNESS_ENV.concurrency),
      },
    });
  } catch (err) {
    report({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    process.exitCode = 1;
    // Let the IPC message leave before the process ends.
    setTimeout(() => process.exit(1), 100);
    return;
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('message', (command: ReplicaCommand) => {
    if (command.type === 'memory') {
      // The harness starts replicas with --expose-gc for this.
      if (command.gc) (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      report({ type: 'memory', requestId: command.requestId, usage: { rss, heapUsed } });
    } else if (command.type === 'pauseWorker') {
      void server.worker.stop().then(() => report({ type: 'workerPaused' }));
    } else if (command.type === 'stop') {
      void stop();
    }
  });
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // The harness going away (its IPC channel closes) ends the replica too: no orphans.
  process.once('disconnect', () => void stop());
  report({ type: 'ready', url: server.url, pid: process.pid });
}

void main();
