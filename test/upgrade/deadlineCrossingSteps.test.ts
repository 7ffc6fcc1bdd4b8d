/**
 * Which steps of the rolling-upgrade walk leave a deadline to cross (M5). The
 * scenario (rollingUpgrade.test.ts) runs a sleeping customer's step on the last replica of a
 * release, drains that replica, and waits for the step's inactivity deadline on the other
 * release. It once tried that on the walk's first step, the greeting: with more than one topic
 * "hello" starts no dialog, so no deadline was ever scheduled, and the test reported a deadline
 * lost (gone from the scheduled set, not dead-lettered) that had never existed.
 *
 * Here each release's own bot (the previous release's build, and this one's sources) takes the
 * walk's first two steps on a real Redis inbox with a frozen clock, and what it leaves scheduled
 * must be what the walk's `leavesDeadline` says: nothing after the greeting, the deadline at
 * exactly the reminder's delay after the topic.
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sinon from 'sinon';
import { MemoryStorage, type TurnContext } from 'botbuilder-core';
import type { GuidedHelpBot as GuidedHelpBotClass } from '../../bots/guidedHelpBot.js';
import type { InboxDeadlines as InboxDeadlinesClass } from '../../bots/guidedHelpDeadlines.js';
import type { HubAdapter as HubAdapterClass } from '../../src/adapter/hubAdapter.js';
import type { Outbox as OutboxClass } from '../../src/adapter/outbox/outbox.js';
import type { RedisInbox as RedisInboxClass } from '../../src/adapter/inbox/redisInbox.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { portalStubAsPort } from '../bots/portalStubAsPort.js';
import { HOME_INTERNET_WALK } from './guidedHelpTraffic.js';
import { CHECKOUT, previousRelease } from './previousRelease.js';

/** One release's classes, loaded from its folder (this checkout's sources, or the previous release's `dist/`). */
interface Release {
  GuidedHelpBot: typeof GuidedHelpBotClass;
  InboxDeadlines: typeof InboxDeadlinesClass;
  HubAdapter: typeof HubAdapterClass;
  Outbox: typeof OutboxClass;
  RedisInbox: typeof RedisInboxClass;
}

async function releaseAt(folder: string): Promise<Release> {
  const load = async (path: string) => (await import(pathToFileURL(join(folder, path)).href)) as Record<string, unknown>;
  return {
    GuidedHelpBot: (await load('bots/guidedHelpBot.js')).GuidedHelpBot as Release['GuidedHelpBot'],
    InboxDeadlines: (await load('bots/guidedHelpDeadlines.js')).InboxDeadlines as Release['InboxDeadlines'],
    HubAdapter: (await load('src/adapter/hubAdapter.js')).HubAdapter as Release['HubAdapter'],
    Outbox: (await load('src/adapter/outbox/outbox.js')).Outbox as Release['Outbox'],
    RedisInbox: (await load('src/adapter/inbox/redisInbox.js')).RedisInbox as Release['RedisInbox'],
  };
}

/** The scenario's reminder delay (rollingUpgrade.test.ts). */
const REMINDER_AFTER_MS = 6000;
const NOW = Date.parse('2026-11-29T08:00:00.000Z');
const CONVERSATION = 'crossing-4d2f-4a51-9b0e-7c1d2e3f4a5b';

describe('rolling upgrade: the walk steps a deadline crossing may be tried on', function () {
  this.timeout(60_000);
  const releases: Record<string, Release> = {};
  let redis: RedisConnection;
  let tenant: string;
  let clock: sinon.SinonFakeTimers | undefined;

  before(async function () {
    // The first run builds the previous release (a few minutes); later ones reuse it.
    this.timeout(20 * 60_000);
    releases['the previous release'] = await releaseAt(join((await previousRelease()).root, 'dist'));
    releases['this release'] = await releaseAt(CHECKOUT);
    redis = await createRedisConnection();
  });
  beforeEach(() => {
    tenant = uniqueTenant('crossing');
    // Only Date: the deadline's time is then exact, and Redis and the outbox keep real timers.
    clock = sinon.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(async () => {
    clock?.restore();
    await deleteTenantKeys(redis, tenant);
  });
  after(() => redis && closeRedisConnection(redis));

  for (const name of ['the previous release', 'this release']) {
    it(`[M5] with ${name}'s bot, the greeting leaves no deadline and the topic leaves one, as the walk says`, async () => {
      const r = releases[name];
      const inbox = new r.RedisInbox({ client: redis, tenant });
      const adapter = new r.HubAdapter({ inbox, workerId: 'w1', outbox: new r.Outbox({ send: async () => undefined }) });
      const deadlines = new r.InboxDeadlines(adapter);
      const bot = new r.GuidedHelpBot({
        storage: new MemoryStorage(),
        portal: portalStubAsPort(),
        // Two topics, as on the emulator's portal: "hello" names neither, so no dialog starts.
        casebases: [
          { casebaseId: '101', name: 'Home internet' },
          { casebaseId: '102', name: 'Printers' },
        ],
        settings: { reminderAfterMs: REMINDER_AFTER_MS, endAfterMs: 10 * 60_000 },
        scheduleDeadline: deadlines.schedule,
        cancelDeadline: deadlines.cancel,
      });
      try {
        const left: { say: string; leavesDeadline: boolean; scheduled: unknown[] }[] = [];
        for (const [n, step] of HOME_INTERNET_WALK.slice(0, 2).entries()) {
          const message = { id: `m-${n}`, sender: { type: 'customer', id: 'cust-1' }, type: { value: 'text' }, content: { text: step.say }, language: 'en-US' } as unknown as HubMessage;
          await adapter.processHubMessage(CONVERSATION, message, (context: TurnContext) => bot.run(context));
          const scheduled = (await inbox.scheduled(CONVERSATION)).map((i) => ({ kind: i.kind, notBefore: i.notBefore }));
          left.push({ say: step.say, leavesDeadline: step.leavesDeadline, scheduled });
        }
        expect(left).to.deep.equal([
          { say: 'hello', leavesDeadline: false, scheduled: [] },
          { say: 'Home internet', leavesDeadline: true, scheduled: [{ kind: 'deadline', notBefore: NOW + REMINDER_AFTER_MS }] },
        ]);
      } finally {
        await inbox.close();
      }
    });
  }
});
