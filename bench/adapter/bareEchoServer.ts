/**
 * The baselines: the least a hub bot can be. A bare restify route takes the hub's callback
 * (the message batch), acknowledges it, counts the conversation's turns in a Map and POSTs one
 * echo per message to the hub. No token check, no inbox, no budget, no botbuilder: what HTTP in
 * and HTTP out cost on this machine.
 *
 * - client 'http' is the floor: node:http with a keep-alive agent and a pre-serialised body,
 *   the fastest honest way to send on Node;
 * - client 'fetch' sends with fetch (undici, keep-alive), as most hand-written bots would.
 */
import restify from 'restify';
import type { HubMessage, MessageBatch } from '../../src/schemas/hubMessages.js';
import { echoText } from './echoPayloads.js';
import { keepAliveAgent, postJson } from './httpPost.js';
import { listenOnLoopback } from './listenOnLoopback.js';

export interface BareEchoServer {
  url: string;
  callbackPath: string;
  close(): Promise<void>;
}

export async function startBareEchoServer(opts: { hubMessagesUrl: string; hubToken: string; client: 'http' | 'fetch' }): Promise<BareEchoServer> {
  const target = new URL(opts.hubMessagesUrl);
  const agent = keepAliveAgent(64);
  const server = restify.createServer({ name: 'bench-bare', handleUncaughtExceptions: false });
  server.use(restify.plugins.bodyParser({ mapParams: false }));
  const turns = new Map<string, number>();
  const callbackPath = '/callback';

  server.post(callbackPath, (req: restify.Request, res: restify.Response, next: restify.Next) => {
    const messages = (req.body as MessageBatch | undefined)?.messages?.message ?? [];
    res.send(200, { received: messages.length });
    for (const m of messages) void reply(m);
    next();
  });

  async function reply(m: HubMessage): Promise<void> {
    const conversationId = m.conversation?.id ?? '';
    const count = (turns.get(conversationId) ?? 0) + 1;
    turns.set(conversationId, count);
    const batch: MessageBatch = {
      messages: {
        message: [{ id: `${m.id}:r1`, sender: { type: 'custom_bot', id: 'bench-bot' }, type: { value: 'text' }, content: { text: echoText(m.content?.text ?? '', count) }, conversation: { id: conversationId } }],
      },
    };
    const body = JSON.stringify(batch);
    try {
      if (opts.client === 'http') await postJson(agent, target, body, { authorization: `Bearer ${opts.hubToken}` });
      else await (await fetch(opts.hubMessagesUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.hubToken}` }, body })).arrayBuffer();
    } catch {
      // The driver notices the missing reply (its wait times out); nothing to do here.
    }
  }

  const { url, close } = await listenOnLoopback(server, agent);
  return { url, callbackPath, close };
}
