import { expect } from 'chai';
import { ActivityTypes } from '@microsoft/agents-activity';
import { AgentApplication, TurnState } from '@microsoft/agents-hosting';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { hubAgentBot } from '../../src/agents/index.js';
import { Customer } from '../e2e/customerClient.js';
import { twoReplicasOnRedis } from '../e2e/twoReplicasOnRedis.js';
import { memoryTracing, parentOf } from '../support/memoryTracing.js';
import { waitFor } from '../support/waitFor.js';

/** An AgentApplication that echoes: its own spans (the Agents SDK's) run inside our turn. */
function echoApp(): AgentApplication<TurnState> {
  const app = new AgentApplication<TurnState>();
  app.onActivity(ActivityTypes.Message, async (context) => {
    await context.sendActivity(`echo ${context.activity.text?.length ?? 0}`);
  });
  return app;
}

describe('traces of one customer message across two replicas sharing Redis', () => {
  const tracing = memoryTracing();
  const rig = twoReplicasOnRedis('traces', hubAgentBot(echoApp));

  it('[O4] one trace: callback (ack) on replica A; inbox wait, turn, Agents SDK spans, outbox wait, POST and its platform call on replica B', async () => {
    // Replica A acknowledges the hub's callbacks but runs no turns: B runs them, from Redis.
    await rig.stack.bot.worker.stop();
    const customer = await Customer.start(rig.stack.emulator.url, rig.stack.accountAddress);
    tracing.reset();
    const secret = 'my card is 4111 1111 1111 1111, call me on +44 20 7946 0958';
    await customer.say(secret);
    expect((await customer.messages(1, 20_000)).map((m) => m.content?.text)).to.deep.equal([`echo ${secret.length}`]);

    // The POST's platform call ends before the outbox settles the reply and the turn completes.
    const send = await waitFor(() => tracing.spans().find((s) => s.name === 'hubbot.platform.call' && s.attributes['hubbot.platform.operation'] === 'messages.send'), 'the span of the POST of the reply');
    const inTrace = await waitFor(() => {
      const spans = tracing.spans().filter((s) => s.spanContext().traceId === send.spanContext().traceId);
      return spans.some((s) => s.name === 'hubbot.turn') && spans.some((s) => s.name === 'hubbot.outbox.wait') ? spans : undefined;
    }, 'the turn and outbox spans of the trace');
    const byId = new Map(inTrace.map((s) => [s.spanContext().spanId, s]));
    const chain: string[] = [];
    for (let s: ReadableSpan | undefined = send; s; s = byId.get(parentOf(s) ?? '')) chain.push(s.name);
    // The reply is queued from inside the agent's spans (its send_activities), which are the turn's.
    expect(chain.filter((n) => !n.startsWith('agents.'))).to.deep.equal(['hubbot.platform.call', 'hubbot.outbox.post', 'hubbot.outbox.wait', 'hubbot.turn', 'hubbot.callback']);
    expect(chain.slice(3, -2)).to.include('agents.app.run');

    const [callback] = inTrace.filter((s) => s.name === 'hubbot.callback');
    expect(parentOf(callback), 'the callback starts the trace').to.equal(undefined);
    expect(callback.attributes).to.include({ 'hubbot.callback.outcome': 'accepted', 'hubbot.callback.messages': 1, 'http.response.status_code': 200 });
    const turn = inTrace.find((s) => s.name === 'hubbot.turn')!;
    const wait = inTrace.find((s) => s.name === 'hubbot.inbox.wait')!;
    expect(parentOf(wait)).to.equal(callback.spanContext().spanId);
    expect(parentOf(turn)).to.equal(callback.spanContext().spanId);
    // The turn ran on replica B, whose worker took the item A recorded in Redis.
    expect(turn.attributes['hubbot.worker.id']).to.equal(rig.replicaB.worker.workerId);
    expect(turn.attributes).to.include({ 'hubbot.conversation.id': customer.conversationId, 'hubbot.inbox.item.kind': 'message', 'hubbot.inbox.attempt': 1 });

    // The Agents SDK's spans join the trace, under our turn.
    const agents = inTrace.filter((s) => s.name.startsWith('agents.'));
    expect(agents.map((s) => s.name)).to.include('agents.app.run');
    const underTurn = (s: ReadableSpan): boolean => {
      for (let p = byId.get(parentOf(s) ?? ''); p; p = byId.get(parentOf(p) ?? '')) if (p === turn) return true;
      return false;
    };
    expect(agents.filter((s) => !underTurn(s)).map((s) => s.name)).to.deep.equal([]);

    // Customer text never in a span attribute, on any span of the run.
    const values = tracing.spans().flatMap((s) => Object.values(s.attributes).map(String));
    for (const part of ['4111', '7946', 'card', 'call me']) expect(values.filter((v) => v.includes(part))).to.deep.equal([]);
  });
});
