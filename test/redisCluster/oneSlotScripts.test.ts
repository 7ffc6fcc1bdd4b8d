/**
 * D2 over every Lua script of the project: each store is driven through its operations on the
 * test cluster with a client that records every script call, and each call's keys (and every
 * key-like argument: the channels and key prefixes a script builds keys from) must be in one
 * hash slot, as the cluster itself computes it (CLUSTER KEYSLOT). Every script created by the
 * product (not by a test) must have been called at least once, so a new script cannot skip the
 * check.
 */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import type { Activity } from 'botbuilder-core';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { SharedEndings } from '../../src/adapter/outbox/sharedEndings.js';
import { ClockSkew } from '../../src/redis/clockSkew.js';
import { RedisBucketStore } from '../../src/platform/throttle/redisBucketStore.js';
import { LuaScript, type RedisScriptClient } from '../../src/redis/luaScript.js';
import { clusterSettings } from '../../src/redis/redisSettings.js';
import { openSharedRedis, type SharedRedis } from '../../src/redis/sharedRedis.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { RedisFailureLimiter } from '../../src/authentication/redisFailureLimiter.js';
import { RedisRevocationStore } from '../../src/authentication/redisRevocationStore.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { RedisTranscriptStore } from '../../src/transcripts/redisTranscriptStore.js';
import { RedisArticleStateStore } from '../../src/webhook/redisArticleStateStore.js';
import { RedisEventStore } from '../../src/webhook/redisEventStore.js';
import { uniqueTenant } from '../storage/redisTestTenant.js';
import { sharedCluster, type LocalRedisCluster } from './localCluster.js';

interface ScriptCall {
  sha1: string;
  keys: string[];
  args: string[];
}

type ScriptOptions = { keys: string[]; arguments: string[] };

