/**
 * RedisInbox's scheduled items on real Redis: the packed form (a guided-help deadline's hash a
 * listpack, read back exactly by JavaScript and by the claim's Lua) and the earlier layout
 * (`sched:` hash, `due` members), which a rolling upgrade leaves behind, still listed, replaced,
 * cancelled and run. The behaviour both inboxes share is in inboxSuite.ts.
 */
import { expect } from 'chai';
import { deadlineItem } from '../../../src/adapter/inbox/inboxItems.js';
import { itemJson } from '../../../src/adapter/inbox/inboxDefaults.js';
import { RedisInbox } from '../../../src/adapter/inbox/redisInbox.js';
import { packScheduledItem, unpackScheduledItem } from '../../../src/adapter/inbox/scheduledItemCodec.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../../storage/redisTestTenant.js';

const CONVERSATION = 'f0b3e7a2-51c4-4d0e-9a63-2b7c8d1e4f50';

/** A guided-help deadline as the bot schedules it (no reference: the stored one is read). */
function guidedHelpDeadline(at: number, now = at - 300_000) {
  return deadlineItem('guidedHelp.deadline', undefined, { name: 'guidedHelp.deadline', value: { deadline: at } }, at, now);
}

describe('RedisInbox scheduled items: the packed form', () => {
  it('[T2] packs an item exactly both ways, a guided-help deadline in 64 bytes at most', () => {
    const deadline = itemJson(guidedHelpDeadline(1_795_686_337_391));
    expect(packScheduledItem(deadline).length).to.be.at.most(64);
    const items = [
      deadline,
      itemJson({ ...guidedHelpDeadline(1_795_686_337_391.5), traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }),
      itemJson({ id: 'x', payload: { text: '{"id":"\\u0001 guidedHelp.deadline' }, receivedAt: 1, notBefore: 2 }),
      itemJson({ id: '"}{', kind: 'proactive', payload: { reference: { conversation: { id: 'c' } } }, receivedAt: 0, notBefore: 0 }),
    ];
    for (const json of items) {
      const packed = packScheduledItem(json);
      expect(unpackScheduledItem(packed), json).to.equal(json);
      expect(packed.length, json).to.be.below(json.length);
    }
    expect(unpackScheduledItem(deadline), 'plain JSON reads as it is').to.equal(deadline);
  });
});

describe('RedisInbox scheduled items on Redis', () => {
  let redis: RedisConnection;
  let tenant: string;
  let inbox: RedisInbox;
  let base: string;

  beforeEach(async () => {
    redis = await createRedisConnection();
    tenant = uniqueTenant('sched');
    inbox = new RedisInbox({ client: redis, tenant });
    base = `hubbot:{${tenant}}:inbox`;
  });
  afterEach(async () => {
    await inbox.close();
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('[T2] keeps a guided-help deadline packed in a listpack hash, the conversation alone in the zset, and claims it as the JSON scheduled', async () => {
    const at = Date.now() + 60_000;
    const item = guidedHelpDeadline(at);
    await inbox.schedule(CONVERSATION, 'guidedHelp.deadline', item);
    expect(await redis.sendCommand(['OBJECT', 'ENCODING', `${base}:at:${CONVERSATION}`])).to.equal('listpack');
    expect(await redis.zRangeWithScores(`${base}:at`, 0, -1)).to.deep.equal([{ value: CONVERSATION, score: at }]);
    expect(await inbox.scheduled(CONVERSATION)).to.deep.equal([JSON.parse(itemJson(item))]);

    // Due now: the claim's Lua unpacks it into the conversation's line, byte for byte.
    await inbox.schedule(CONVERSATION, 'guidedHelp.deadline', { ...item, notBefore: Date.now() - 1 });
    const claim = (await inbox.claim('w', 60_000))!;
    expect(await redis.hGet(`${base}:items:${CONVERSATION}`, item.id)).to.equal(itemJson({ ...item, notBefore: claim.item.notBefore! }));
    expect(claim.item).to.deep.include({ id: item.id, kind: 'deadline', payload: item.payload });
    expect(await redis.exists([`${base}:at`, `${base}:at:${CONVERSATION}`]), 'nothing left scheduled').to.equal(0);
  });

  it('[T2] keeps the conversation at its soonest slot in the zset as slots are added, moved and cancelled', async () => {
    const now = Date.now();
    const score = () => redis.zScore(`${base}:at`, 'c1');
    await inbox.schedule('c1', 'late', { ...guidedHelpDeadline(now + 90_000), id: 'late@1' });
    await inbox.schedule('c1', 'soon', { ...guidedHelpDeadline(now + 30_000), id: 'soon@1' });
    expect(await score()).to.equal(now + 30_000);
    await inbox.schedule('c1', 'soon', { ...guidedHelpDeadline(now + 120_000), id: 'soon@2' });
    expect(await score()).to.equal(now + 90_000);
    expect(await inbox.unschedule('c1', 'late')).to.equal(true);
    expect(await score()).to.equal(now + 120_000);
    expect(await inbox.unschedule('c1', 'soon')).to.equal(true);
    expect(await score()).to.equal(null);
    expect(await inbox.unschedule('c1', 'soon')).to.equal(false);
  });

  /** An item as a replica of the earlier version scheduled it (its SCHEDULE_SCRIPT's two writes). */
  async function scheduleAsEarlierVersion(conversationId: string, slot: string, item: ReturnType<typeof guidedHelpDeadline>): Promise<void> {
    await redis.hSet(`${base}:sched:${conversationId}`, slot, itemJson(item));
    await redis.zAdd(`${base}:due`, { score: Math.ceil(item.notBefore), value: JSON.stringify([conversationId, slot]) });
  }

  it('[T2] lists and runs an item of the earlier layout (a rolling upgrade), then removes it', async () => {
    const item = guidedHelpDeadline(Date.now() - 1);
    await scheduleAsEarlierVersion(CONVERSATION, 'guidedHelp.deadline', item);
    expect(await inbox.scheduled(CONVERSATION)).to.deep.equal([JSON.parse(itemJson(item))]);
    const claim = (await inbox.claim('w', 60_000))!;
    expect(claim.conversationId).to.equal(CONVERSATION);
    expect(claim.item).to.deep.include({ id: item.id, kind: 'deadline', payload: item.payload });
    expect(await redis.exists([`${base}:due`, `${base}:sched:${CONVERSATION}`])).to.equal(0);
  });

  it('[T2] replaces or cancels an item of the earlier layout by its slot', async () => {
    const later = Date.now() + 60_000;
    await scheduleAsEarlierVersion('c1', 'guidedHelp.deadline', guidedHelpDeadline(later));
    await scheduleAsEarlierVersion('c2', 'guidedHelp.deadline', guidedHelpDeadline(later));
    const moved = guidedHelpDeadline(later + 60_000);
    await inbox.schedule('c1', 'guidedHelp.deadline', moved);
    expect((await inbox.scheduled('c1')).map((i) => i.id)).to.deep.equal([moved.id]);
    expect(await redis.zCard(`${base}:due`)).to.equal(1);
    expect(await inbox.unschedule('c2', 'guidedHelp.deadline')).to.equal(true);
    expect(await inbox.scheduled('c2')).to.deep.equal([]);
    expect(await redis.exists([`${base}:due`, `${base}:sched:c1`, `${base}:sched:c2`])).to.equal(0);
    expect(await inbox.unschedule('c2', 'guidedHelp.deadline')).to.equal(false);
  });
});
