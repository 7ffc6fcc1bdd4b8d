/**
 * What the harness and its replica processes say to each other over the Node IPC channel
 * (`process.send`). Only observations and test controls travel here; the product's own traffic
 * (callbacks, platform calls, Redis) goes over the network exactly as in production.
 */
import type { ProbeTurn } from './probeBot.js';

export interface MemoryUsage {
  rss: number;
  heapUsed: number;
}

/** Replica → harness. */
export type ReplicaReport =
  | { type: 'ready'; url: string; pid: number }
  | { type: 'failed'; message: string }
  | { type: 'turn'; turn: ProbeTurn }
  | { type: 'knowledgeEvent'; notificationId: string; kind?: string }
  | { type: 'memory'; requestId: number; usage: MemoryUsage }
  | { type: 'workerPaused' };

/** Harness → replica. */
export type ReplicaCommand =
  /** Memory now; with `gc`, after a full garbage collection (the live heap, not the garbage waiting). */
  | { type: 'memory'; requestId: number; gc?: boolean }
  /** Stops running turns (callbacks are still acknowledged): a replica that acks and then does nothing. */
  | { type: 'pauseWorker' }
  /** Stops gracefully (turns under way finish) and exits. */
  | { type: 'stop' };

/** Environment variables the replica entry reads besides the product's configuration. */
export const HARNESS_ENV = {
  /** Module of the bot: a path or file URL, optionally `#exportName` (default `createBot`), exporting `(deps) => RunnableBot`. Default: the probe bot. */
  botModule: 'HARNESS_BOT_MODULE',
  leaseMs: 'HARNESS_LEASE_MS',
  pollIntervalMs: 'HARNESS_POLL_MS',
  concurrency: 'HARNESS_CONCURRENCY',
} as const;
