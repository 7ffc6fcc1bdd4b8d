import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import { createJsonServer, type JsonServer } from '../../src/http/jsonServer.js';
import { registerTokenEndpoint } from '../../src/server/tokenEndpoint.js';
import { createTokenIssuer } from '../../src/server/tokenIssuer.js';
import { createFailureLimiter } from '../../src/server/failureLimiter.js';
import { createRefusalLog } from '../../src/server/refusalLog.js';

const CLIENT_ID = 'hub-lockout';
const CLIENT_SECRET = 'the-hubs-real-secret-0123456789';

describe('security: the token endpoint cannot be turned against the real hub', () => {
  let app: JsonServer;
  let url: string;
  let lines: Record<string, unknown>[] = [];
  let refused: string[] = [];

  // A fresh endpoint per test: its own limiter and its own log window.
  beforeEach(async () => {
    lines = [];
    refused = [];
    app = createJsonServer({ name: 'lockout' });
    registerTokenEndpoint(app, {
      clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
      issuer: createTokenIssuer({ signingKey: 'lockout-signing-key-0123456789abcdef', issuer: 'hubbot', audience: 'hubbot-callback', tenant: 'acme', ttlSeconds: 600 }),
      limiter: createFailureLimiter({ maxFailures: 10 }),
      // The address a trusted proxy would forward: lets one test speak from several addresses.
      remoteAddress: (req: IncomingMessage) => String(req.headers['x-test-address'] ?? 'unknown'),
      refusalLog: createRefusalLog({ warn: (o) => void lines.push(o as Record<string, unknown>) }, { perWindow: 20, onRefused: (k) => void refused.push(k) }),
    });
    url = `${await app.listen(0, '127.0.0.1')}/oauth2/token`;
  });
  afterEach(() => app.close());

  const ask = (from: string, clientId: string, secret: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-address': from }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }) });

  it('[S2] wrong secrets for the hub\'s client id, however many, do not keep the hub (another address) from its token', async () => {
    for (let i = 0; i < 25; i++) await ask('203.0.113.7', CLIENT_ID, `guess-${i}`);
    expect((await ask('203.0.113.7', CLIENT_ID, 'another-guess')).status).to.equal(429);
    const hub = await ask('198.51.100.20', CLIENT_ID, CLIENT_SECRET);
    expect(hub.status).to.equal(200);
    expect((await hub.json()).access_token).to.be.a('string');
  });

  it('[S2] an unknown client id and a wrong secret for a real one are answered alike, before and past the limit', async () => {
    const pairs: number[][] = [];
    for (let i = 0; i < 12; i++) {
      const unknown = await ask('192.0.2.1', `no-such-client-${i}`, 'x');
      const wrong = await ask('192.0.2.2', CLIENT_ID, `wrong-${i}`);
      pairs.push([unknown.status, wrong.status]);
    }
    for (const [u, w] of pairs) expect(u).to.equal(w);
    expect(pairs.map(([u]) => u)).to.deep.equal([...Array(10).fill(401), 429, 429]);
  });

  it('[S5] refusal logs cut attacker-controlled fields and are rate-limited; the full count goes to the metrics', async () => {
    const huge = 'A'.repeat(15_000);
    for (let i = 0; i < 40; i++) await ask(`198.18.0.${i}`, huge, 'x');
    expect(refused.length).to.equal(40);
    expect(lines.length).to.be.at.most(20);
    expect(JSON.stringify(lines).length).to.be.lessThan(20 * 400);
    expect(String(lines[0].clientId)).to.match(/^A{64}… \(15000 characters\)$/);
  });
});
