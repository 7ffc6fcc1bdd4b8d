import { expect } from 'chai';
import { createJsonServer, type JsonServer } from '../../src/httpServer/jsonServer.js';
import { registerOperationsRoutes } from '../../src/observability/operationsRoutes.js';
import { ContactCenterFigures, MemoryFiguresStore } from '../../src/observability/contactCenterFigures.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { recordSoakDay, SOAK_DAY } from '../support/soakDayFigures.js';

const TOKEN = 'figures-token-0123456789';

describe('the figures page (HTTP)', () => {
  let app: JsonServer;
  let base: string;
  before(async () => {
    let now = SOAK_DAY;
    const figures = new ContactCenterFigures({ store: new MemoryFiguresStore(), now: () => now });
    await recordSoakDay(figures, (t) => (now = t));
    app = createJsonServer({ name: 'figures-test' });
    registerOperationsRoutes(app, { figures, metricsToken: TOKEN });
    base = await app.listen();
  });
  after(() => app.close());

  const day = `since=${new Date(SOAK_DAY).toISOString()}&until=${new Date(SOAK_DAY + 86_400_000).toISOString()}`;

  it('[O5] [S8] is behind the metrics token', async () => {
    const r = await fetch(`${base}/figures?${day}`);
    expect(r.status).to.equal(401);
    expect(isErrorBodyFor(401, await r.json())).to.equal(true);
  });

  it('[O5] is one HTML page with its charts inline, loading nothing from elsewhere', async () => {
    const r = await fetch(`${base}/figures?${day}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(r.headers.get('content-security-policy')).to.match(/^default-src 'none';/);
    const html = await r.text();
    expect(html).to.not.match(/<script|<link|src="http|href="http|@import|url\(/i);
    expect(html.match(/<svg /g)).to.have.length(2);
    expect(html).to.match(/<td>101<\/td><td>\d+<\/td>/);
    expect(html).to.match(/<tr class="total"><td>\(all\)<\/td>/);
    // A day in at most 48 bars: 30-minute ones, so none starts at 00:05.
    expect(html).to.include('<title>2026-11-24T00:00Z: ');
    expect(html).to.not.include('<title>2026-11-24T00:05Z: ');
    expect(html).to.include('<title>2026-11-24T23:00Z: ');
  });

  it('[O5] refuses a period it cannot read with the error body', async () => {
    const r = await fetch(`${base}/figures?since=soon`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).to.equal(400);
    expect(isErrorBodyFor(400, await r.json())).to.equal(true);
  });
});
