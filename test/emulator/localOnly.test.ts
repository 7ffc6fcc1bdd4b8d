import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { startTestEmulator } from './hubTestKit.js';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';

/** A raw request, so Host and Origin are exactly what a browser on another site would send. */
function send(url: string, path: string, headers: Record<string, string>, body: string, method = 'POST'): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method, headers: { ...(method === 'GET' ? {} : { 'content-length': Buffer.byteLength(body) }), ...headers } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('emulator: only the developer\'s own machine may drive it', () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.stop());

  const start = JSON.stringify({});
  const port = () => new URL(emu.url).port;

  it('[S8] refuses a cross-site text/plain post, a foreign Origin and a foreign Host (DNS rebinding) with 403-198', async () => {
    const plain = await send(emu.url, '/emulator/conversations', { 'content-type': 'text/plain', host: `127.0.0.1:${port()}` }, start);
    expect(plain.status).to.equal(403);
    expect(JSON.parse(plain.text).code).to.equal('403-198');
    const foreign = await send(emu.url, '/emulator/conversations', { 'content-type': 'application/json', host: `127.0.0.1:${port()}`, origin: 'https://evil.example' }, start);
    expect(foreign.status).to.equal(403);
    const rebinding = await send(emu.url, '/emulator/conversations', { 'content-type': 'application/json', host: `evil.example:${port()}` }, start);
    expect(rebinding.status).to.equal(403);
    expect((await (await fetch(`${emu.url}/emulator/conversations`)).json()).conversation).to.deep.equal([]);
  });

  it('[S14] refuses reads with a foreign Host too (a rebinding page reading customer messages), and answers them on loopback names', async () => {
    for (const path of ['/emulator/conversations', '/emulator/calls']) {
      const rebinding = await send(emu.url, path, { host: `evil.example:${port()}` }, '', 'GET');
      expect(rebinding.status, path).to.equal(403);
      expect(JSON.parse(rebinding.text).code).to.equal('403-198');
      expect(JSON.parse(rebinding.text)).not.to.have.any.keys('conversation', 'call', 'calls');
      const local = await send(emu.url, path, { host: `localhost:${port()}` }, '', 'GET');
      expect(local.status, path).to.equal(200);
    }
  });

  it('[S8] takes JSON from loopback, with its own Origin or none, and the token form of the platform', async () => {
    const own = await send(emu.url, '/emulator/faults', { 'content-type': 'application/json', host: `localhost:${port()}`, origin: `http://localhost:${port()}` }, '{}');
    expect(own.status).to.not.equal(403);
    const token = await send(emu.url, '/oauth2/token', { 'content-type': 'application/x-www-form-urlencoded', host: `127.0.0.1:${port()}` }, `grant_type=client_credentials&client_id=${emu.defaultClient.clientId}&client_secret=${emu.defaultClient.clientSecret}`);
    expect(token.status).to.equal(200);
  });
});
