/**
 * A plain local HTTP server for client tests: it records every request it receives (method,
 * path, query, headers, body, arrival time) and answers with whatever the test's responder
 * says. Deliberately not the emulator (DESIGN.md, Testing): the client is checked against a
 * server that only does what the test tells it.
 *
 * Arrival times use Date.now(), so under sinon fake timers they are the fake time at which
 * the request came in; `arrivedAtMs` is a real monotonic clock for real-time measurements.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() at arrival (fake time under sinon fake timers). */
  at: number;
  /** performance.now() at arrival (real time). */
  arrivedAtMs: number;
}

export interface Reply {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (for non-JSON answers). */
  text?: string;
  headers?: Record<string, string>;
  /** Never answer (for timeouts); the socket is closed when the server closes. */
  hang?: boolean;
}

export type Responder = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose path ends with `suffix` (e.g. '/token'). */
  to(suffix: string): RecordedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export async function startRecordingServer(responder: Responder = () => ({ status: 200, body: {} })): Promise<RecordingServer> {
  let current = responder;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        arrivedAtMs: performance.now(),
      };
      requests.push(rec);
      let reply: Reply;
      try {
        reply = await current(rec);
      } catch {
        reply = { status: 500, body: { code: '500-100', developerMessage: 'responder failed' } };
      }
      if (reply.hang) return;
      const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(text), ...reply.headers };
      if (reply.body !== undefined && !reply.headers?.['content-type']) headers['content-type'] = 'application/json';
      res.writeHead(reply.status, headers);
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to: (suffix) => requests.filter((r) => r.path.endsWith(suffix)),
    respond: (r) => {
      current = r;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
