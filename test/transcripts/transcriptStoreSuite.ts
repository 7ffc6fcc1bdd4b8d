/**
 * The one contract suite of our TranscriptStores (H4), run on the memory store and on the real
 * Redis, so both keep the same rules: order as logged, pages by continuation token, listing,
 * deletion, retention, redaction before storing.
 */
import { expect } from 'chai';
import sinon from 'sinon';
import type { Activity, TranscriptStore } from 'botbuilder-core';
import { keptJsonOf, takesKeptJson, type KeptJsonLogger, type TranscriptStoreOptions } from '../../src/transcripts/transcriptRecord.js';

export interface TranscriptFixture {
  store: TranscriptStore;
  cleanup(): Promise<void>;
}

export type MakeTranscriptStore = (opts: TranscriptStoreOptions) => Promise<TranscriptFixture>;

const CHANNEL = 'conversation-hub';

export function activity(conversationId: string, n: number, extra: Partial<Activity> = {}): Activity {
  return {
    type: 'message',
    id: `a${n}`,
    channelId: CHANNEL,
    conversation: { id: conversationId },
    from: { id: n % 2 ? 'customer-1' : 'bot', role: n % 2 ? 'user' : 'bot' },
    recipient: { id: 'other' },
    text: `message ${n}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
    ...extra,
  } as Activity;
}

export function transcriptStoreSuite(name: string, make: MakeTranscriptStore): void {
  describe(`TranscriptStore contract: ${name}`, () => {
    const fixtures: TranscriptFixture[] = [];
    const open = async (opts: TranscriptStoreOptions = {}) => {
      const fx = await make(opts);
      fixtures.push(fx);
      return fx.store;
    };
    afterEach(async () => {
      sinon.restore();
      while (fixtures.length) await fixtures.pop()!.cleanup();
    });

    it('[H4] gives back the activities of a conversation in the order they were logged, times as Dates', async () => {
      const store = await open();
      for (const n of [1, 2, 3]) await store.logActivity(activity('c1', n));
      await store.logActivity(activity('c2', 9));
      const page = await store.getTranscriptActivities(CHANNEL, 'c1');
      expect(page.items.map((a) => a.text)).to.deep.equal(['message 1', 'message 2', 'message 3']);
      expect(page.items[0].timestamp).to.be.instanceOf(Date);
      expect(page.items[0].timestamp!.getTime()).to.equal(Date.UTC(2026, 0, 1, 0, 0, 1));
      expect(page.continuationToken).to.equal(undefined);
    });

    it('[H4] pages through a long transcript with continuation tokens, each activity once', async () => {
      const store = await open({ pageSize: 4 });
      for (let n = 1; n <= 10; n++) await store.logActivity(activity('long', n));
      const seen: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const page = await store.getTranscriptActivities(CHANNEL, 'long', token);
        expect(page.items.length).to.be.at.most(4);
        seen.push(...page.items.map((a) => a.id!));
        token = page.continuationToken;
        pages++;
      } while (token);
      expect(pages).to.equal(3);
      expect(seen).to.deep.equal(Array.from({ length: 10 }, (_, i) => `a${i + 1}`));
    });

    it('[H4] leaves out activities before startDate', async () => {
      const store = await open();
      for (const n of [1, 2, 3, 4]) await store.logActivity(activity('dated', n));
      const page = await store.getTranscriptActivities(CHANNEL, 'dated', undefined, new Date(Date.UTC(2026, 0, 1, 0, 0, 3)));
      expect(page.items.map((a) => a.id)).to.deep.equal(['a3', 'a4']);
    });

    it('[H4] refuses a continuation token it did not give, and missing ids', async () => {
      const store = await open();
      await expectRejection(store.getTranscriptActivities(CHANNEL, 'c1', 'not-a-token'), /continuation token/);
      await expectRejection(store.listTranscripts(CHANNEL, 'nope'), /continuation token/);
      // Missing ids throw at the call, as botbuilder's reference does (N9).
      expect(() => store.getTranscriptActivities('', 'c1')).to.throw(/channelId/);
      await expectRejection(Promise.resolve().then(() => store.logActivity({ type: 'message', channelId: CHANNEL } as Activity)), /conversation id/);
    });

    it('[H4] an unknown conversation has an empty transcript', async () => {
      const store = await open();
      const page = await store.getTranscriptActivities(CHANNEL, 'never');
      expect(page.items).to.deep.equal([]);
      expect(page.continuationToken).to.equal(undefined);
    });

    it('[H4] lists the transcripts of a channel, oldest first, in pages', async () => {
      const clock = sinon.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] });
      const store = await open({ pageSize: 2 });
      for (const id of ['first', 'second', 'third']) {
        await store.logActivity(activity(id, 1));
        clock.tick(1000);
      }
      await store.logActivity(activity('first', 2)); // a later activity does not move it
      await store.logActivity({ ...activity('elsewhere', 1), channelId: 'other-channel' });
      const one = await store.listTranscripts(CHANNEL);
      expect(one.items.map((t) => t.id)).to.deep.equal(['first', 'second']);
      expect(one.items[0].created.getTime()).to.equal(Date.UTC(2026, 0, 1, 0, 0, 1)); // its first activity's time (N2)
      expect(one.items[0].channelId).to.equal(CHANNEL);
      const two = await store.listTranscripts(CHANNEL, one.continuationToken);
      expect(two.items.map((t) => t.id)).to.deep.equal(['third']);
      expect(two.continuationToken).to.equal(undefined);
    });

    it('[H4] deletes one transcript and nothing else', async () => {
      const store = await open();
      await store.logActivity(activity('gone', 1));
      await store.logActivity(activity('kept', 1));
      await store.deleteTranscript(CHANNEL, 'gone');
      await store.deleteTranscript(CHANNEL, 'never-was');
      expect((await store.getTranscriptActivities(CHANNEL, 'gone')).items).to.deep.equal([]);
      expect((await store.getTranscriptActivities(CHANNEL, 'kept')).items).to.have.length(1);
      expect((await store.listTranscripts(CHANNEL)).items.map((t) => t.id)).to.deep.equal(['kept']);
    });

    it('[H4] applies the redaction before storing, and keeps no channelData (the hub message with contact addresses)', async () => {
      const redact = (a: Partial<Activity>) => ({ ...a, text: a.text?.replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, '[email]') });
      const store = await open({ redact });
      const original = activity('private', 1, { text: 'mail me at jane.doe@example.com', channelData: { hubMessage: { conversation: { customer: { contacts: { contact: [{ address: '+33600000000' }] } } } } } });
      await store.logActivity(original);
      const [kept] = (await store.getTranscriptActivities(CHANNEL, 'private')).items;
      expect(kept.text).to.equal('mail me at [email]');
      expect(JSON.stringify(kept)).to.not.include('jane.doe').and.not.include('+33600000000');
      expect(kept).to.not.have.property('channelData');
      expect(original.text).to.equal('mail me at jane.doe@example.com'); // the caller's activity is untouched
    });

    it('[H4] takes the middleware\'s snapshot as JSON (logKeptJson): redacted before storing, refused without ids', async () => {
      const redact = (a: Partial<Activity>) => ({ ...a, text: a.text?.replace(/\d{4,}/g, '[number]') });
      const store = (await open({ redact })) as TranscriptStore & KeptJsonLogger;
      expect(takesKeptJson(store)).to.equal(true);
      await store.logKeptJson(CHANNEL, 'as-json', keptJsonOf(activity('as-json', 1, { text: 'my card is 4970101234567890', channelData: { secret: 'x' } } as Partial<Activity>)));
      const [kept] = (await store.getTranscriptActivities(CHANNEL, 'as-json')).items;
      expect(kept.text).to.equal('my card is [number]');
      expect(kept.timestamp).to.be.instanceOf(Date);
      expect(kept).to.not.have.property('channelData');
      await expectRejection(store.logKeptJson(undefined, 'as-json', '{}'), /channelId and a conversation id/);
      await expectRejection(store.logKeptJson(CHANNEL, '', '{}'), /channelId and a conversation id/);
    });

    it('[H4] stamps an activity logged without a timestamp with the time it was logged', async () => {
      sinon.useFakeTimers({ now: Date.UTC(2026, 5, 1), toFake: ['Date'] });
      const store = await open();
      await store.logActivity(activity('untimed', 1, { timestamp: undefined }));
      const [kept] = (await store.getTranscriptActivities(CHANNEL, 'untimed')).items;
      expect(kept.timestamp!.getTime()).to.equal(Date.UTC(2026, 5, 1));
    });
  });
}

async function expectRejection(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  let error: unknown;
  try {
    await p;
  } catch (err) {
    error = err;
  }
  expect(error, `expected a rejection matching ${pattern}`).to.be.instanceOf(Error);
  expect((error as Error).message).to.match(pattern);
}
