import { expect } from 'chai';
import sinon from 'sinon';
import { MemoryTranscriptStore } from 'botbuilder-core';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { HubMemoryTranscriptStore } from '../../src/transcripts/memoryTranscriptStore.js';
import { RedisTranscriptStore } from '../../src/transcripts/redisTranscriptStore.js';
import { deleteTenantKeys, tenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { waitFor } from '../support/waitFor.js';
import { transcriptContract } from './transcriptContract.js';
import { activity, transcriptStoreSuite } from './transcriptStoreSuite.js';

const CHANNEL = 'conversation-hub';

transcriptStoreSuite('HubMemoryTranscriptStore', async (opts) => ({ store: new HubMemoryTranscriptStore(opts), cleanup: async () => {} }));

transcriptStoreSuite('RedisTranscriptStore', async (opts) => {
  const client = await createRedisConnection();
  const tenant = uniqueTenant('transcripts');
  return {
    store: new RedisTranscriptStore({ ...opts, client, tenant }),
    cleanup: async () => {
      await deleteTenantKeys(client, tenant);
      await closeRedisConnection(client);
    },
  };
});

describe('Transcript retention', () => {
  afterEach(() => sinon.restore());

  it('[H4] memory: a transcript is gone once its retention has passed since its last activity', async () => {
    const clock = sinon.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] });
    const store = new HubMemoryTranscriptStore({ ttlSeconds: 60 });
    await store.logActivity(activity('c', 1));
    clock.tick(50_000);
    await store.logActivity(activity('c', 2)); // extends the retention
    clock.tick(50_000);
    expect((await store.getTranscriptActivities(CHANNEL, 'c')).items).to.have.length(2);
    clock.tick(10_001);
    expect((await store.getTranscriptActivities(CHANNEL, 'c')).items).to.deep.equal([]);
    expect((await store.listTranscripts(CHANNEL)).items).to.deep.equal([]);
  });

  it('[H4] memory: a transcript past its retention is gone at once, though expired ones are swept at most once a second', async () => {
    const clock = sinon.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] });
    const store = new HubMemoryTranscriptStore({ ttlSeconds: 60 });
    await store.logActivity(activity('old', 1));
    clock.tick(59_500);
    await store.logActivity(activity('new', 1)); // sweeps: nothing expired yet
    clock.tick(600); // 'old' is past its retention; the next sweep is not due
    expect((await store.getTranscriptActivities(CHANNEL, 'old')).items).to.deep.equal([]);
    expect((await store.listTranscripts(CHANNEL)).items.map((t) => t.id)).to.deep.equal(['new']);
  });

  it('[H4] memory: keeps at most maxActivities, dropping the oldest transcripts first, never the one written', async () => {
    const store = new HubMemoryTranscriptStore({ maxActivities: 5 });
    for (const c of ['a', 'b', 'c']) for (const n of [1, 2]) await store.logActivity(activity(c, n));
    // 6 > 5: 'a' (the oldest) went.
    expect((await store.getTranscriptActivities(CHANNEL, 'a')).items).to.deep.equal([]);
    for (let n = 3; n <= 7; n++) await store.logActivity(activity('c', n));
    expect((await store.getTranscriptActivities(CHANNEL, 'b')).items).to.deep.equal([]);
    expect((await store.getTranscriptActivities(CHANNEL, 'c')).items).to.have.length(7);
    expect(() => new HubMemoryTranscriptStore({ maxActivities: 0 })).to.throw(RangeError);
  });

  describe('on Redis', () => {
    let client: RedisConnection;
    let tenant: string;
    beforeEach(async () => {
      client = await createRedisConnection();
      tenant = uniqueTenant('transcripts');
    });
    afterEach(async () => {
      await deleteTenantKeys(client, tenant);
      await closeRedisConnection(client);
    });

    it('[H4] every key carries the tenant hash tag and expires with the retention', async () => {
      const store = new RedisTranscriptStore({ client, tenant, ttlSeconds: 3600 });
      await store.logActivity(activity('conv:with:colons', 1));
      const keys = await tenantKeys(client, tenant);
      // The log (its listing key in its first element) and the channel's index.
      expect(keys).to.have.length(2);
      for (const key of keys) {
        expect(key.startsWith(`hubbot:{${tenant}}:transcript`)).to.equal(true);
        const ttl = await client.pTTL(key);
        expect(ttl).to.be.greaterThan(3_500_000).and.at.most(3_600_000);
      }
    });

    it('[H4] an expired transcript disappears from the listing too', async () => {
      const store = new RedisTranscriptStore({ client, tenant, ttlSeconds: 0.3 });
      const keeper = new RedisTranscriptStore({ client, tenant, ttlSeconds: 3600 });
      await store.logActivity(activity('short-lived', 1));
      await keeper.logActivity(activity('long-lived', 1));
      await waitFor(async () => (await store.getTranscriptActivities(CHANNEL, 'short-lived')).items.length === 0, 'the transcript to expire');
      expect((await keeper.listTranscripts(CHANNEL)).items.map((t) => t.id)).to.deep.equal(['long-lived']);
      expect(await client.zCard(`hubbot:{${tenant}}:transcripts:${CHANNEL}`)).to.equal(1);
    });
  });
});

transcriptContract("botbuilder's MemoryTranscriptStore (the reference)", async () => ({ store: new MemoryTranscriptStore(), cleanup: async () => {} }));

transcriptContract('HubMemoryTranscriptStore', async () => ({ store: new HubMemoryTranscriptStore(), cleanup: async () => {} }));

transcriptContract('RedisTranscriptStore', async () => {
  const client = await createRedisConnection();
  const tenant = uniqueTenant('transcript-contract');
  return {
    store: new RedisTranscriptStore({ client, tenant }),
    cleanup: async () => {
      await deleteTenantKeys(client, tenant);
      await closeRedisConnection(client);
    },
  };
});
