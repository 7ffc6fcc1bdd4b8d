import { expect } from 'chai';
import { createJsonServer, sendJson, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { PlatformError } from '../../src/errors/platformError.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';

describe('jsonServer: every refusal is an error body', () => {
  let app: JsonServer;
  let base: string;
  before(async () => {
    app = createJsonServer({ name: 'test', bodyLimitBytes: 64 });
    app.route('post', '/echo', ({ res, body }) => sendJson(res, 200, { got: body }));
    app.route('get', '/refuse', () => {
      throw PlatformError.of('404-101', { name: 'thing' });
    });
    app.route('get', '/boom', () => {
      throw new Error('secret-internal-detail');
    });
    base = await app.listen();
  });
  after(() => app.close());

  it('parses a JSON body', async () => {
    const r = await fetch(`${base}/echo`, { method: 'POST', body: JSON.stringify({ a: 1 }), headers: { 'content-type': 'application/json' } });
    expect(r.status).to.equal(200);
    expect(await r.json()).to.deep.equal({ got: { a: 1 } });
  });

  it('[E1] answers malformed JSON with 400 and an error body', async () => {
    const r = await fetch(`${base}/echo`, { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(r.status).to.equal(400);
    expect(isErrorBodyFor(400, await r.json())).to.equal(true);
  });

  it('[E1] answers a body over the limit with 413 before parsing', async () => {
    const r = await fetch(`${base}/echo`, { method: 'POST', body: JSON.stringify({ a: 'x'.repeat(100) }) });
    expect(r.status).to.equal(413);
    expect(isErrorBodyFor(413, await r.json())).to.equal(true);
  });

  it('[E1] answers unknown paths with 404 and unknown methods with 405 as error bodies', async () => {
    const r1 = await fetch(`${base}/nowhere`);
    expect(r1.status).to.equal(404);
    expect(isErrorBodyFor(404, await r1.json())).to.equal(true);
    const r2 = await fetch(`${base}/echo`, { method: 'DELETE' });
    expect(r2.status).to.equal(405);
    expect(isErrorBodyFor(405, await r2.json())).to.equal(true);
  });

  it('[S16] refuses a request target longer than 2,048 bytes with 414 and an error body before routing, and closes the connection; one at the limit is routed', async () => {
    const long = await fetch(`${base}/echo?${'q'.repeat(2048)}`, { method: 'POST', body: '{}' });
    expect(long.status).to.equal(414);
    expect(long.headers.get('connection')).to.equal('close');
    expect(isErrorBodyFor(414, await long.json())).to.equal(true);
    const atLimit = await fetch(`${base}/echo?${'q'.repeat(2048 - '/echo?'.length)}`, { method: 'POST', body: '{"a":1}' });
    expect(atLimit.status).to.equal(200);
    expect(await atLimit.json()).to.deep.equal({ got: { a: 1 } });
  });

  it('[E1] gives userMessage only with X-platform-error-message: yes', async () => {
    const plain = await (await fetch(`${base}/refuse`)).json();
    expect(plain).to.not.have.property('userMessage');
    const asked = await (await fetch(`${base}/refuse`, { headers: { 'X-platform-error-message': 'yes' } })).json();
    expect(asked.userMessage).to.be.a('string');
  });

  it('[E3] follows Accept-Language for the error text', async () => {
    const fr = await (await fetch(`${base}/refuse`, { headers: { 'accept-language': 'fr-FR' } })).json();
    expect(fr.developerMessage).to.match(/Introuvable/);
    const en = await (await fetch(`${base}/refuse`, { headers: { 'accept-language': 'en-US' } })).json();
    expect(en.developerMessage).to.match(/Not found/);
  });

  it('turns an unexpected error into 500-101 without leaking its message', async () => {
    const r = await fetch(`${base}/boom`);
    expect(r.status).to.equal(500);
    const text = await r.text();
    expect(text).to.not.contain('secret-internal-detail');
    expect(JSON.parse(text).code).to.equal('500-101');
  });
});
