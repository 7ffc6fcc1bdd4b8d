/**
 * Stored formats read both ways for one release (M5): what this release writes to Redis is read
 * by the previous release's own code (its build, previousRelease.ts), and what that release
 * wrote is read by this one. Inbox items (a customer's message, a proactive turn, a deadline),
 * their format version (an unknown field to the previous release), the packed scheduled form,
 * dialog state (RedisStorage) and transcripts (RedisTranscriptStore), on the machine's Redis.
 * rollingUpgrade.test.ts runs the same with replicas and customers; this names the format at fault.
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Activity, ConversationReference } from 'botbuilder-core';
import * as inboxNow from '../../src/adapter/inbox/inbox.js';
import * as itemsNow from '../../src/adapter/inbox/inboxItems.js';
import * as defaultsNow from '../../src/adapter/inbox/inboxDefaults.js';
import * as codecNow from '../../src/adapter/inbox/scheduledItemCodec.js';
import * as redisInboxNow from '../../src/adapter/inbox/redisInbox.js';
import * as storageNow from '../../src/storage/redisStorage.js';
import * as transcriptsNow from '../../src/transcripts/redisTranscriptStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { previousRelease } from './previousRelease.js';

/** One release's modules, by the same names (the previous release's are its compiled ones). */
interface ReleaseModules {
  items: typeof itemsNow;
  defaults: typeof defaultsNow;
  codec: typeof codecNow;
  RedisInbox: typeof redisInboxNow.RedisInbox;
  RedisStorage: typeof storageNow.RedisStorage;
  RedisTranscriptStore: typeof transcriptsNow.RedisTranscriptStore;
}

const NOW: ReleaseModules = { items: itemsNow, defaults: defaultsNow, codec: codecNow, RedisInbox: redisInboxNow.RedisInbox, RedisStorage: storageNow.RedisStorage, RedisTranscriptStore: transcriptsNow.RedisTranscriptStore };

async function modulesOf(root: string): Promise<ReleaseModules> {
  const load = (path: string) => import(pathToFileURL(join(root, 'dist/src', path)).href);
  return {
    items: await load('adapter/inbox/inboxItems.js'),
    defaults: await load('adapter/inbox/inboxDefaults.js'),
    codec: await load('adapter/inbox/scheduledItemCodec.js'),
    RedisInbox: (await load('adapter/inbox/redisInbox.js')).RedisInbox,
    RedisStorage: (await load('storage/redisStorage.js')).RedisStorage,
    RedisTranscriptStore: (await load('transcripts/redisTranscriptStore.js')).RedisTranscriptStore,
  };
}

const CONVERSATION = 'c0ffee00-1111-4222-8333-444455556666';
const reference = { conversation: { id: CONVERSATION }, channelId: 'hub', serviceUrl: 'http://hub.test' } as Partial<ConversationReference>;

/** Every kind of inbox item, as the release `m` writes it: its JSON, as stored in Redis. */
function itemsBy(m: ReleaseModules, now: number) {
  const message = { id: 'm-1', sender: { type: 'customer', id: 'cust-1' }, type: { value: 'text' }, content: { text: 'hello' }, conversation: { id: CONVERSATION } };
  const deadline = m.items.deadlineItem('guidedHelp.deadline', undefined, { name: 'guidedHelp.deadline', value: { deadline: now + 300_000 } }, now + 300_000, now);
  return {
    message: m.defaults.itemJson({ id: 'm-1', payload: message, receivedAt: now }),
    proactive: m.defaults.itemJson(m.items.proactiveItem('p-1', reference, now)),
    deadline: m.defaults.itemJson(deadline),
    'deadline with a reference': m.defaults.itemJson(m.items.deadlineItem('slot', reference, { name: 'tick' }, now + 1000, now)),
  };
}

