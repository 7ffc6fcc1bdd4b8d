import { expect } from 'chai';
import { run as deadLetters } from '../../cli/deadLettersCommand.js';
import { buildBody, run as sendEvent } from '../../cli/sendEventCommand.js';
import type { KnowledgeEvent } from '../../src/webhook/knowledgeEvent.js';
import { FAST_RETRY, newId, put, startHarness, type Harness } from './webhookHarness.js';
import { waitFor } from '../support/waitFor.js';
import { captureIo } from '../support/captureIo.js';

describe('hubbot send-event', () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('[W3] sends an event and its duplicates; every answer is 204 and the event is handled once', async () => {
    h = await startHarness('memory');
    const seen: KnowledgeEvent[] = [];
    h.receiver.events.handle(h.receiver.events.all$, (e) => void seen.push(e));
    await h.receiver.start();
    const io = captureIo();
    const code = await sendEvent(['--url', h.url, '--kind', 'article_deleted', '--id', 'cli-1', 'articleId=KB-4242', 'meta.rank:=3', '--duplicates', '2'], io);
    expect(code).to.equal(0);
    expect(io.lines).to.have.length(3);
    for (const [i, line] of io.lines.entries()) expect(line).to.match(new RegExp(`notificationId=cli-1 \\(${i + 1}/3\\) -> 204`));
    await waitFor(() => seen.length === 1, 'the event');
    await waitFor(async () => (await h.store.pendingCount()) === 0, 'the duplicates to be acknowledged');
    expect(seen).to.have.length(1);
    expect(seen[0]).to.include({ kind: 'article_deleted', notificationId: 'cli-1' });
    expect(seen[0]!.envelope).to.deep.include({ articleId: 'KB-4242', meta: { rank: 3 } });
    expect(seen[0]!.time).to.be.instanceOf(Date);
  });

  it('prints a refusal with its error code, sends the shared secret from the environment, exits 1', async () => {
    const secret = 'cli-shared-secret-0123456789';
    h = await startHarness('memory', { auth: { sharedSecret: secret, secretHeader: 'x-hook-key' } });
    const refused = captureIo();
    expect(await sendEvent(['--url', h.url, '--kind', 'article_created'], refused)).to.equal(1);
    expect(refused.lines[0]).to.match(/-> 401 Unauthorized 401-107/);
    const ok = captureIo({ WEBHOOK_SHARED_SECRET: secret, WEBHOOK_SECRET_HEADER: 'x-hook-key' });
    expect(await sendEvent(['--url', h.url, '--kind', 'article_created'], ok)).to.equal(0);
    expect(ok.lines.join('\n')).to.not.include(secret);
  });

  it('[S4] signs each request with WEBHOOK_HMAC_SECRET from the environment; unsigned, the webhook refuses it', async () => {
    const hmacSecret = 'cli-hmac-secret-0123456789abcdef0123456789';
    h = await startHarness('memory', { auth: { hmacSecret } });
    const unsigned = captureIo();
    expect(await sendEvent(['--url', h.url, '--kind', 'article_created'], unsigned)).to.equal(1);
    expect(unsigned.lines[0]).to.match(/-> 401 Unauthorized 401-108/);
    const signed = captureIo({ WEBHOOK_HMAC_SECRET: hmacSecret });
    expect(await sendEvent(['--url', h.url, '--kind', 'article_created', '--duplicates', '1'], signed)).to.equal(0);
    expect(signed.lines).to.have.length(2);
    for (const line of signed.lines) expect(line).to.match(/-> 204/);
    expect(signed.lines.join('\n')).to.not.include(hmacSecret);
    expect(await h.store.pendingCount()).to.equal(1);
  });

  it('builds the body from --json, name=value and name:=json fields; refuses bad usage with exit 2', async () => {
    const body = buildBody({ kind: 'article_moved', json: '{"a":1,"payload":{"x":"y"}}', time: 'none' }, ['payload.articleId=KB-1', 'n:=[1,2]', 'eq=a=b']);
    expect(body).to.deep.include({ a: 1, payload: { x: 'y', articleId: 'KB-1' }, n: [1, 2], eq: 'a=b', eventType: 'article_moved' });
    expect(body).to.not.have.property('eventTime');
    expect(body.notificationId).to.be.a('string');
    expect(await sendEvent(['--url', 'http://127.0.0.1:1/webhook'], captureIo())).to.equal(2); // no --kind
    expect(await sendEvent(['--kind', 'x', 'oops'], captureIo())).to.equal(2);
    expect(await sendEvent(['--kind', 'x', '--duplicates', '-1'], captureIo())).to.equal(2);
  });
});

describe('hubbot dead-letters', () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('lists dead letters from Redis and requeues them; the gauge source drops to zero', async () => {
    h = await startHarness('redis', { retry: { ...FAST_RETRY, maxAttempts: 2 } });
    let failing = true;
    let handled = 0;
    h.receiver.events.on('article_type_updated', () => {
      if (failing) throw new Error('cannot refresh the type list');
      handled++;
    }, { name: 'refreshTypes' });
    await h.receiver.start();
    const id = newId();
    expect((await put(h.url, { notificationId: id, eventType: 'article_type_updated', articleTypeId: '12' })).status).to.equal(204);
    await waitFor(async () => (await h.store.deadLetterCount()) === 1, 'the dead letter');

    const env = { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: h.tenant };
    const list = captureIo(env);
    expect(await deadLetters([], list)).to.equal(0);
    expect(list.lines).to.have.length(1);
    expect(list.lines[0]).to.include(id).and.include('article_type_updated').and.include('refreshTypes (2 attempts): Error: cannot refresh the type list');
    const json = captureIo(env);
    expect(await deadLetters(['list', '--json'], json)).to.equal(0);
    expect((JSON.parse(json.lines[0]!) as { notificationId: string }[]).map((d) => d.notificationId)).to.deep.equal([id]);

    failing = false;
    const requeue = captureIo(env);
    expect(await deadLetters(['requeue', id, 'no-such-id'], requeue)).to.equal(1);
    expect(requeue.lines).to.deep.equal([`requeued  ${id}`, 'not found  no-such-id']);
    h.receiver.consumer.wake();
    await waitFor(() => handled === 1, 'the requeued event handled');
    expect(await h.store.deadLetterCount()).to.equal(0);
    const empty = captureIo(env);
    expect(await deadLetters(['requeue', '--all'], empty)).to.equal(0);
    expect(await deadLetters(['list'], empty)).to.equal(0);
    expect(empty.lines).to.deep.equal(['no dead letters']);
  });

  it('explains that it needs Redis when REDIS_URL is not set', async () => {
    const io = captureIo({});
    expect(await deadLetters(['list'], io)).to.equal(2);
    expect(io.errors[0]).to.match(/REDIS_URL/);
  });
});
