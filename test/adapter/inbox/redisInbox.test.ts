import net from 'node:net';
import { expect } from 'chai';
import { createClient } from 'redis';
import { PlatformError } from '../../../src/errors/platformError.js';
import { InboxWorker } from '../../../src/adapter/inbox/inboxWorker.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { deleteTenantKeys, tenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';
import { waitFor } from '../../support/waitFor.js';

const item = (id: string) => ({ id, payload: { text: id }, receivedAt: Date.now() });

async function refusalOf(work: Promise<unknown>): Promise<PlatformError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).to.be.instanceOf(PlatformError);
  return err as PlatformError;
}

describe('RedisInbox when Redis cannot record', () => {
  it('refuses an append with 503-100 when Redis is unreachable', async () => {
    const client = createClient({ url: 'redis://127.0.0.1:1', socket: { reconnectStrategy: false, connectTimeout: 500 } });
    client.on('error', () => {});
    await client.connect().catch(() => undefined);
    const inbox = new RedisInbox({ client, tenant: uniqueTenant('down') });
    const err = await refusalOf(inbox.append('c1', item('m1')));
    expect(err.status).to.equal(503);
    expect(err.code).to.equal('503-100');
  });

  it('refuses an append with 503-100 once its connection is closed', async () => {
    const client = await createRedisConnection();
    client.destroy();
    const inbox = new RedisInbox({ client, tenant: uniqueTenant('closed') });
    expect((await refusalOf(inbox.append('c1', item('m1')))).code).to.equal('503-100');
  });

  it('refuses an append with 503-100 when Redis does not answer within appendTimeoutMs', async () => {
    // A server that accepts connections and never answers, as a hung or partitioned Redis would.
    const sockets: net.Socket[] = [];
    const server = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
    client.on('error', () => {});
    void client.connect().catch(() => undefined);
    try {
      const inbox = new RedisInbox({ client, tenant: uniqueTenant('hung'), appendTimeoutMs: 100 });
      expect((await refusalOf(inbox.append('c1', item('m1')))).code).to.equal('503-100');
    } finally {
      client.destroy();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('RedisInbox on Redis', () => {
  let tenant: string;
  const connections: RedisConnection[] = [];
  const connect = async () => {
    const c = await createRedisConnection();
    connections.push(c);
    return c;
  };

  beforeEach(() => {
    tenant = uniqueTenant('inbox');
  });
  afterEach(async () => {
    await deleteTenantKeys(connections[0], tenant);
    await Promise.all(connections.splice(0).map((c) => closeRedisConnection(c)));
  });

  it('keeps its data under hubbot:{tenant}:inbox:*, with the dedupe ids expiring', async () => {
    const client = await connect();
    const inbox = new RedisInbox({ client, tenant, dedupeWindowMs: 60_000 });
    await inbox.append('conv:1', item('m1'));
    await inbox.append('conv:1', item('m2'));
    const claim = (await inbox.claim('w', 60_000))!;
    const base = `hubbot:{${tenant}}:inbox`;
    expect((await tenantKeys(client, tenant)).sort()).to.deep.equal(
      [`${base}:attempts`, `${base}:count`, `${base}:items:conv:1`, `${base}:lease`, `${base}:q:conv:1`, `${base}:ready`, `${base}:seen:conv:1`].sort(),
    );
    expect(await client.lRange(`${base}:q:conv:1`, 0, -1)).to.deep.equal(['m1', 'm2']);
    expect(await client.hGet(`${base}:lease`, 'conv:1')).to.equal(claim.token);
    expect(claim.token.startsWith('w/')).to.equal(true);
    expect(await client.zScore(`${base}:ready`, 'conv:1')).to.equal(claim.leaseUntil);
    const ttl = await client.pTTL(`${base}:seen:conv:1`);
    expect(ttl).to.be.greaterThan(0).and.at.most(60_000);
    await inbox.deadLetter(claim, 'test');
    expect(await client.lLen(`${base}:dead`)).to.equal(1);
  });

  it('wakes a worker on another replica through pub/sub when an item is recorded', async () => {
    const a = new RedisInbox({ client: await connect(), tenant });
    const b = new RedisInbox({ client: await connect(), subscriber: await connect(), tenant });
    const handled: string[] = [];
    // Polling every minute: only the notification can start the turn within the deadline.
    const worker = new InboxWorker(b, async (_c, it) => void handled.push(it.id), { pollIntervalMs: 60_000 });
    worker.start();
    try {
      await waitFor(async () => Number((await connections[0].pubSubNumSub(b.notifyChannel))[b.notifyChannel]) === 1, 'the subscription');
      await a.append('c1', item('m1'));
      await waitFor(() => handled.length === 1, { what: 'the turn on the other replica', timeoutMs: 5_000 });
    } finally {
      await worker.stop();
      await b.close();
    }
    expect(Number((await connections[0].pubSubNumSub(b.notifyChannel))[b.notifyChannel])).to.equal(0);
  });
});
