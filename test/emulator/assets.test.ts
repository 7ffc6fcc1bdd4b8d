import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { answerOf, expectRefusal, fetchToken, hub, startTestEmulator } from './hubTestKit.js';

describe('emulator: assets with signed URLs', () => {
  let emu: RunningEmulator;
  let token: string;
  let skew = 0;
  before(async () => {
    emu = await startTestEmulator({ now: () => Date.now() + skew, signedUrlTtlSeconds: 60, maxAssetBytes: 1024 });
    token = await fetchToken(emu);
  });
  after(() => emu.stop());

  const declare = async (contentType: string, size: number) => {
    const r = await hub(emu, 'POST', '/assets', { token, body: { contentType, size, name: 'note.txt' } });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    return r.body as { id: string; contentUrl: string; expires: string };
  };
  const upload = async (url: string, body: Uint8Array | string, contentType: string) =>
    answerOf(await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : new Uint8Array(body) }));

  it('[C6] create declares type and size and gets a signed upload URL; upload with exactly them; GET gives a signed download URL', async () => {
    const asset = await declare('text/plain', 5);
    expect(asset.contentUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+\/emulator\/blobs\/.+\?method=PUT&expires=\d+&signature=/);
    const up = await upload(asset.contentUrl, 'hello', 'text/plain');
    expect(up.status).to.equal(200);
    const got = await hub(emu, 'GET', `/assets/${asset.id}`, { token });
    expect(got.status).to.equal(200);
    expect(got.body).to.include({ id: asset.id, contentType: 'text/plain', size: 5, uploaded: true, name: 'note.txt' });
    expect(got.body.contentUrl).to.include('method=GET');
    const download = await fetch(got.body.contentUrl);
    expect(download.status).to.equal(200);
    expect(download.headers.get('content-type')).to.equal('text/plain');
    expect(await download.text()).to.equal('hello');
  });

  it('[C6] refuses an upload of another content type (415), more bytes (413) or fewer bytes (400)', async () => {
    const asset = await declare('image/png', 4);
    expectRefusal(await upload(asset.contentUrl, Buffer.from([1, 2, 3, 4]), 'image/jpeg'), 415, '415-100');
    expectRefusal(await upload(asset.contentUrl, Buffer.from([1, 2, 3, 4, 5]), 'image/png'), 413, '413-100');
    expectRefusal(await upload(asset.contentUrl, Buffer.from([1, 2, 3]), 'image/png'), 400, '400-101');
    expect((await upload(asset.contentUrl, Buffer.from([1, 2, 3, 4]), 'image/png')).status).to.equal(200);
  });

  it('[C6] refuses a tampered, misused or expired signed URL (403)', async () => {
    const asset = await declare('text/plain', 2);
    const other = await declare('text/plain', 2);
    const sig = new URL(asset.contentUrl).searchParams.get('signature')!;
    const tampered = asset.contentUrl.replace(sig, `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expectRefusal(await upload(tampered, 'hi', 'text/plain'), 403, '403-198');
    const moved = asset.contentUrl.replace(asset.id, other.id);
    expectRefusal(await upload(moved, 'hi', 'text/plain'), 403, '403-198');
    const asDownload = asset.contentUrl.replace('method=PUT', 'method=GET');
    expectRefusal(await answerOf(await fetch(asDownload)), 403, '403-198');
    skew += 61_000;
    try {
      const expired = await upload(asset.contentUrl, 'hi', 'text/plain');
      expectRefusal(expired, 403, '403-198');
      expect(expired.body.developerMessage).to.match(/expired/);
    } finally {
      skew -= 61_000;
    }
  });

  it('[C6] refuses a declaration that is not a media type or is over the size limit, and a download before the upload', async () => {
    expectRefusal(await hub(emu, 'POST', '/assets', { token, body: { contentType: 'plain', size: 1 } }), 400, '400-196');
    expectRefusal(await hub(emu, 'POST', '/assets', { token, body: { contentType: 'text/plain', size: 4096 } }), 413, '413-100');
    expectRefusal(await hub(emu, 'POST', '/assets', { token, body: { size: 1 } }), 400, '400-112');
    const asset = await declare('text/plain', 1);
    const url = (await hub(emu, 'GET', `/assets/${asset.id}`, { token })).body.contentUrl as string;
    expectRefusal(await answerOf(await fetch(url)), 404, '404-101');
  });
});
