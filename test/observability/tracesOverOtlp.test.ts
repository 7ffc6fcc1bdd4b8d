import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ActivityTypes } from '@microsoft/agents-activity';
import { AgentApplication, TurnState } from '@microsoft/agents-hosting';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { hubAgentBot } from '../../src/agents/index.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from '../e2e/customerClient.js';
import { waitFor } from '../support/waitFor.js';

interface OtlpSpan {
  name: string;
  traceId: string;
}

/** A collector on loopback: records the spans of each OTLP/HTTP (JSON) export it receives. */
async function startReceiver(): Promise<{ server: Server; url: string; spans: OtlpSpan[]; services: string[]; paths: string[] }> {
  const got = { spans: [] as OtlpSpan[], services: [] as string[], paths: [] as string[] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const rs of body.resourceSpans) {
        got.services.push(...rs.resource.attributes.filter((a) => a.key === 'service.name').map((a) => a.value.stringValue ?? ''));
        for (const ss of rs.scopeSpans) got.spans.push(...ss.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ...got };
}

describe('traces sent to a collector over OTLP/HTTP', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stack: LocalStack | undefined;
  before(async () => {
    receiver = await startReceiver();
  });
  after(async () => {
    await stack?.stop();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it('[O4] the server configured with OTEL_EXPORTER_OTLP_ENDPOINT exports one message\'s spans, as one trace, to <endpoint>/v1/traces', async () => {
    const app = () => {
      const a = new AgentApplication<TurnState>();
      a.onActivity(ActivityTypes.Message, async (context) => void (await context.sendActivity('ok')));
      return a;
    };
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: 'hubbot-otlp-test' };
    stack = await startLocalStack({ bot: hubAgentBot(app), env, logger: createLogger({ level: 'silent' }) });
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('hello');
    await customer.messages(1, 20_000);
    // Stopping flushes the batch of spans still held.
    await stack.stop();
    stack = undefined;
    const names = ['hubbot.callback', 'hubbot.inbox.wait', 'hubbot.turn', 'hubbot.outbox.wait', 'hubbot.outbox.post', 'hubbot.platform.call'];
    await waitFor(() => names.every((n) => receiver.spans.some((s) => s.name === n)), 'every span name at the receiver');
    expect(receiver.paths.every((p) => p === 'POST /v1/traces application/json')).to.equal(true);
    expect([...new Set(receiver.services)]).to.deep.equal(['hubbot-otlp-test']);
    // Opening the conversation is a turn of its own (the emulated hub signals the start), with a
    // trace of its own; the message's trace is the one that ends in the POST of the reply.
    const post = receiver.spans.find((s) => s.name === 'hubbot.outbox.post')!;
    const traceOf = (name: string) => receiver.spans.filter((s) => s.name === name && s.traceId === post.traceId).length;
    expect(names.filter((n) => traceOf(n) === 0), 'spans missing from the reply\'s trace').to.deep.equal([]);
  });
});
