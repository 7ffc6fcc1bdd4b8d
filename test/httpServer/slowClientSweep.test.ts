/**
 * The slow-client deadlines are checked by one sweep per server (slowClientLimits.ts): a
 * deadline is acted on at the first sweep after it passed, never before, the sweep stops with the
 * server's last connection, and shedding still takes the connection slow the longest. Fake
 * interval and clock, real sockets.
 */
import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import sinon from 'sinon';
import { limitSlowClients, sweepIntervalOf, type ConnectionRefusal } from '../../src/httpServer/slowClientLimits.js';
import { once, waitFor } from '../support/waitFor.js';

const HEADERS_MS = 1000;
const BODY_MS = 2000;
const QUICK_BODY_MS = 400;
const SWEEP_MS = sweepIntervalOf({ headersTimeoutMs: HEADERS_MS, requestTimeoutMs: BODY_MS });

interface Served {
  server: Server;
  port: number;
  /** The server's side of each connection, in the order they came. */
  sockets: Socket[];
  /** How many of them have closed (counted after the limits forgot them). */
  closed: number;
  requests: { req: IncomingMessage; res: ServerResponse }[];
  refusals: ConnectionRefusal[];
}

/** A server whose handler answers nothing by itself: the test answers, or the limits do. */
async function serve(maxConnections = 100): Promise<Served> {
  const s: Served = { server: createServer(), port: 0, sockets: [], closed: 0, requests: [], refusals: [] };
  limitSlowClients(s.server, { headersTimeoutMs: HEADERS_MS, requestTimeoutMs: BODY_MS, maxConnections, requestTimeoutMsFor: (p) => (p === '/quick' ? QUICK_BODY_MS : undefined) }, (r) => s.refusals.push(r));
  s.server.on('connection', (socket: Socket) => {
    s.sockets.push(socket);
    socket.on('close', () => s.closed++);
  });
  s.server.on('request', (req: IncomingMessage, res: ServerResponse) => s.requests.push({ req, res }));
  await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
  s.port = (s.server.address() as AddressInfo).port;
  return s;
}

/** A raw client: writes `head`, keeps what comes back. */
function client(s: Served, head: string): { socket: Socket; text: () => string; closed: Promise<unknown> } {
  const socket = connect({ port: s.port, host: '127.0.0.1' });
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(head);
  return { socket, text: () => text, closed: once(socket, 'close', 'the server to close the connection') };
}

const stalledBody = (path: string) => `POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{"a":`;
const wholeRequest = `POST /whole HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{}`;

describe('http: slow-client deadlines checked by one sweep per server', () => {
  let clock: sinon.SinonFakeTimers;
  let s: Served | undefined;
  const clients: Socket[] = [];
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    if (s) {
      s.server.closeAllConnections();
      await new Promise((resolve) => s!.server.close(resolve));
      s = undefined;
    }
    clock.restore();
  });
  const open = (head: string) => {
    const c = client(s!, head);
    clients.push(c.socket);
    return c;
  };

  it('[S1] headers that do not come are answered 408 at the first sweep after their deadline, not before', async () => {
    s = await serve();
    const c = open('POST /x HTTP/1.1\r\nHost: t\r\nContent-');
    await waitFor(() => s!.sockets.length === 1, 'the connection to be taken');
    clock.tick(HEADERS_MS - 1);
    expect(s.sockets[0].writableEnded, 'answered before its deadline').to.equal(false);
    clock.tick(SWEEP_MS);
    await c.closed;
    expect(c.text()).to.match(/^HTTP\/1\.1 408/).and.contain('"code":"408-100"');
    expect(s.refusals).to.deep.equal([{ status: 408, address: '127.0.0.1' }]);
  });

  it('[S1] [S10] a stalled body is answered 408 within one sweep of its deadline, the tighter per-path one first', async () => {
    s = await serve();
    const quick = open(stalledBody('/quick?x=1'));
    const slow = open(stalledBody('/slow'));
    await waitFor(() => s!.requests.length === 2, 'both requests to arrive');
    const answered = () => s!.requests.filter((r) => r.res.headersSent).map((r) => r.req.url);
    clock.tick(QUICK_BODY_MS - 1);
    expect(answered()).to.deep.equal([]);
    clock.tick(SWEEP_MS);
    expect(answered()).to.deep.equal(['/quick?x=1']);
    await quick.closed;
    expect(quick.text()).to.match(/^HTTP\/1\.1 408/);
    clock.tick(BODY_MS - QUICK_BODY_MS - SWEEP_MS - 1);
    expect(answered()).to.deep.equal(['/quick?x=1']);
    clock.tick(SWEEP_MS);
    await slow.closed;
    expect(slow.text()).to.match(/^HTTP\/1\.1 408/);
    expect(s.refusals.map((r) => r.path)).to.deep.equal(['/quick', '/slow']);
  });

  it('[S1] a whole request is never timed out while its handler works; the next headers are due a headers timeout after its answer', async () => {
    s = await serve();
    const c = open(wholeRequest);
    await waitFor(() => s!.requests[0]?.req.complete, 'the whole request to arrive');
    clock.tick(BODY_MS * 3);
    expect(s.requests[0].res.headersSent, 'a whole request timed out').to.equal(false);
    s.requests[0].res.end('ok');
    await waitFor(() => c.text().includes('ok'), 'the answer');
    clock.tick(HEADERS_MS - 1);
    expect(s.sockets[0].writableEnded, 'the idle connection closed early').to.equal(false);
    clock.tick(SWEEP_MS);
    await c.closed;
    expect(c.text()).to.match(/^HTTP\/1\.1 200[\s\S]*HTTP\/1\.1 408/);
  });

  it('[S10] at the limit the connection slow the longest is shed: one that was answered since counts from its answer, one being served is kept', async () => {
    s = await serve(3);
    const first = open('');
    await waitFor(() => s!.sockets.length === 1, 'the first connection');
    const second = open('');
    await waitFor(() => s!.sockets.length === 2, 'the second connection');
    const third = open('');
    await waitFor(() => s!.sockets.length === 3, 'the third connection');
    // The first is answered: it became slow again after the second and third.
    first.socket.write(wholeRequest);
    await waitFor(() => s!.requests.length === 1, 'the first request');
    s.requests[0].res.end('ok');
    await waitFor(() => first.text().includes('ok'), 'the first answer');
    // The third gets a whole request, held by its handler: never shed.
    third.socket.write(wholeRequest);
    await waitFor(() => s!.requests[1]?.req.complete, 'the third request');
    open('');
    await second.closed;
    expect(second.text()).to.match(/^HTTP\/1\.1 408/);
    open('');
    await first.closed;
    expect([third.socket.destroyed, s.requests[1].res.headersSent]).to.deep.equal([false, false]);
  });

  it('runs one sweep while the server has connections, and none after its last one closed', async () => {
    s = await serve();
    expect(clock.countTimers()).to.equal(0);
    const a = open('');
    const b = open('');
    await waitFor(() => s!.sockets.length === 2, 'both connections');
    expect(clock.countTimers()).to.equal(1);
    a.socket.destroy();
    b.socket.destroy();
    await waitFor(() => s!.closed === 2, 'both connections to close');
    clock.tick(SWEEP_MS);
    expect(clock.countTimers()).to.equal(0);
  });
});