describe('stored formats read both ways: the previous release and this one', function () {
  this.timeout(60_000);
  let old: ReleaseModules;
  let redis: RedisConnection;
  let tenant: string;

  before(async function () {
    // The first run builds the previous release (a few minutes); later ones reuse it.
    this.timeout(20 * 60_000);
    old = await modulesOf((await previousRelease()).root);
    redis = await createRedisConnection();
  });
  beforeEach(() => {
    tenant = uniqueTenant('formats');
  });
  afterEach(() => deleteTenantKeys(redis, tenant));
  after(() => redis && closeRedisConnection(redis));

  it('[M5] inbox items carry their format version, and the previous release reads every kind this one writes as this one does', () => {
    const now = Date.now();
    for (const [kind, json] of Object.entries(itemsBy(NOW, now))) {
      const item = JSON.parse(json) as inboxNow.InboxItem;
      expect(item.v, `${kind}: the format version`).to.equal(inboxNow.INBOX_ITEM_FORMAT);
      expect(old.items.readInboxItem(CONVERSATION, item), `${kind} read by the previous release`).to.deep.equal(NOW.items.readInboxItem(CONVERSATION, item));
    }
  });

  it('[M5] this release reads every kind of inbox item the previous one wrote (format 0: no version)', () => {
    const now = Date.now();
    for (const [kind, json] of Object.entries(itemsBy(old, now))) {
      const item = JSON.parse(json) as inboxNow.InboxItem;
      expect(NOW.items.readInboxItem(CONVERSATION, item), `${kind} read by this release`).to.deep.equal(old.items.readInboxItem(CONVERSATION, item));
    }
  });

  it('[M5] a packed deadline this release writes unpacks exactly with the previous release, and the other way round', () => {
    const json = { now: itemsBy(NOW, Date.now()).deadline, old: itemsBy(old, Date.now()).deadline };
    expect(old.codec.unpackScheduledItem(NOW.codec.packScheduledItem(json.now))).to.equal(json.now);
    expect(NOW.codec.unpackScheduledItem(old.codec.packScheduledItem(json.old))).to.equal(json.old);
  });

  for (const [writer, reader] of [
    ['this release', 'the previous release'],
    ['the previous release', 'this release'],
  ] as const) {
    it(`[M5] on Redis: a deadline and a customer message ${writer} records are claimed, read and completed by ${reader}`, async () => {
      const [w, r] = writer === 'this release' ? [NOW, old] : [old, NOW];
      const writing = new w.RedisInbox({ client: redis, tenant });
      const reading = new r.RedisInbox({ client: redis, tenant });
      try {
        const now = Date.now();
        const items = itemsBy(w, now);
        const due = { ...(JSON.parse(items.deadline) as inboxNow.InboxItem), notBefore: now - 1 };
        await writing.schedule(CONVERSATION, 'guidedHelp.deadline', due);
        await writing.append('c-message', JSON.parse(items.message) as inboxNow.InboxItem);
        const read: string[] = [];
        for (let i = 0; i < 2; i++) {
          const claim = await reading.claim('reader', 5000);
          expect(claim, `claim ${i + 1} of 2`).to.not.equal(undefined);
          const item = r.items.readInboxItem(claim!.conversationId, claim!.item);
          read.push(item.kind === 'deadline' ? `deadline ${item.event.name}` : item.kind === 'message' ? `message ${item.message.content?.text}` : item.kind);
          expect((await reading.complete(claim!)).completed).to.equal(true);
        }
        expect(read.sort()).to.deep.equal(['deadline guidedHelp.deadline', 'message hello']);
        expect(await reading.deadLetters()).to.deep.equal([]);
        expect(await reading.depth()).to.equal(0);
      } finally {
        await writing.close();
        await reading.close();
      }
    });

    it(`[M5] on Redis: dialog state and a transcript ${writer} writes are read by ${reader}`, async () => {
      const [w, r] = writer === 'this release' ? [NOW, old] : [old, NOW];
      const dialog = { version: 1, snapshot: { status: 'active', value: { session: 's-1', topic: 'Home internet' }, historyValue: {}, children: {} } };
      await new w.RedisStorage({ client: redis, tenant }).write({ [`guidedHelp/${CONVERSATION}`]: dialog });
      const state = await new r.RedisStorage({ client: redis, tenant }).read([`guidedHelp/${CONVERSATION}`]);
      expect({ ...state[`guidedHelp/${CONVERSATION}`], eTag: undefined }).to.deep.equal({ ...dialog, eTag: undefined });

      // With a service URL: this release leaves it to the channel (transcriptCodec.ts), which the
      // previous one, which kept none, reads as an activity without one.
      const activity = { type: 'message', id: 'a-1', text: 'hello', channelId: 'hub', serviceUrl: 'http://hub.test', timestamp: new Date(), from: { id: 'cust-1', role: 'user' }, recipient: { id: 'bot', role: 'bot' }, conversation: { id: CONVERSATION } } as unknown as Activity;
      await new w.RedisTranscriptStore({ client: redis, tenant }).logActivity(activity);
      const page = await new r.RedisTranscriptStore({ client: redis, tenant }).getTranscriptActivities('hub', CONVERSATION);
      expect(page.items.map((a) => [a.id, a.text, a.serviceUrl])).to.deep.equal([['a-1', 'hello', undefined]]);
    });
  }
});
