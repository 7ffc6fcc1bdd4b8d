/**
 * What the inspector can show of every call (F7), over real HTTP: a token call's request with
 * its secrets masked, a binary upload by its size and type, request and answer headers with
 * the secret ones masked; the conversation's calls and the emulator's own control calls in
 * two logs, each with its own cap; and a readable line for every entry, never raw JSON.
 */
import { expect } from 'chai';
import { CallLog, logOfPath } from '../../src/emulator/callLog.js';
import { REDACTED } from '../../src/emulator/callBodies.js';
import { categoryOf, describeEntry } from '../../src/emulator/web/browser/inspectorRows.js';
import { PORTAL, startPortalFixture, type PortalFixture } from './portal/portalFixture.js';

describe('[F7] the inspector\'s log: every request and answer, the conversation apart from the controls', () => {
  let f: PortalFixture;
  before(async () => {
    f = await startPortalFixture();
  });
  after(() => f.stop());

  const lastCall = (path: string) => f.emu.services.log.list({ kind: 'call' }).filter((e) => e.path === path).pop()!;

  it('[F7] a token call shows its request, client_secret and Authorization masked, and its answer with the token masked', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'emulator-client', client_secret: 'emulator-secret', scope: 'read' });
    const r = await fetch(f.emu.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(r.status).to.equal(200);
    const entry = lastCall('/oauth2/token');
    expect(entry.request).to.deep.equal({ grant_type: 'client_credentials', client_id: 'emulator-client', client_secret: REDACTED, scope: 'read' });
    expect(entry.response).to.include({ access_token: REDACTED, token_type: 'Bearer' });
    const basic = Buffer.from('emulator-client:emulator-secret').toString('base64');
    await fetch(f.emu.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` }, body: 'grant_type=client_credentials' });
    const viaBasic = lastCall('/oauth2/token');
    expect(viaBasic.requestHeaders).to.include({ authorization: REDACTED, 'content-type': 'application/x-www-form-urlencoded' });
    expect(JSON.stringify(f.emu.services.log.list())).to.not.contain('emulator-secret').and.not.contain(basic);
  });

  it('[F7] a binary upload shows its size and type; a portal call its headers (bearer masked, the rest visible) and its answer\'s Location', async () => {
    const token = f.token({ id: 'ann' });
    const pre = await f.call('POST', '/attachment/preupload', { token, body: { name: 'photo.bin', size: 4 } });
    const up = await fetch(pre.body.contentUrl, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0, 1, 2, 255]) });
    expect(up.status).to.equal(201);
    const upload = f.emu.services.log.list({ kind: 'call' }).filter((e) => String(e.path).endsWith('/attachment/upload')).pop()!;
    expect(upload.request).to.equal('(4 bytes of application/octet-stream)');
    const made = await f.call('POST', `/portals/${PORTAL}/suggestions`, { token, body: { name: 'n', content: 'c', language: { code: 'en-US' } } });
    expect(made.status).to.equal(201);
    const create = lastCall(`/knowledge/portalmgr/v4/portals/${PORTAL}/suggestions`);
    expect(create.requestHeaders).to.include({ authorization: REDACTED, 'accept-language': 'en-US' });
    expect(create.request).to.deep.equal({ name: 'n', content: 'c', language: { code: 'en-US' } });
    expect((create.responseHeaders as Record<string, string>).location).to.equal(made.headers.get('location'));
  });

  it('[F7] control calls go to their own log; the conversation\'s log holds platform and customer calls only', async () => {
    await f.call('GET', '/emulator/realistic');
    await f.call('PUT', '/emulator/faults', { body: {} });
    await f.call('GET', '/emulator/accounts');
    const conversation = (await f.call('GET', '/emulator/calls?kind=call&log=conversation')).body.call as { path: string; log: string }[];
    const control = (await f.call('GET', '/emulator/calls?kind=call&log=control')).body.call as { path: string; log: string }[];
    expect(control.map((e) => e.path)).to.include.members(['/emulator/realistic', '/emulator/faults']);
    expect(control.every((e) => e.log === 'control')).to.equal(true);
    expect(conversation.map((e) => e.path)).to.include('/oauth2/token').and.include('/emulator/accounts');
    expect(conversation.some((e) => e.path.startsWith('/emulator/') && e.path !== '/emulator/accounts')).to.equal(false);
    const all = (await f.call('GET', '/emulator/calls?kind=call')).body.call as { seq: number }[];
    expect(all.length).to.equal(conversation.length + control.length);
    expect(all.map((e) => e.seq)).to.deep.equal([...all.map((e) => e.seq)].sort((a, b) => a - b));
  });

  it('[F7] the bytes sent to a signed URL the platform gave (an attachment\'s upload, an asset\'s blob) are the conversation\'s calls, not control calls', async () => {
    const token = f.token({ id: 'uploader' });
    const url = await f.call('POST', `/portals/${PORTAL}/suggestions/attachments/uploadurl`, { token, body: { fileName: 'a.bin', contentType: 'application/octet-stream', size: 3 } });
    expect(url.status, JSON.stringify(url.body)).to.equal(200);
    const put = await fetch(url.body.contentUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([1, 2, 3]) });
    expect(put.status).to.equal(204);
    const path = new URL(url.body.contentUrl).pathname;
    const inLog = async (log: string) => ((await f.call('GET', `/emulator/calls?kind=call&log=${log}`)).body.call as { path: string; request: unknown }[]).filter((e) => e.path === path);
    expect((await inLog('conversation')).map((e) => e.request)).to.deep.equal(['(3 bytes of application/octet-stream)']);
    expect(await inLog('control')).to.deep.equal([]);
    expect(logOfPath('/emulator/blobs/asset-1')).to.equal('conversation');
    expect(logOfPath('/emulator/portal/faults')).to.equal('control');
    expect(logOfPath('/emulator/conversations/c1/agent')).to.equal('control');
  });

  it('[F7] each log has its own cap: a flood of control calls never pushes the conversation\'s entries out', () => {
    const log = new CallLog(() => 0, 3);
    for (let i = 0; i < 2; i++) log.record({ kind: 'call', path: `/conversation/${i}` });
    for (let i = 0; i < 50; i++) log.record({ kind: 'call', log: 'control', path: '/emulator/faults' });
    expect(log.list({ log: 'conversation' }).map((e) => e.path)).to.deep.equal(['/conversation/0', '/conversation/1']);
    expect(log.list({ log: 'control' })).to.have.length(3);
    expect(log.list()).to.have.length(5);
  });

  it('[F7] accept, reject and every other entry read as words, not one-line JSON', () => {
    const row = (e: Record<string, unknown>) => describeEntry({ seq: 1, at: '', log: 'conversation', kind: 'note', ...e }, false).summary;
    expect(row({ kind: 'portal.feedback', verb: 'accept', caseId: '5008', solution: '7008', casebaseId: '101', sessionClosed: true })).to.equal('accept case 5008 (solution 7008) on casebase 101; the session closed');
    expect(row({ kind: 'portal.feedback', verb: 'reject', caseId: '5008', solution: '5008', casebaseId: '101', sessionClosed: false })).to.equal('reject case 5008 (solution 5008) on casebase 101');
    expect(row({ kind: 'realistic', drifts: ['kbLanguage', 'releaseList'] })).to.equal('drifts: kbLanguage, releaseList');
    expect(row({ kind: 'something', a: 1, b: { c: 2 } })).to.equal('a: 1; b: {"c":2}');
    const delivery = { kind: 'webhookDelivery', eventType: 'article_created', notificationId: 'n-1', url: 'http://bot/api/knowledge/events', attempt: 2, copy: 2, status: 503 };
    expect(row(delivery)).to.equal('PUT article_created n-1 to the webhook http://bot/api/knowledge/events (attempt 2, duplicate copy)');
    const timedOut = describeEntry({ seq: 1, at: '', log: 'conversation', ...delivery, status: undefined, failure: 'timeout' }, false);
    expect(timedOut).to.deep.include({ kind: 'webhook', summary: 'PUT article_created n-1 to the webhook http://bot/api/knowledge/events (attempt 2, duplicate copy): timeout' });
    expect(timedOut.flags).to.include('failed');
    expect(categoryOf({ seq: 1, at: '', log: 'conversation', ...delivery })).to.equal('callback');
  });
});
