/**
 * Drives the servers of botHost.ts from this process: closed-loop round trips for each,
 * in interleaved rounds after a warm-up (the machine is shared; a change in its load then falls
 * on all of them alike), then the open-loop ack test of our callback at a fixed rate, with the
 * floor handler and the botbuilder minimum at the same rate as the references. The CPU time
 * the server process spends is charged to whichever server was driven.
 */
import { randomBytes } from 'node:crypto';
import { runAckSlices, type AckResults } from './ackRuns.js';
import { startBotHost } from './botHostProcess.js';
import { closedLoop, type EchoTarget, type LoopResult } from './closedLoop.js';
import { activityBody, hubCallbackBody } from './echoPayloads.js';
import { keepAliveAgent, postJson } from './httpPost.js';
import { startReplySink } from './replySink.js';

export type ServerName = 'floor' | 'bare' | 'botbuilder' | 'cloud' | 'hub';

export interface RoundTripSettings {
  conversations: number;
  warmupMessages: number;
  messagesPerRound: number;
  rounds: number;
  ackRate: number;
  /** Seconds of open loop per server, in `ackSlices` interleaved slices. */
  ackSeconds: number;
  ackSlices: number;
  ackConversations: number;
  workerConcurrency?: number;
}

export interface ServerFigures {
  loop: LoopResult;
  /** Round trips per second of each round, in round order. */
  roundRates: number[];
  /** Server-process CPU per round-tripped message, ms. */
  cpuMsPerMessage: number;
  /** The same, of each round, in round order: adjacent rounds of two servers share the machine's state. */
  roundCpuMs: number[];
  /** Driver-process CPU per message, ms (to see which side was saturated). */
  driverCpuMsPerMessage: number;
}

export interface RoundTripResults {
  closed: Record<ServerName, ServerFigures>;
  /** The open loop: ours, the floor handler and the botbuilder minimum at the same rate, merged and per slice. */
  ack: AckResults;
  /** Bytes of one callback body, per server (the same text in each). */
  bodyBytes: Record<ServerName, number>;
}

/** One server's closed-loop figures, summed over the rounds. */
interface Totals {
  latencies: number[];
  ms: number;
  failures: number;
  cpu: number;
  driverCpu: number;
  rates: number[];
  roundCpu: number[];
}

export async function runRoundTrips(s: RoundTripSettings, progress: (line: string) => void = () => undefined): Promise<RoundTripResults> {
  const sink = await startReplySink();
  const botClientId = 'bench-hub';
  const botClientSecret = randomBytes(24).toString('base64url');
  const host = await startBotHost({
    hubMessagesUrl: sink.hubMessagesUrl,
    platformBaseUrl: sink.url,
    platformTokenUrl: sink.tokenUrl,
    botClientId,
    botClientSecret,
    workerConcurrency: s.workerConcurrency,
  });
  try {
    const token = await callbackToken(host.urls.hubTokenUrl, botClientId, botClientSecret);
    const targets: Record<ServerName, EchoTarget> = {
      floor: { label: 'bare restify handler, node:http keep-alive', url: host.urls.floor, body: hubCallbackBody },
      bare: { label: 'bare restify handler', url: host.urls.bare, body: hubCallbackBody },
      botbuilder: { label: 'botbuilder minimum', url: host.urls.botbuilder, body: hubCallbackBody },
      cloud: { label: 'botbuilder CloudAdapter', url: host.urls.cloud, body: (c, n) => activityBody(c, n, sink.url) },
      hub: { label: 'this adapter', url: host.urls.hub, body: hubCallbackBody, headers: () => ({ authorization: `Bearer ${token}` }) },
    };
    const names: ServerName[] = ['floor', 'bare', 'botbuilder', 'cloud', 'hub'];
    for (const name of names) {
      progress(`warm-up ${name}`);
      const w = await closedLoop(targets[name], sink, { conversations: s.conversations, messages: s.warmupMessages, prefix: `warm-${name}` });
      if (w.failures > 0) throw new Error(`${name}: ${w.failures} of ${s.warmupMessages} warm-up messages did not round-trip`);
    }

    const acc = Object.fromEntries(names.map((n): [ServerName, Totals] => [n, { latencies: [], ms: 0, failures: 0, cpu: 0, driverCpu: 0, rates: [], roundCpu: [] }])) as Record<ServerName, Totals>;
    for (let round = 0; round < s.rounds; round++) {
      // A different server goes first each round, so none always follows the same one.
      for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
        const cpu0 = await host.cpuMs();
        const d0 = process.cpuUsage();
        const r = await closedLoop(targets[name], sink, { conversations: s.conversations, messages: s.messagesPerRound, prefix: `r${round}-${name}` });
        const d = process.cpuUsage(d0);
        const a = acc[name];
        const roundCpu = (await host.cpuMs()) - cpu0;
        a.cpu += roundCpu;
        a.roundCpu.push(roundCpu / Math.max(1, r.latenciesMs.length));
        a.driverCpu += (d.user + d.system) / 1000;
        a.latencies.push(...r.latenciesMs);
        a.ms += r.elapsedMs;
        a.failures += r.failures;
        a.rates.push(r.messagesPerSecond);
        progress(`round ${round + 1} ${name}: ${r.messagesPerSecond.toFixed(0)} msg/s`);
      }
    }
    const closed = Object.fromEntries(
      names.map((n) => {
        const a = acc[n];
        const done = a.latencies.length;
        const loop: LoopResult = { latenciesMs: a.latencies, elapsedMs: a.ms, failures: a.failures, messagesPerSecond: (done * 1000) / a.ms };
        return [n, { loop, roundRates: a.rates, cpuMsPerMessage: a.cpu / Math.max(1, done), roundCpuMs: a.roundCpu, driverCpuMsPerMessage: a.driverCpu / Math.max(1, done) }];
      }),
    ) as Record<ServerName, ServerFigures>;

    // The open loop, from a generator process of its own (ackRuns.ts).
    const ack = await runAckSlices({ rate: s.ackRate, seconds: s.ackSeconds, slices: s.ackSlices, conversations: s.ackConversations }, { hub: targets.hub, floor: targets.floor, botbuilder: targets.botbuilder }, host, sink, progress);

    return {
      closed,
      ack,
      bodyBytes: { floor: Buffer.byteLength(hubCallbackBody('r0-floor-c0', 1)), bare: Buffer.byteLength(hubCallbackBody('r0-bare-c0', 1)), botbuilder: Buffer.byteLength(hubCallbackBody('r0-botbuilder-c0', 1)), cloud: Buffer.byteLength(activityBody('r0-cloud-c0', 1, sink.url)), hub: Buffer.byteLength(hubCallbackBody('r0-hub-c0', 1)) },
    };
  } finally {
    await host.stop();
    await sink.close();
  }
}

/** The hub's side of spec 5.4: client credentials at the bot's token endpoint (JSON body). */
async function callbackToken(tokenUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const agent = keepAliveAgent(1);
  const answer = await postJson(agent, new URL(tokenUrl), JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }));
  agent.destroy();
  if (answer.status !== 200) throw new Error(`the bot's token endpoint answered ${answer.status}`);
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
}
