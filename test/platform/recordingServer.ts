/**
 * A small local HTTP server for client tests: it records every request it receives (method,
 * path, query, headers, raw bytes, parsed JSON) and answers with what the test scripted for
 * that method and path template, or `200 {}` by default. Clients are tested against it over
 * real HTTP on 127.0.0.1, independently of the emulator, so one misreading of the spec cannot
 * hide in both.
 *
 * It is built on the project's own restify JsonServer (one server stack), with one catch-all
 * route per method that reads the body raw, so uploads are recorded byte for byte.
 *
 * Each request carries two arrival times: `at` (Date.now(), so the fake time under sinon fake
 * timers, for tests that drive time) and `arrivedAtMs` (performance.now(), a real monotonic
 * clock that fake timers leave alone, for real-time measurements such as the bench).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createJsonServer, type HttpMethod, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { readRawBody } from '../../src/httpServer/jsonBody.js';
import { matchesTemplate } from '../../src/rates/rateLookup.js';

export interface RecordedRequest {
  method: string;
  /** The URL path without the query string, as received (still percent-encoded). */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** The body parsed as JSON, when it is JSON; undefined otherwise. */
  body: unknown;
  /** Date.now() at arrival (the fake time under sinon fake timers). */
  at: number;
  /** performance.now() at arrival (real time, even under fake timers). */
  arrivedAtMs: number;
}

export interface ScriptedReply {
  status?: number;
  /** A JSON body (object/array/string) or raw bytes; omitted for an empty body. */
  body?: unknown;
  /** A body sent as it is, with no content-type unless `headers` gives one (non-JSON answers). */
  text?: string;
  headers?: Record<string, string>;
  /** Never answer (to test timeouts); the socket closes when the server closes. */
  hang?: boolean;
}

export type Responder = (req: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface RecordingServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedRequest[];
  /**
   * Scripts the answer for a method and a path template (`{name}` matches one segment; `*`
   * alone matches every path; method `*` matches every method). Later scripts win.
   */
  reply(method: string, template: string, answer: ScriptedReply | Responder): void;
  /** Forgets recorded requests (scripts stay). */
  clear(): void;
  /** Method and path of every request, e.g. `GET /x/1`, for compact assertions. */
  calls(): string[];
  close(): Promise<void>;
}

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'del', 'patch'];

function parseMaybeJson(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0 || !(contentType ?? '').includes('json')) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const app: JsonServer = createJsonServer({ name: 'recording-test-server' });
  const requests: RecordedRequest[] = [];
  const scripts: { method: string; template: string; answer: ScriptedReply | Responder }[] = [];

  for (const m of METHODS) {
    app.route(
      m,
      '/*',
      async ({ req, res, query }) => {
        const raw = await readRawBody(req, 50 * 1024 * 1024);
        const url = new URL(req.url ?? '/', 'http://local');
        const rec: RecordedRequest = {
          method: req.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(query.entries()),
          headers: req.headers,
          raw,
          body: parseMaybeJson(raw, req.headers['content-type']),
          at: Date.now(),
          arrivedAtMs: performance.now(),
        };
        requests.push(rec);
        const script = [...scripts].reverse().find((s) => (s.method === '*' || s.method === rec.method) && (s.template === '*' || matchesTemplate(s.template, rec.path)));
        const answer = script ? (typeof script.answer === 'function' ? await script.answer(rec) : script.answer) : { status: 200, body: {} };
        if (answer.hang) {
          // Returning would let restify answer 500 ("end of the handler chain"): hold the request
          // until the client gives up or the server closes its connections.
          await new Promise<void>((resolve) => res.once('close', () => resolve()));
          return;
        }
        const status = answer.status ?? 200;
        const headers: Record<string, string | number> = { ...(answer.headers ?? {}) };
        if (answer.text !== undefined) {
          headers['content-length'] = Buffer.byteLength(answer.text);
          res.writeHead(status, headers);
          res.end(answer.text);
          return;
        }
        if (answer.body === undefined) {
          res.writeHead(status, headers);
          res.end();
          return;
        }
        const payload = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(JSON.stringify(answer.body));
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
          headers['content-type'] = Buffer.isBuffer(answer.body) ? 'application/octet-stream' : 'application/json';
        }
        headers['content-length'] = payload.length;
        res.writeHead(status, headers);
        res.end(payload);
      },
      { parseJson: false },
    );
  }

  const url = await app.listen();
  return {
    url,
    requests,
    reply: (method, template, answer) => scripts.push({ method: method.toUpperCase(), template, answer }),
    clear: () => {
      requests.length = 0;
    },
    calls: () => requests.map((r) => `${r.method} ${r.path}`),
    close: () => app.close(),
  };
}
