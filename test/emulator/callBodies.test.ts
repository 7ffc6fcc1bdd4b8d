/**
 * The call log keeps each call's request and response bodies for the inspector, with secrets
 * taken out: secret-named fields and signed-URL queries read "[redacted]", over real HTTP.
 */
import { expect } from 'chai';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { REDACTED, redactBody } from '../../src/emulator/callBodies.js';
import { rateText } from '../../src/emulator/web/browser/inspectorRows.js';

describe('emulator call log: bodies for the inspector, secrets redacted', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.stop());

  const lastCall = (path: string) => emu.services.log.list({ kind: 'call' }).filter((e) => e.path === path).pop()!;

  it('keeps the request and response bodies of a call, the secret ones redacted', async () => {
    const r = await fetch(`${emu.url}/emulator/clients`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSecret: 'pick-me-1234', senderType: 'customer' }) });
    const { clientId, clientSecret } = (await r.json()) as { clientId: string; clientSecret: string };
    expect(clientSecret).to.equal('pick-me-1234');
    const entry = lastCall('/emulator/clients');
    expect(entry.request).to.deep.equal({ clientSecret: REDACTED, senderType: 'customer' });
    expect(entry.response).to.include({ clientId, clientSecret: REDACTED, senderType: 'customer' });
    expect(JSON.stringify(emu.services.log.list())).to.not.contain('pick-me-1234');
  });

  it('redacts tokens, payloads, signatures at any depth and the query of a signed URL, and keeps the rest', () => {
    const body = {
      access_token: 'eyJ.secret',
      oauth2: { payload: 'grant_type=client_credentials&client_secret=s3', tokenRequestUrl: 'https://idp.example/token' },
      items: [{ contentUrl: 'https://x.example/attachment/upload?altId=a&expires=1&signature=abc', name: 'notes.txt' }],
      count: 2,
    };
    expect(redactBody(body)).to.deep.equal({
      access_token: REDACTED,
      oauth2: { payload: REDACTED, tokenRequestUrl: REDACTED },
      items: [{ contentUrl: `https://x.example/attachment/upload?${REDACTED}`, name: 'notes.txt' }],
      count: 2,
    });
  });

  it('says a bucket is full when idle, refilling after a call took its last token, throttled only on a 429', () => {
    const state = { bucket: 'b', plan: 'Developer', ratePerSecond: 5, burst: 1 };
    expect(rateText({ ...state, tokens: 1, nextTokenInMs: 0 }, 200)).to.equal('bucket 5/s: full (1 of 1 token)');
    expect(rateText({ ...state, tokens: 0, nextTokenInMs: 200 }, 202)).to.equal('bucket 5/s: this call took the last token; refills in 200 ms');
    expect(rateText({ ...state, tokens: 0, nextTokenInMs: 120 }, 429)).to.equal('bucket 5/s: empty, throttled; a token is due in 120 ms');
    expect(rateText({ ...state, burst: 3, tokens: 2, nextTokenInMs: 200 }, 200)).to.equal('bucket 5/s: 2 of 3 tokens left; the next refills in 200 ms');
  });
});
