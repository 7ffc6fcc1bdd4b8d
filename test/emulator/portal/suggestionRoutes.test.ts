/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
import { expect } from 'chai';
import { isErrorBodyFor } from '../../../src/schemas/errorBody.js';
import { attachmentListSchema, commentListSchema, suggestionListSchema, suggestionSchema } from '../../../src/schemas/suggestionSchemas.js';
import { PORTAL, startPortalFixture, type PortalFixture } from './portalFixture.js';

describe('emulator portal: suggestions over HTTP', () => {
  let f: PortalFixture;
  let owner: string;
  before(async () => {
    f = await startPortalFixture();
    owner = f.token({ id: 'author-1' });
  });
  after(() => f.stop());

  const sg = `/portals/${PORTAL}/suggestions`;
  const expectError = (r: { status: number; body: any }, status: number, code: string) => {
    expect(r.status, JSON.stringify(r.body)).to.equal(status);
    expect(isErrorBodyFor(status, r.body)).to.equal(true);
    expect(r.body.code).to.equal(code);
  };
  const create = async (token = owner, extra: Record<string, unknown> = {}, portal = PORTAL) => {
    const r = await f.call('POST', `/portals/${portal}/suggestions`, { token, body: { name: 'Router LED colours', content: 'Explain what each LED colour means.', language: { code: 'en-US' }, ...extra } });
    return { ...r, id: r.headers.get('location')?.split('/').pop() };
  };
  const get = async (id: string, token = owner) => suggestionSchema.parse((await f.call('GET', `${sg}/${id}`, { token })).body);
  const setStatus = (id: string, status: string) => f.call('PUT', `/emulator/portal/suggestions/${id}/status`, { body: { status } });
  const settings = (portal: string, s: Record<string, boolean>) => f.call('PUT', `/emulator/portal/portals/${portal}/settings`, { body: s });

  it('[F1] the vendor\'s upload: preupload {name, size}, POST the bytes to the signed URL (201), then link the altId', async () => {
    const bytes = Buffer.from('vendor file');
    const pre = await f.call('POST', '/attachment/preupload', { token: owner, body: { name: 'notes.txt', size: bytes.length } });
    expect(pre.status).to.equal(200);
    const { altId, name, contentUrl } = pre.body;
    expect(name).to.equal('notes.txt');
    expect(contentUrl).to.match(/\/knowledge\/portalmgr\/v4\/attachment\/upload\?.*signature=/);
    expectError(await create(owner, { attachments: { attachment: [{ altId }] } }), 400, '400-196');
    const post = (url: string, type: string, body: Buffer) => fetch(url, { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) });
    expect((await post(contentUrl, 'text/plain', bytes)).status).to.equal(415);
    expect((await post(`${contentUrl}x`, 'application/octet-stream', bytes)).status).to.equal(403);
    expect((await post(contentUrl, 'application/octet-stream', bytes.subarray(1))).status).to.equal(400);
    expect((await post(contentUrl, 'application/octet-stream', bytes)).status).to.equal(201);
    const made = await create(owner, { attachments: { attachment: [{ altId }] } });
    expect(made.status).to.equal(201);
    const list = attachmentListSchema.parse((await f.call('GET', `${sg}/${made.id}/attachments`, { token: owner })).body);
    expect(list.attachments!.map((a) => a.fileName)).to.deep.equal(['notes.txt']);
    expectError(await f.call('POST', '/attachment/preupload', { token: owner, body: { size: 3 } }), 400, '400-112');
    expectError(await f.call('POST', '/attachment/preupload', { token: owner, body: { name: 'x', size: 3 }, headers: { 'accept-language': 'ja-JA' } }), 406, '406-100');
    expectError(await f.call('POST', '/attachment/preupload', { body: { name: 'x', size: 3 } }), 401, '401-104');
  });

  it('[F6] takes an attachment up to the vendor\'s 25 MB on both upload routes, and refuses one byte more', async () => {
    const limit = 25 * 1024 * 1024;
    const pre = (size: number) => f.call('POST', '/attachment/preupload', { token: owner, body: { name: 'big.bin', size } });
    expect((await pre(limit)).status).to.equal(200);
    expect((await pre(11 * 1024 * 1024)).status).to.equal(200);
    expectError(await pre(limit + 1), 400, '400-196');
    const url = (size: number) => f.call('POST', `${sg}/attachments/uploadurl`, { token: owner, body: { fileName: 'big.bin', contentType: 'application/octet-stream', size } });
    expect((await url(limit)).status).to.equal(200);
    expectError(await url(limit + 1), 413, '413-100');
  });

  it('[P8] uploads an attachment to a signed URL first, then references it by altId', async () => {
    const bytes = Buffer.from('fake png bytes');
    const up = await f.call('POST', `${sg}/attachments/uploadurl`, { token: owner, body: { fileName: 'leds.png', contentType: 'image/png', size: bytes.length } });
    expect(up.status).to.equal(200);
    const { contentUrl, altId } = up.body;
    // Referencing it before the bytes are uploaded is refused.
    expectError(await create(owner, { attachments: { attachment: [{ altId }] } }), 400, '400-196');
    expect((await fetch(contentUrl, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: bytes })).status).to.equal(415);
    expect((await fetch(`${contentUrl}x`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes })).status).to.equal(403);
    expect((await fetch(contentUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes })).status).to.equal(204);
    const made = await create(owner, { attachments: { attachment: [{ altId }] } });
    expect(made.status).to.equal(201);
    const list = attachmentListSchema.parse((await f.call('GET', `${sg}/${made.id}/attachments`, { token: owner })).body);
    expect(list.attachments!.map((a) => [a.fileName, a.size])).to.deep.equal([['leds.png', bytes.length]]);
    const detail = await f.call('GET', `${sg}/attachments/${list.attachments![0]!.id}`, { token: owner });
    const download = await fetch(detail.body.contentUrl);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).to.equal(true);
    // An altId is attached once only.
    expectError(await create(owner, { attachments: { attachment: [{ altId }] } }), 400, '400-196');
  });

  it('[P8][F6] modifies only a pending suggestion and only with at least one optional attribute; refusals are 400s the vendor\'s client can type', async () => {
    const { id } = await create();
    const s = await get(id!);
    expect(s.status!.value).to.equal('pending');
    expectError(await f.call('PUT', sg, { token: owner, body: { id, modifiedDate: s.modifiedDate } }), 400, '400-112');
    expect((await f.call('PUT', sg, { token: owner, body: { id, modifiedDate: s.modifiedDate, name: 'Router LEDs' } })).status).to.equal(204);
    expect((await get(id!)).name).to.equal('Router LEDs');
    expectError(await f.call('PUT', sg, { token: owner, body: { id, modifiedDate: s.modifiedDate, content: 'stale' } }), 400, '400-110');
    await setStatus(id!, 'suggested');
    const now = await get(id!);
    expectError(await f.call('PUT', sg, { token: owner, body: { id, modifiedDate: now.modifiedDate, content: 'late' } }), 400, '400-114');
    expectError(await f.call('PUT', sg, { token: f.token({ id: 'someone-else' }), body: { id, modifiedDate: now.modifiedDate, content: 'x' } }), 404, '404-101');
  });

  it('[F5] takes the vendor\'s `customAttribute` on create and modify as `customAttributes`, nothing dropped', async () => {
    const attr = (v: string) => [{ name: 'product', value: [v], type: 'STRING' }];
    const { id } = await create(owner, { customAttribute: attr('router') });
    const made = await get(id!);
    expect(made.customAttributes).to.deep.equal(attr('router'));
    const changed = await f.call('PUT', sg, { token: owner, body: { id, modifiedDate: made.modifiedDate, customAttribute: attr('modem') } });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(204);
    expect((await get(id!)).customAttributes).to.deep.equal(attr('modem'));
  });

  it('[P8][F6] deletes only a suggestion that is not approved (400, as the vendor declares)', async () => {
    const a = await create();
    await setStatus(a.id!, 'declined');
    expect((await f.call('DELETE', `${sg}/${a.id}`, { token: owner })).status).to.equal(204);
    expectError(await f.call('GET', `${sg}/${a.id}`, { token: owner }), 404, '404-101');
    const b = await create();
    const approved = await setStatus(b.id!, 'approved');
    expect(approved.body.articleId).to.match(/^KB-[0-9]+$/);
    expectError(await f.call('DELETE', `${sg}/${b.id}`, { token: owner }), 400, '400-111');
    const related = await f.call('GET', `${sg}/${b.id}/relatedArticles`, { token: owner });
    expect(related.body.relatedArticles.map((x: any) => x.id)).to.include(approved.body.articleId);
  });

  it('[P8][F6] takes comments from the owner or an administrator while Suggested or Pending (else 400-114)', async () => {
    const { id } = await create();
    const comment = (token: string, content = 'looks good') => f.call('POST', `${sg}/${id}/comments`, { token, body: { content } });
    expect((await comment(owner)).status).to.equal(201);
    expect((await comment(f.token({ id: 'kb-admin', admin: true }), 'approved soon')).status).to.equal(201);
    expectError(await comment(f.token({ id: 'random-user' })), 403, '403-198');
    await setStatus(id!, 'suggested');
    expect((await comment(owner)).status).to.equal(201);
    await setStatus(id!, 'declined');
    expectError(await comment(owner), 400, '400-114');
    const list = commentListSchema.parse((await f.call('GET', `${sg}/${id}/comments`, { token: owner })).body);
    expect(list.count).to.equal(3);
    expect(list.comments!.map((c) => c.content)).to.deep.equal(['looks good', 'approved soon', 'looks good']);
  });

  it('[P8] lists own suggestions by filter[status]', async () => {
    const t = f.token({ id: 'lister' });
    const a = await create(t);
    const b = await create(t);
    await create(f.token({ id: 'not-me' }));
    await setStatus(b.id!, 'approved');
    const pending = suggestionListSchema.parse((await f.call('GET', `${sg}?filter[status]=pending`, { token: t })).body);
    expect(pending.suggestion!.map((s) => s.id)).to.deep.equal([a.id]);
    const all = suggestionListSchema.parse((await f.call('GET', sg, { token: t })).body);
    expect(all.suggestion!.map((s) => s.id)).to.deep.equal([a.id, b.id]);
    expectError(await f.call('GET', `${sg}?filter[status]=lost`, { token: t }), 400, '400-196');
  });

  it('[P8] gates the operations with the portal settings Manage a Suggestion, Allow Customer Access and My Suggestions', async () => {
    const customer = f.token({ id: 'cust-1', kind: 'customer' });
    expectError(await create(customer, {}, 'KP-20002'), 403, '403-198'); // customers not allowed there
    expect((await create(customer)).status).to.equal(201);
    await settings(PORTAL, { allowCustomerAccess: false });
    expectError(await create(customer), 403, '403-198');
    await settings(PORTAL, { allowCustomerAccess: true, manageSuggestion: false });
    expectError(await create(), 403, '403-198');
    await settings(PORTAL, { manageSuggestion: true, mySuggestions: false });
    expectError(await f.call('GET', sg, { token: owner }), 403, '403-198');
    await settings(PORTAL, { mySuggestions: true });
    expect((await f.call('GET', sg, { token: owner })).status).to.equal(200);
    expectError(await f.call('GET', '/portals/KP-20002/suggestions', { token: owner }), 403, '403-198'); // My Suggestions off there
  });

  it('refuses bodies that miss required attributes or break their limits', async () => {
    expectError(await f.call('POST', sg, { token: owner, body: { name: 'n', language: { code: 'en-US' } } }), 400, '400-112');
    expectError(await f.call('POST', sg, { token: owner, body: { name: 'n'.repeat(256), content: 'c', language: { code: 'en-US' } } }), 400, '400-196');
  });
});
