/**
 * The fuzz tests' HTTP client: node:http rather than fetch, because fetch cleans up what a
 * fuzzer must be able to send (it adds Accept-Language `*`, refuses some headers, always frames
 * the body its own way). A request here carries exactly the headers given, a body of any bytes,
 * framed by Content-Length or chunked, over one keep-alive agent per target so a run of
 * thousands of requests does not exhaust ephemeral ports. `sendRaw` writes bytes to a socket
 * for requests that are not even valid HTTP.
 */
import http from 'node:http';
import net from 'node:net';

export interface FuzzRequest {
  method: string;
  /** Path and query, starting with `/`. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body chunked, without Content-Length. */
  chunked?: boolean;
}

export interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface FuzzTarget {
  /** Base URL, e.g. http://127.0.0.1:4010 */
  base: string;
  agent: http.Agent;
}

export function targetOf(base: string): FuzzTarget {
  return { base, agent: new http.Agent({ keepAlive: true, maxSockets: 8 }) };
}

/** Names of headers node itself frames; a generated value for them would break the framing, not test the server. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'host', 'connection']);

export function send(target: FuzzTarget, r: FuzzRequest, timeoutMs = 15_000): Promise<FuzzAnswer> {
  const url = new URL(target.base);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) if (!FRAMING.has(k.toLowerCase())) headers[k] = v;
  if (r.body !== undefined && !r.chunked) headers['content-length'] = String(r.body.length);
  if (r.chunked) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent: target.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms: ${r.method} ${r.path}`)));
    req.on('error', reject);
    if (r.body !== undefined && r.chunked) {
      // Several chunks, so the server sees a body arriving in pieces.
      const step = Math.max(1, Math.ceil(r.body.length / 3));
      for (let i = 0; i < r.body.length; i += step) req.write(r.body.subarray(i, i + step));
    }
    req.end(r.body !== undefined && !r.chunked ? r.body : undefined);
  });
}

/**
 * Writes `bytes` to a fresh socket and collects whatever comes back until the server closes
 * the connection or `idleMs` passes (a request still waiting for its body). The socket is not
 * half-closed: node aborts requests in flight on a client's FIN, which would hide answers.
 */
export function sendRaw(base: string, bytes: Buffer, idleMs = 300): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let data = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data);
    };
    const timer = setTimeout(done, idleMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    socket.on('close', done);
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? done() : reject(err)));
  });
}

/** The answers in a raw response stream (as latin1, one char a byte): status, type and body of each. */
export function parseRawAnswers(raw: string): { status: number; contentType?: string; body: string }[] {
  const out: { status: number; contentType?: string; body: string }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const head = rest.slice(0, end).split('\r\n');
    const status = Number(head[0]!.split(' ')[1]);
    const fields = new Map(head.slice(1).map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(fields.get('content-length') ?? 0);
    const body = rest.slice(end + 4, end + 4 + length);
    out.push({ status, contentType: fields.get('content-type'), body: Buffer.from(body, 'latin1').toString('utf8') });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}
