/**
 * After a response has closed, the JSON server drops its request's and its own listener tables
 * (what a dead request in the old generation would keep alive through young collections), and
 * a late error on either is still caught, never an uncaught exception.
 */
import { expect } from 'chai';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createJsonServer, sendJson, type JsonServer } from '../../src/httpServer/jsonServer.js';

describe('jsonServer: listeners of a closed exchange', () => {
  let app: JsonServer;
  let base: string;
  const seen: { req: IncomingMessage; res: ServerResponse }[] = [];
  before(async () => {
    app = createJsonServer({ name: 'test' });
    app.route('post', '/echo', ({ req, res, body }) => {
      seen.push({ req, res });
      sendJson(res, 200, { got: body });
    });
    base = await app.listen();
  });
  after(() => app.close());

  it('keeps only an error catcher on the request and the response once the response has closed', async () => {
    const r = await fetch(`${base}/echo`, { method: 'POST', body: JSON.stringify({ a: 1 }), headers: { 'content-type': 'application/json' } });
    expect(await r.json()).to.deep.equal({ got: { a: 1 } });
    const { req, res } = seen[0];
    if (!res.closed) await once(res, 'close');
    // dropListeners runs on the immediate after 'close'.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    for (const emitter of [req, res]) {
      expect(emitter.eventNames()).to.deep.equal(['error']);
      expect(emitter.listenerCount('error')).to.equal(1);
    }
    // A late error is caught by that listener: emitting it does not throw.
    expect(() => req.emit('error', new Error('late reset'))).to.not.throw();
    expect(() => res.emit('error', new Error('late reset'))).to.not.throw();
  });

  it('still serves the next request of a kept-alive connection', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${base}/echo`, { method: 'POST', body: JSON.stringify({ i }), headers: { 'content-type': 'application/json' } });
      expect(await r.json()).to.deep.equal({ got: { i } });
    }
  });
});
