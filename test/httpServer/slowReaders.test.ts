/**
 * S16: a client that pipelines requests and never reads the answers is a slow client: its
 * connection has a write deadline and a bound on unread bytes, and at the connection limit it is
 * shed before a connection that is merely slow to send. Real HTTP on 127.0.0.1; events, not sleeps.
 */
import net from 'node:net';
import { expect } from 'chai';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import type { ConnectionRefusal, SlowClientLimits } from '../../src/httpServer/slowClientLimits.js';
import { waitFor } from '../support/waitFor.js';

const BIG = JSON.stringify({ text: 'x'.repeat(256 * 1024) });

async function server(limits: SlowClientLimits, refusals: ConnectionRefusal[]): Promise<{ app: JsonServer; port: number; sockets: net.Socket[] }> {
  // Pipelined requests unbounded here: what is checked is the write deadline and the unread bytes.
  const app = createJsonServer({ name: 'slow-readers', slowClients: { maxPipelinedRequests: 1000, ...limits }, onConnectionRefused: (r) => void refusals.push(r) });
  app.route('get', '/big', ({ res }) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BIG);
  });
  const sockets: net.Socket[] = [];
  app.server.server.on('connection', (s: net.Socket) => void sockets.push(s));
  const base = await app.listen();
  return { app, port: Number(new URL(base).port), sockets };
}

