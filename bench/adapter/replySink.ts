/**
 * Where the replies of all three servers land, in the driver's process, on plain node:http
 * (kept lean: it shares a core with the driver):
 * - `POST /conversation/conversationmgr/v3/conversations/messages`: the hub's batch endpoint
 *   (the bare handler's replies and our outbox's batches) → 202;
 * - `POST /v3/conversations/{id}/activities[/{replyToId}]`: the Bot Connector stub that
 *   CloudAdapter's connector client calls (its `serviceUrl`) → 200 `{id}`;
 * - `POST /token`: the platform's client-credentials endpoint for our server → a token.
 * Every reply message is handed to the current `onReply` with its arrival time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export const HUB_MESSAGES_PATH = '/conversation/conversationmgr/v3/conversations/messages';
const CONNECTOR_PATH = /^\/v3\/conversations\/([^/]+)\/activities(?:\/[^/]+)?$/;

export type ReplyListener = (conversationId: string, text: string, arrivedAtMs: number) => void;

export interface ReplySink {
  url: string;
  hubMessagesUrl: string;
  tokenUrl: string;
  onReply: ReplyListener;
  /** POSTs received on the hub batch endpoint, and the messages they carried. */
  counts: { hubPosts: number; hubMessages: number; connectorPosts: number };
  close(): Promise<void>;
}

interface BatchLike {
  messages?: { message?: { conversation?: { id?: string }; content?: { text?: string } }[] };
}

export async function startReplySink(): Promise<ReplySink> {
  const sink: Omit<ReplySink, 'url' | 'hubMessagesUrl' | 'tokenUrl' | 'close'> = {
    onReply: () => undefined,
    counts: { hubPosts: 0, hubMessages: 0, connectorPosts: 0 },
  };
  const answer = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const path = (req.url ?? '/').replace(/\?.*$/, '');
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST') return answer(res, 405, '{}');
      if (path === '/token') return answer(res, 200, '{"access_token":"bench-platform-token","token_type":"Bearer","expires_in":3600}');
      if (path === HUB_MESSAGES_PATH) {
        const messages = (JSON.parse(text) as BatchLike).messages?.message ?? [];
        sink.counts.hubPosts++;
        sink.counts.hubMessages += messages.length;
        answer(res, 202, '{"messages":[]}');
        for (const m of messages) sink.onReply(m.conversation?.id ?? '', m.content?.text ?? '', at);
        return;
      }
      const connector = CONNECTOR_PATH.exec(path);
      if (connector) {
        sink.counts.connectorPosts++;
        answer(res, 200, '{"id":"bench-reply"}');
        sink.onReply(decodeURIComponent(connector[1]), (JSON.parse(text) as { text?: string }).text ?? '', at);
        return;
      }
      answer(res, 404, '{}');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(sink, {
    url,
    hubMessagesUrl: `${url}${HUB_MESSAGES_PATH}`,
    tokenUrl: `${url}/token`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