/** The shared client, with every script call written down. */
function recording(redis: SharedRedis, calls: ScriptCall[]): SharedRedis {
  return new Proxy(redis, {
    get(target, prop) {
      if (prop === 'evalSha' || prop === 'eval') {
        return (first: string, options: ScriptOptions) => {
          const sha1 = prop === 'eval' ? createHash('sha1').update(first).digest('hex') : first;
          calls.push({ sha1, keys: options.keys, args: options.arguments });
          return (target[prop] as (f: string, o: ScriptOptions) => Promise<unknown>).call(target, first, options);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function driveEveryStore(client: SharedRedis, tenant: string): Promise<void> {
  const scripts: RedisScriptClient = client;
  // Inbox: every step, a scheduled item and a dead letter included.
  const inbox = new RedisInbox({ client: scripts, tenant });
  const item = (id: string) => ({ id, payload: { text: id }, receivedAt: Date.now() });
  await inbox.append('conv-1', item('m1'), { pin: { workerId: 'w1', ms: 10 } });
  await inbox.append('conv-1', item('m2'));
  await inbox.schedule('conv-1', 'deadline', { ...item('s1'), notBefore: Date.now() + 60_000 });
  expect(await inbox.scheduled('conv-1')).to.have.length(1);
  await inbox.unschedule('conv-1', 'deadline');
  const claim = (await inbox.claim('w1', 5000))!;
  expect(await inbox.renew(claim, 5000)).to.equal(true);
  const done = await inbox.complete(claim, { keepLease: true });
  expect(await inbox.release(done.next!)).to.equal(true);
  const again = (await inbox.claim('w1', 5000))!;
  await inbox.deadLetter(again, 'test');
  expect(await inbox.depth()).to.equal(0);
  expect(await inbox.deadLetters()).to.have.length(1);
  expect(await inbox.requeueDeadLetter('m2')).to.equal(true);
  await inbox.close();

  const storage = new RedisStorage({ client: scripts, tenant });
  await storage.write({ a: { n: 1 }, b: { n: 2 } });
  await storage.read(['a', 'b']);
  await storage.delete(['a', 'b']);
  // The conversation-reference index's id lists.
  await storage.addIds('conversationReferences/~ids/1', ['c-1', 'c-2']);
  await storage.removeIds('conversationReferences/~ids/1', ['c-1']);
  expect(await storage.readIds(['conversationReferences/~ids/1'])).to.deep.equal([['c-2']]);

  const buckets = new RedisBucketStore(scripts);
  const bucket = tenantKey(tenant, 'rate', 'conversation', 'v3', 'POST /conversations/messages');
  await buckets.reserve(bucket, 100);
  await buckets.penalize(bucket, 100);

  const events = new RedisEventStore({ client, tenant });
  await events.record('n-1', '{"a":1}', Date.now());
  const [event] = await events.claim('c1', 10);
  await events.extend('c1', [event.entryId]);
  await events.deadLetter('c1', event, [{ handler: 'h', error: 'e', attempts: 1 }] as never, Date.now());
  expect(await events.requeueDeadLetter('n-1')).to.equal(true);
  const [back] = await events.claim('c1', 10);
  await events.ack('c1', [back.entryId]);

  await new RedisArticleStateStore({ client, tenant }).apply('art-1', true, Date.now());
  const revocations = new RedisRevocationStore(client, tenant);
  await revocations.revoke('jti-1', Math.floor(Date.now() / 1000) + 60);
  const stopFollowing = await revocations.follow(client);
  expect(revocations.knownRevoked('jti-1')).to.equal(true);
  await stopFollowing();
  await new RedisFailureLimiter({ client: scripts, tenant }).recordFailure(['1.2.3.4', 'client-id']);

  const transcripts = new RedisTranscriptStore({ client: scripts, tenant });
  const activity = { type: 'message', id: 'a1', channelId: 'hub', conversation: { id: 'conv-1' }, timestamp: new Date(), from: { id: 'u' }, recipient: { id: 'b' } } as Activity;
  await transcripts.logActivity(activity);
  // A second transcript prunes the index: the script builds conv-1's keys from its key prefixes.
  await transcripts.logActivity({ ...activity, conversation: { id: 'conv-2' } } as Activity);
  await transcripts.getTranscriptActivities('hub', 'conv-1');
  await transcripts.listTranscripts('hub');
  await transcripts.deleteTranscript('hub', 'conv-1');

  // The outbox's shared endings (S15): one replica announces, another hears it.
  let heardId: (id: string) => void = () => undefined;
  const heard = new Promise<string>((resolve) => (heardId = resolve));
  const listening = new SharedEndings({ client: scripts, subscriber: client, tenant });
  await listening.listen((id) => heardId(id));
  new SharedEndings({ client: scripts, subscriber: client, tenant }).announce('conv-ended');
  expect(await heard).to.equal('conv-ended');
  await listening.close();
  // The clock check against Redis's TIME (S20).
  await new ClockSkew({ client: scripts, key: tenantKey(tenant), toleranceSeconds: 10 }).measure();
}

describe('Lua scripts touch one hash slot each (D2), on the cluster', function () {
  this.timeout(60_000);
  let cluster: LocalRedisCluster;
  let redis: SharedRedis;

  before(async () => {
    cluster = await sharedCluster();
    redis = await openSharedRedis(clusterSettings(cluster.seeds), { clientName: 'test-one-slot' });
  });
  after(async () => {
    await redis?.close();
  });

  it('[D2] every script of every store runs on the cluster with all its keys, channels and key prefixes in one slot', async () => {
    const calls: ScriptCall[] = [];
    const tenant = uniqueTenant('d2');
    await driveEveryStore(recording(redis, calls), tenant);
    const admin = createClient({ socket: { host: '127.0.0.1', port: cluster.nodes[0].port } });
    await admin.connect();
    try {
      const slotOf = async (key: string) => Number(await admin.sendCommand(['CLUSTER', 'KEYSLOT', key]));
      const tenantSlot = await slotOf(tenantKey(tenant));
      for (const call of calls) {
        const named = [...call.keys, ...call.args.filter((a) => a.startsWith('hubbot:'))];
        for (const key of named) expect(await slotOf(key), `${key} (script ${call.sha1.slice(0, 8)})`).to.equal(tenantSlot);
      }
    } finally {
      admin.destroy();
    }
    const called = new Set(calls.map((c) => c.sha1));
    const product = [...LuaScript.created].filter((s) => !/[/\\]test[/\\]/.test(s.createdIn));
    expect(product.length, 'scripts of the product found').to.be.greaterThan(20);
    const never = product.filter((s) => !called.has(s.sha1)).map((s) => `${s.source.trim().slice(0, 60)} (${s.createdIn})`);
    expect(never, 'scripts never run by this test').to.deep.equal([]);
  });

  it('[D2] the check at run time names both keys and their slots when they differ', async () => {
    const script = [...LuaScript.created][0];
    const err = await script.run(redis, [tenantKey('acme', 'a'), tenantKey('globex', 'a')], []).catch((e: Error) => e);
    expect(String(err)).to.match(/hubbot:\{acme\}:a is in \d+, hubbot:\{globex\}:a in \d+/);
  });
});