/** 40 pipelined GETs with 1 KB queries (an 8 KB target is refused before routing: 414), the answers never read. */
function slowReader(port: number): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.pause();
  socket.on('error', () => {});
  const path = `/big?p=${'p'.repeat(1024)}`;
  socket.write(Array.from({ length: 40 }, () => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
  return socket;
}

describe('Slow readers are slow clients (S16)', function () {
  this.timeout(30_000);
  let app: JsonServer | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('[S16] a connection whose answers are not read is destroyed past its write deadline; a reading client gets its answers', async () => {
    const refusals: ConnectionRefusal[] = [];
    const s = await server({ writeTimeoutMs: 300, headersTimeoutMs: 1000, requestTimeoutMs: 1000 }, refusals);
    app = s.app;
    const reader = slowReader(s.port);
    // Its answers back up on the server's side (it reads nothing), then the server destroys the
    // connection (the paused client itself sees nothing: it reads nothing).
    await waitFor(() => s.sockets[0]?.destroyed, 'the server to destroy the connection that does not read');
    reader.destroy();
    expect(refusals.some((r) => r.status === 408)).to.equal(true);
    // A client that reads gets the same answer whole.
    const answer = await fetch(`http://127.0.0.1:${s.port}/big?n=1`);
    expect(answer.status).to.equal(200);
    expect((await answer.text()).length).to.equal(BIG.length);
  });

  it('[S16] a connection holding more unread bytes than the bound is destroyed before the deadline', async () => {
    const refusals: ConnectionRefusal[] = [];
    const s = await server({ writeTimeoutMs: 60_000, maxUnreadBytes: 64 * 1024, headersTimeoutMs: 1000, requestTimeoutMs: 1000 }, refusals);
    app = s.app;
    const reader = slowReader(s.port);
    await waitFor(() => s.sockets[0]?.destroyed, 'the server to destroy the connection past the bound');
    expect(refusals.filter((r) => r.status === 408)).to.have.length(1);
    reader.destroy();
  });

  it('[S16] a large answer read slowly but steadily is not cut by the unread-bytes bound (a call log, a transcript export)', async () => {
    const refusals: ConnectionRefusal[] = [];
    // Long header deadlines: the connection must not be closed as idle while the client still reads.
    const s = await server({ writeTimeoutMs: 2000, maxUnreadBytes: 64 * 1024, headersTimeoutMs: 20_000, requestTimeoutMs: 20_000, keepAliveTimeoutMs: 20_000 }, refusals);
    app = s.app;
    const huge = 'y'.repeat(4 * 1024 * 1024);
    s.app.route('get', '/huge', ({ res }) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(huge.length) });
      res.end(huge);
    });
    // A reader that takes one chunk, then waits a little before the next: far more than the bound
    // waits unread at every sweep, but it drains between sweeps.
    const socket = net.connect(s.port, '127.0.0.1');
    let received = 0;
    const done = new Promise<void>((resolve, reject) => {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= huge.length) return resolve();
        socket.pause();
        setTimeout(() => socket.resume(), 20);
      });
      socket.on('close', () => (received >= huge.length ? resolve() : reject(new Error(`cut after ${received} bytes`))));
      socket.on('error', () => {});
    });
    socket.write('GET /huge HTTP/1.1\r\nHost: x\r\n\r\n');
    await done;
    expect(s.sockets[0]!.destroyed, 'the server kept the connection of a client that reads').to.equal(false);
    socket.destroy();
    expect(received).to.be.greaterThan(huge.length);
    expect(refusals.filter((r) => r.status === 408)).to.deep.equal([]);
  });

  it('[S16] at the connection limit the connection that does not read is shed before an older one slow to send its headers', async () => {
    const refusals: ConnectionRefusal[] = [];
    const s = await server({ maxConnections: 2, writeTimeoutMs: 60_000, maxUnreadBytes: 64 * 1024 * 1024, headersTimeoutMs: 20_000, requestTimeoutMs: 20_000 }, refusals);
    app = s.app;
    // Older: slow to send its headers (slow the longest, shed first until now).
    const slowSender = net.connect(s.port, '127.0.0.1');
    slowSender.on('error', () => {});
    slowSender.write('GET /big?n=1 HTTP/1.1\r\nHo');
    await waitFor(() => s.sockets.length === 1, 'the slow sender connected');
    const reader = slowReader(s.port);
    // More answer bytes written than the machine's socket buffers take: the rest waits unread on the server.
    await waitFor(() => s.sockets[1]?.writableLength > 0, { what: 'answers waiting unread on the server', timeoutMs: 10_000 });
    const third = await fetch(`http://127.0.0.1:${s.port}/big?n=3`);
    expect(third.status).to.equal(200);
    await waitFor(() => s.sockets[1].destroyed, 'the connection that does not read to be shed');
    expect(s.sockets[0].destroyed).to.equal(false);
    slowSender.destroy();
    reader.destroy();
  });

  it('[S16] pipelined requests per connection are bounded: past the bound the connection is destroyed, a client within it gets every answer', async () => {
    const refusals: ConnectionRefusal[] = [];
    app = createJsonServer({ name: 'pipelined', slowClients: { maxPipelinedRequests: 4 }, onConnectionRefused: (r) => void refusals.push(r) });
    // Answers held until the test lets them go: the requests stay unanswered meanwhile.
    const held: (() => void)[] = [];
    app.route('get', '/held', ({ res }) => new Promise<void>((resolve) => void held.push(() => (res.end('{}'), resolve()))));
    const sockets: net.Socket[] = [];
    app.server.server.on('connection', (s: net.Socket) => void sockets.push(s));
    const port = Number(new URL(await app.listen()).port);
    const pipeline = (n: number) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(Array.from({ length: n }, () => 'GET /held HTTP/1.1\r\nHost: x\r\n\r\n').join(''));
      return socket;
    };
    const flood = pipeline(40);
    await waitFor(() => sockets[0]?.destroyed, 'the connection past the bound to be destroyed');
    expect(refusals.map((r) => r.status)).to.deep.equal([429]);
    flood.destroy();
    held.length = 0; // their connection is gone: nothing to answer
    // Within the bound: four pipelined requests, four answers.
    const within = pipeline(4);
    let answers = '';
    within.on('data', (chunk: Buffer) => (answers += chunk.toString()));
    await waitFor(() => held.length === 4, 'the four requests to arrive');
    held.splice(0).forEach((answer) => answer());
    await waitFor(() => answers.split('HTTP/1.1 200').length - 1 === 4, { what: `four answers, got ${JSON.stringify(answers)}`, timeoutMs: 3000 });
    expect(sockets[1].destroyed).to.equal(false);
    within.destroy();
  });
});
