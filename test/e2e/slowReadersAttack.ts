/**
 * S16 attack as one run, for the scenario test and the bench: the bot server behind the emulator
 * (the hub's signed callbacks carry a trickle of live customers) while `count` connections (from
 * a process of their own) pipeline 40 GETs with an 8 KB path each and never read the answers: the
 * issue's 1,100 per replica, past the server's connection limit of 1,000. Measured: live messages
 * unanswered, the hub's callbacks refused or failed, the live p95 during the attack against the
 * same trickle's p95 just before it, what the server saw of the attackers' connections, and the
 * growth of this process's resident memory (the emulator and the bot server run in it) while the
 * attack lasts.
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { setTimeout as pace } from 'node:timers/promises';
import type { LocalStack } from '../../cli/localStack.js';
import { waitFor } from '../support/waitFor.js';
import { liveTrickle, p95 } from './liveTrickle.js';

export const SLOW_READERS = Number(process.env.S16_SLOW_READERS ?? 1100);
const PIPELINED = 40;

export interface SlowReadersReport {
  sent: number;
  lost: number;
  baselineLost: number;
  p95: number;
  baselineP95: number;
  latenciesMs: number[];
  /** Callbacks the hub made during the attack, those not acknowledged with 200, those it gave up on. */
  callbacks: number;
  callbacksNotAcknowledged: number;
  callbackFailures: number;
  growthMb: number;
  /** Connections the bot server took, and those it closed. */
  connections: number;
  closed: number;
}

/**
 * The attackers, in a process of their own as they would be on another machine: opens `count`
 * connections in groups of 100, each pipelining its GETs and never reading, holds them open, and
 * prints "opened" once all are connected; killed at the end.
 */
function slowReaders(url: string, count: number): { opened: Promise<void>; stop: () => void } {
  const { hostname, port } = new URL(url);
  const script = `
    const net = require('node:net');
    const burst = ('GET /api/' + 'p'.repeat(8 * 1024) + ' HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n').repeat(${PIPELINED});
    const sockets = [];
    let opened = 0;
    let connected = 0;
    const group = () => {
      for (let i = 0; i < 100 && opened < ${count}; i++, opened++) {
        const s = net.connect(${Number(port)}, '${hostname}');
        s.pause();
        s.on('error', () => {});
        s.write(burst);
        s.once('connect', () => ++connected === ${count} && console.log('opened'));
        sockets.push(s);
      }
      if (opened < ${count}) setTimeout(group, 500);
    };
    group();
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('opened') && resolve());
    child.once('exit', (code) => reject(new Error(`the slow readers exited (${code}) before all were opened`)));
  });
  return { opened, stop: () => void child.kill() };
}

/** One run against a started stack: the trickle alone, then the trickle with `count` slow readers. */
export async function runSlowReaders(stack: LocalStack, count = SLOW_READERS): Promise<SlowReadersReport> {
  // The same trickle without the attack, just before it: the machine's own delay.
  const alone = await liveTrickle(stack.emulator.url, stack.accountAddress, { customers: 3, everyMs: 500, minRounds: 6, until: Promise.resolve(), answerTimeoutMs: 30_000 });
  const baselineP95 = Math.round(p95(alone.latenciesMs));
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 200);
  // What the bot server saw of the attack: the connections it took and those it closed.
  const seen = { connections: 0, closed: 0 };
  const server = stack.bot.app.server.server;
  const onConnection = (socket: Socket) => {
    seen.connections++;
    socket.once('close', () => seen.closed++);
  };
  server.on('connection', onConnection);
  const readers = slowReaders(stack.bot.url, count);
  try {
    // The attack lasts until the server has taken every attacker's connection, and 3 s more.
    const attack = readers.opened
      .then(() => waitFor(() => seen.connections >= count, { what: 'the server to take every slow reader', timeoutMs: 60_000 }))
      .then(() => pace(3000));
    const live = await liveTrickle(stack.emulator.url, stack.accountAddress, { customers: 3, everyMs: 500, minRounds: 6, until: attack, answerTimeoutMs: 30_000 });
    await attack;
    const callbacks = ((await (await fetch(`${stack.emulator.url}/emulator/calls?kind=callback`)).json()) as { call: { status?: number }[] }).call;
    const failures = ((await (await fetch(`${stack.emulator.url}/emulator/callback-failures`)).json()) as { failure: unknown[] }).failure;
    return {
      sent: live.sent,
      lost: live.lost,
      baselineLost: alone.lost,
      p95: Math.round(p95(live.latenciesMs)),
      baselineP95,
      latenciesMs: live.latenciesMs.map(Math.round),
      callbacks: callbacks.length,
      callbacksNotAcknowledged: callbacks.filter((c) => c.status !== 200).length,
      callbackFailures: failures.length,
      growthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024),
      ...seen,
    };
  } finally {
    clearInterval(sampler);
    server.off('connection', onConnection);
    readers.stop();
  }
}
