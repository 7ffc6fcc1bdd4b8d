/**
 * S16 scenario, end to end: the bot server behind the emulator (the hub's signed callbacks carry a
 * trickle of live customers) while SLOW_READERS connections (from a process of their own)
 * pipeline 40 GETs with an 8 KB path each and never read the answers: the 1,100 per
 * replica, past the server's connection limit of 1,000. What is counted: live messages unanswered
 * (none), the hub's callbacks refused or failed (none: never shed for another's slowness), the
 * live p95 during the attack against the same trickle's p95 just before it (at most 2 s more:
 * on a quiet machine the trickle alone answers in well under 200 ms, so this is the issue's
 * "under 2 s"; on a loaded one the bar moves with the machine, not with the attack), and the
 * growth of this process's resident memory (the emulator and the bot server run in it) while the
 * attack lasts: below RSS_BOUND_MB, where unbounded buffering of 1,100 x 40 answers grew a
 * replica by over 1 GB. With 16 pipelined requests allowed per connection, each routed to a 404,
 * the p95 was 1-2.7 s at 500 readers and 8-12 s at 1,100; with 4 (the default now) about 1 s at
 * 1,100; now a target over 2,048 bytes is refused (414) before the router decodes and quotes it.
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { setTimeout as pace } from 'node:timers/promises';
import { expect } from 'chai';
import { EchoBot } from '../../bots/echoBot.js';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createLogger } from '../../src/observability/logger.js';
import { waitFor } from '../support/waitFor.js';
import { liveTrickle, p95 } from './liveTrickle.js';

const SLOW_READERS = Number(process.env.S16_SLOW_READERS ?? 1100);
const PIPELINED = 40;
const RSS_BOUND_MB = 300;

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

describe('Slow readers against a running bot server with a live trickle (S16 scenario)', function () {
  this.timeout(150_000);
  let stack: LocalStack;
  before(async () => {
    stack = await startLocalStack({ bot: (deps) => new EchoBot(deps.storage), env: { REDIS_URL: '' }, logger: createLogger({ level: 'silent' }) });
  });
  after(async () => {
    await stack?.stop();
  });

  it(`[S16] ${SLOW_READERS} slow readers: every callback acknowledged and answered, none shed, live p95 at most 2 s above the trickle's own, memory bounded`, async () => {
    // The same trickle without the attack, just before it: the machine's own delay.
    const alone = await liveTrickle(stack.emulator.url, stack.accountAddress, { customers: 3, everyMs: 500, minRounds: 6, until: Promise.resolve(), answerTimeoutMs: 30_000 });
    expect(alone.lost, 'live messages unanswered without the attack').to.equal(0);
    const baselineP95 = Math.round(p95(alone.latenciesMs));
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 200);
    // What the bot server saw of the attack: the connections it took and those it closed.
    const seen = { connections: 0, closed: 0 };
    stack.bot.app.server.server.on('connection', (socket: Socket) => {
      seen.connections++;
      socket.once('close', () => seen.closed++);
    });
    const readers = slowReaders(stack.bot.url, SLOW_READERS);
    try {
      // The attack lasts until the server has taken every attacker's connection, and 3 s more.
      const attack = readers.opened
        .then(() => waitFor(() => seen.connections >= SLOW_READERS, { what: 'the server to take every slow reader', timeoutMs: 60_000 }))
        .then(() => pace(3000));
      const live = await liveTrickle(stack.emulator.url, stack.accountAddress, { customers: 3, everyMs: 500, minRounds: 6, until: attack, answerTimeoutMs: 30_000 });
      await attack;
      const callbacks = ((await (await fetch(`${stack.emulator.url}/emulator/calls?kind=callback`)).json()) as { call: { status?: number }[] }).call;
      const failures = ((await (await fetch(`${stack.emulator.url}/emulator/callback-failures`)).json()) as { failure: unknown[] }).failure;
      const growthMb = Math.round((rssPeak - rssBefore) / 1024 / 1024);
      const report = { sent: live.sent, lost: live.lost, p95: Math.round(p95(live.latenciesMs)), baselineP95, callbacks: callbacks.length, growthMb, ...seen };
      console.log(`      S16 scenario: ${JSON.stringify(report)}`);

      // The attack reached the server: more connections than its limit (1,000), so some were shed.
      expect(seen.connections, 'connections taken').to.be.at.least(SLOW_READERS);
      expect(seen.closed, 'connections closed by the server').to.be.at.least(Math.max(1, SLOW_READERS - 1000));
      expect(live.lost, 'live messages unanswered').to.equal(0);
      expect(live.latenciesMs).to.have.length(live.sent);
      expect(callbacks.filter((c) => c.status !== 200), 'callbacks not acknowledged').to.deep.equal([]);
      expect(failures, 'callbacks the hub gave up on').to.deep.equal([]);
      expect(report.p95, 'live p95 (ms) above the trickle alone').to.be.below(baselineP95 + 2000);
      expect(growthMb, 'rss growth (MB)').to.be.below(RSS_BOUND_MB);
    } finally {
      clearInterval(sampler);
      readers.stop();
    }
  });
});
