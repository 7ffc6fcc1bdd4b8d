/**
 * The emulator's signed URLs (hub assets, C6, and the portal's attachment uploads) carry their
 * own authorisation, so they must not outlive their expiry nor open another asset than the one
 * they were signed for, nor serve another method. Time is the emulator's `now` option: a clock
 * the test moves, nothing waits.
 */
import { expect } from 'chai';
import { defaultParts } from '../../src/emulator/defaultParts.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { UNLIMITED } from '../emulator/hubTestKit.js';
import { expectRefusal, request, type Answer } from './securityKit.js';

const TTL_SECONDS = 60;

describe('security: signed asset URLs of the emulator', function () {
  let clock = Date.UTC(2030, 5, 1, 12, 0, 0);
  let emu: RunningEmulator;
  let token: string;
  let userToken: string;

  before(async () => {
    emu = await startEmulator({ plan: UNLIMITED, rateBurst: 10_000, now: () => clock, signedUrlTtlSeconds: TTL_SECONDS, parts: defaultParts() });
    token = emu.tokenFor({});
    userToken = emu.tokenFor({ subject: { kind: 'user', id: 'uploader' } });
  });
  after(() => emu?.stop());

  const hub = (method: string, path: string, body?: unknown): Promise<Answer> =>
    request(`${emu.hubUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const upload = (url: string, data: string, type = 'text/plain') => request(url, { method: 'PUT', headers: { 'content-type': type }, body: data });
  const download = (url: string) => request(url, { method: 'GET' });

  /** A declared and uploaded asset, with a fresh download URL. */
  async function asset(content: string): Promise<{ id: string; uploadUrl: string; downloadUrl: string }> {
    const declared = await hub('POST', '/assets', { contentType: 'text/plain', size: Buffer.byteLength(content) });
    expect(declared.status, declared.text).to.equal(201);
    expect((await upload(declared.body.contentUrl, content)).status).to.equal(200);
    const got = await hub('GET', `/assets/${declared.body.id}`);
    return { id: declared.body.id, uploadUrl: declared.body.contentUrl, downloadUrl: got.body.contentUrl };
  }

  it('[C6] a download URL works until its expiry and not a millisecond after, edited expiry or not', async () => {
    const a = await asset('secret report A');
    expect((await download(a.downloadUrl)).text).to.equal('secret report A');
    clock += TTL_SECONDS * 1000 - 1;
    expect((await download(a.downloadUrl)).status).to.equal(200);
    clock += 1;
    const late = await download(a.downloadUrl);
    expectRefusal(late, 403, '403-198');
    expect(late.text).to.not.contain('secret report A');
    // Pushing `expires` forward breaks the signature: still refused.
    const edited = new URL(a.downloadUrl);
    edited.searchParams.set('expires', String(clock + 3_600_000));
    expectRefusal(await download(edited.toString()), 403, '403-198');
    // A new URL from GET /assets/{id} works again: the URL expired, not the asset.
    expect((await download((await hub('GET', `/assets/${a.id}`)).body.contentUrl)).text).to.equal('secret report A');
  });

  it('[C6] an upload URL cannot be used after its expiry to replace the content', async () => {
    const declared = await hub('POST', '/assets', { contentType: 'text/plain', size: 4 });
    clock += TTL_SECONDS * 1000;
    expectRefusal(await upload(declared.body.contentUrl, 'evil'), 403, '403-198');
    const fresh = (await hub('GET', `/assets/${declared.body.id}`)).body;
    expect(fresh.uploaded).to.equal(false);
  });

  it('[C6] a URL signed for one asset does not open another, nor serve another method', async () => {
    const a = await asset('content of A');
    const b = await asset('content of B');
    const moved = a.downloadUrl.replace(`/${encodeURIComponent(a.id)}?`, `/${encodeURIComponent(b.id)}?`);
    expect(moved).to.not.equal(a.downloadUrl);
    const refused = await download(moved);
    expectRefusal(refused, 403, '403-198');
    expect(refused.text).to.not.contain('content of');
    // A's download URL used as an upload (method=GET signed): refused, B untouched.
    expectRefusal(await upload(moved.replace('method=GET', 'method=PUT'), 'xxxxxxxxxxxx'), 403, '403-198');
    expectRefusal(await upload(a.downloadUrl, 'xxxxxxxxxxxx'), 403, '403-198');
    expect((await download(b.downloadUrl)).text).to.equal('content of B');
  });

  it('a portal attachment upload URL expires and is bound to its own upload', async () => {
    const ask = () =>
      request(`${emu.url}/knowledge/portalmgr/v4/portals/KP-10001/suggestions/attachments/uploadurl`, {
        headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json', 'accept-language': 'en-US' },
        body: JSON.stringify({ fileName: 'a.txt', contentType: 'text/plain', size: 5 }),
      });
    const first = await ask();
    const second = await ask();
    expect(first.status, first.text).to.equal(200);
    const other = first.body.contentUrl.replace(first.body.altId, second.body.altId);
    expectRefusal(await upload(other, 'hello'), 403, '403-198');
    // The portal's upload URLs live 15 minutes (portalPart.ts).
    clock += 15 * 60_000;
    expectRefusal(await upload(first.body.contentUrl, 'hello'), 403, '403-198');
    expectRefusal(await upload(second.body.contentUrl, 'hello'), 403, '403-198');
  });
});
