/**
 * A tiny load balancer in front of the replicas: each request goes to the next upstream in
 * turn. The hub's callback URL, the token request URL of the stored authentication and the
 * event manager's webhook all point here, as they would point at a contact center's load
 * balancer.
 *
 * Like a real one it tries another upstream when the chosen one refuses the connection (a
 * dead replica: nothing was delivered, so trying again is safe), and answers 502 (error body
 * of 2.3) when the request was sent and no answer came back (the replica died holding it: it
 * may or may not have recorded the request, so only the caller may decide to try again).
 * Every answer is logged with the upstream that gave it, for tests.
 */
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformError } from '../../src/errors/platformError.js';
import { sendErrorBody } from '../../src/httpServer/errorResponse.js';

export interface ProxiedCall {
  method: string;
  path: string;
  /** The upstream that answered, or undefined when none did. */
  upstream?: string;
  status: number;
}

export interface RoundRobinProxy {
  url: string;
  /** Replaces the upstreams (base URLs), e.g. after a replica died or joined. */
  setUpstreams(urls: string[]): void;
  readonly upstreams: readonly string[];
  /** Every answered request, oldest first. */
  readonly calls: readonly ProxiedCall[];
  close(): Promise<void>;
}

const upstreamAgent = new Agent({ keepAlive: false });
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EADDRNOTAVAIL']);
const MAX_LOGGED_CALLS = 50_000;

export async function startRoundRobinProxy(opts: { port?: number; host?: string; upstreams?: string[] } = {}): Promise<RoundRobinProxy> {
  let upstreams = [...(opts.upstreams ?? [])];
  let next = 0;
  const calls: ProxiedCall[] = [];
  const log = (call: ProxiedCall) => {
    calls.push(call);
    if (calls.length > MAX_LOGGED_CALLS) calls.splice(0, calls.length - MAX_LOGGED_CALLS);
  };

  const server: Server = createServer((req, res) => {
    void readBody(req).then(
      async (body) => {
        const tried = new Set<string>();
        while (tried.size < upstreams.length) {
          const upstream = upstreams[next++ % upstreams.length];
          if (tried.has(upstream)) continue;
          tried.add(upstream);
          const outcome = await forward(req, body, upstream, res);
          if (outcome === 'refused') continue;
          log({ method: req.method ?? 'GET', path: req.url ?? '/', upstream, status: outcome === 'lost' ? 502 : res.statusCode });
          if (outcome === 'lost') sendErrorBody(req, res, PlatformError.of('502-100'));
          return;
        }
        log({ method: req.method ?? 'GET', path: req.url ?? '/', status: 502 });
        sendErrorBody(req, res, PlatformError.of('502-100'));
      },
      () => res.destroy(),
    );
  });
  // Longer than any client's idle keep-alive (undici's is 4 s), as load balancers do (60 s and
  // more): the client closes an idle connection first, so a request never meets a connection
  // the proxy is closing at that very moment (a spurious "unreachable").
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    setUpstreams: (urls) => {
      upstreams = [...urls];
    },
    get upstreams() {
      return upstreams;
    },
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Sends the request to one upstream and pipes its answer back; says how it went. */
function forward(req: IncomingMessage, body: Buffer, upstream: string, res: ServerResponse): Promise<'answered' | 'refused' | 'lost'> {
  return new Promise((resolve) => {
    const target = new URL(req.url ?? '/', upstream);
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    // A fresh connection per request: a kept-alive one that the replica is closing would look
    // like a replica that died holding the request.
    const out = request(target, { method: req.method, headers, agent: upstreamAgent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', () => resolve('answered'));
      answer.on('error', () => {
        res.destroy();
        resolve('answered');
      });
    });
    out.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent) {
        res.destroy();
        resolve('answered');
      } else resolve(CONNECT_ERRORS.has(err.code ?? '') ? 'refused' : 'lost');
    });
    out.end(body);
  });
}
