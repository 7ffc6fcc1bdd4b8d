/**
 * One hub callback through the real callback handler (over HTTP), a MemoryInbox and an
 * InboxWorker, with whatever tracing the process has: what the turn saw and what was stored.
 * Run in this process by tracingOptional.test.ts, and as a script (`node --import tsx`) in a
 * process where @opentelemetry/api cannot be loaded; the script prints its result as JSON.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createHubCallbackHandler } from '../../src/adapter/callbackHandler.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { InboxWorker } from '../../src/adapter/inbox/inboxWorker.js';
import type { InboxItem } from '../../src/adapter/inbox/inbox.js';
import { activeTraceContext, startSpan, traceContextOf, traceparentOf, tracingAvailable } from '../../src/observability/tracing.js';

export interface TracedCallbackResult {
  available: boolean;
  status: number;
  stored: InboxItem;
  turnContext: boolean;
  spanRecording: boolean;
  parsedContext: boolean;
}

export async function oneTracedCallback(): Promise<TracedCallbackResult> {
  const inbox = new MemoryInbox();
  const handler = createHubCallbackHandler({ authenticate: async () => undefined, record: (conversationId, item) => inbox.append(conversationId, item) });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let turn: { item: InboxItem; context: boolean } | undefined;
  let ran!: () => void;
  const done = new Promise<void>((resolve) => (ran = resolve));
  const worker = new InboxWorker(inbox, async (_id, item) => {
    turn = { item, context: traceparentOf(activeTraceContext()) !== undefined };
    ran();
  }, { pollIntervalMs: 20 });
  worker.start();
  try {
    const message = { id: 'm-1', conversation: { id: 'conv-1' }, type: { value: 'message' }, content: { text: 'hello' }, sender: { type: 'customer' } };
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: { message: [message] } }) });
    await done;
    const span = startSpan('probe');
    span.end();
    return {
      available: tracingAvailable(),
      status: res.status,
      stored: turn!.item,
      turnContext: turn!.context,
      spanRecording: span.recording,
      parsedContext: traceContextOf('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01') !== undefined,
    };
  } finally {
    await worker.stop();
    server.close();
    await inbox.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await oneTracedCallback())}\n`);
}
