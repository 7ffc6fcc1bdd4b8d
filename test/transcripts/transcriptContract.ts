/**
 * botbuilder's TranscriptStore contract (N2 of docs/platform-contract.md) as one suite, run
 * unchanged against botbuilder's MemoryTranscriptStore (the reference: whatever passes there
 * is the contract) and against our memory and Redis stores (and Redis Cluster). Pages are
 * botbuilder's 20 activities or transcripts, the reference's fixed page size. The [N9] cases
 * are what botbuilder's own transcriptStoreBaseTest checks, written here from its assertions:
 * bad arguments throw synchronously (before any promise), a logged activity reads back equal to
 * the one logged, several activities read back in order, and a deleted transcript is gone.
 */
import { expect } from 'chai';
import type { Activity, TranscriptStore } from 'botbuilder-core';

export interface TranscriptStoreUnderTest {
  store: TranscriptStore;
  cleanup(): Promise<void>;
}

const CHANNEL = 'contract-channel';
const PAGE = 20;
const START = Date.UTC(2026, 2, 1, 9, 0, 0);

/** A message of conversation `conversationId`, the `n`th, `n` seconds after START. */
function message(conversationId: string, n: number, extra: Partial<Activity> = {}): Activity {
  return {
    type: 'message',
    id: `${conversationId}-m${n}`,
    channelId: CHANNEL,
    conversation: { id: conversationId },
    from: { id: n % 2 ? 'customer' : 'bot', name: n % 2 ? 'Ana' : 'Helper', role: n % 2 ? 'user' : 'bot' },
    recipient: { id: n % 2 ? 'bot' : 'customer' },
    text: `line ${n}`,
    timestamp: new Date(START + n * 1000),
    ...extra,
  } as Activity;
}

/**
 * Whether a call failed before anything asynchronous could happen (a round trip to Redis
 * included): it threw, or its promise was already rejected when the next macrotask ran. The
 * reference throws synchronously; an async method rejects in a microtask; both are "at once".
 */
async function failsAtOnce(call: () => Promise<unknown>): Promise<Error | undefined> {
  let promise: Promise<unknown>;
  try {
    promise = call();
  } catch (err) {
    return err as Error;
  }
  let settled: { error?: unknown } | undefined;
  promise.then(
    () => (settled = {}),
    (error: unknown) => (settled = { error }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  await promise.catch(() => undefined); // nothing left running after the test
  return settled?.error as Error | undefined;
}

/** Every page of one transcript, following continuation tokens; the tokens seen, too. */
async function allPages(store: TranscriptStore, conversationId: string): Promise<{ ids: string[]; tokens: (string | undefined)[] }> {
  const ids: string[] = [];
  const tokens: (string | undefined)[] = [];
  let token: string | undefined;
  for (let guard = 0; guard < 20; guard++) {
    const page = await store.getTranscriptActivities(CHANNEL, conversationId, token);
    ids.push(...page.items.map((a) => a.id!));
    tokens.push(page.continuationToken || undefined);
    token = page.continuationToken || undefined;
    if (!token) break;
  }
  return { ids, tokens };
}

export function transcriptContract(name: string, open: () => Promise<TranscriptStoreUnderTest>): void {
  describe(`botbuilder TranscriptStore contract on ${name}`, function () {
    this.timeout(20_000);
    let under: TranscriptStoreUnderTest;
    let store: TranscriptStore;

    beforeEach(async () => {
      under = await open();
      store = under.store;
    });
    afterEach(async () => {
      await under.cleanup();
    });

    it('[N2] an activity reads back as it was logged: the fields a transcript keeps, times as Dates', async () => {
      const logged = message('readback', 1, {
        attachments: [{ contentType: 'application/vnd.microsoft.card.hero', content: { title: 'Pick one', buttons: [{ type: 'imBack', title: 'A', value: 'a' }] } }],
        value: { chosen: 'a' },
        locale: 'fr-FR',
        replyToId: 'earlier',
      });
      await store.logActivity(logged);
      const page = await store.getTranscriptActivities(CHANNEL, 'readback');
      expect(page.items).to.have.length(1);
      const [read] = page.items;
      for (const field of ['type', 'id', 'channelId', 'conversation', 'from', 'recipient', 'text', 'attachments', 'value', 'locale', 'replyToId'] as const) {
        expect(read[field], field).to.deep.equal(logged[field]);
      }
      expect(read.timestamp).to.be.instanceOf(Date);
      expect(read.timestamp!.getTime()).to.equal(START + 1000);
    });

    it('[N2] a conversation never logged, or deleted, reads as an empty page without a token', async () => {
      const never = await store.getTranscriptActivities(CHANNEL, 'never-logged');
      expect(never.items).to.deep.equal([]);
      expect(never.continuationToken || undefined).to.equal(undefined);
      await store.logActivity(message('short-lived', 1));
      await store.deleteTranscript(CHANNEL, 'short-lived');
      await store.deleteTranscript(CHANNEL, 'never-logged');
      expect((await store.getTranscriptActivities(CHANNEL, 'short-lived')).items).to.deep.equal([]);
    });

    it('[N2] pages of 20 with a token while more may follow: 45 activities give 20, 20 and 5', async () => {
      for (let n = 1; n <= 45; n++) await store.logActivity(message('long', n));
      const { ids, tokens } = await allPages(store, 'long');
      expect(ids).to.deep.equal(Array.from({ length: 45 }, (_, i) => `long-m${i + 1}`));
      expect(tokens.map((t) => t !== undefined)).to.deep.equal([true, true, false]);
    });

    it('[N2] a full last page carries a token; following it gives what was logged since, or an empty page without one', async () => {
      for (let n = 1; n <= PAGE; n++) await store.logActivity(message('exact', n));
      const first = await store.getTranscriptActivities(CHANNEL, 'exact');
      expect(first.items).to.have.length(PAGE);
      expect(first.continuationToken, 'a token on a full page').to.be.a('string').and.not.equal('');
      const empty = await store.getTranscriptActivities(CHANNEL, 'exact', first.continuationToken);
      expect(empty.items).to.deep.equal([]);
      expect(empty.continuationToken || undefined).to.equal(undefined);
      await store.logActivity(message('exact', PAGE + 1));
      const later = await store.getTranscriptActivities(CHANNEL, 'exact', first.continuationToken);
      expect(later.items.map((a) => a.id)).to.deep.equal([`exact-m${PAGE + 1}`]);
    });

    it('[N2] a null or empty continuation token means the first page', async () => {
      for (let n = 1; n <= 3; n++) await store.logActivity(message('first-page', n));
      for (const token of [null, '', undefined]) {
        const page = await store.getTranscriptActivities(CHANNEL, 'first-page', token as unknown as string);
        expect(page.items.map((a) => a.id), String(token)).to.deep.equal(['first-page-m1', 'first-page-m2', 'first-page-m3']);
        const listing = await store.listTranscripts(CHANNEL, token as unknown as string);
        expect(listing.items.map((t) => t.id), String(token)).to.deep.equal(['first-page']);
      }
    });

    it('[N2] startDate leaves out the activities before it', async () => {
      for (let n = 1; n <= 4; n++) await store.logActivity(message('dated', n));
      const page = await store.getTranscriptActivities(CHANNEL, 'dated', undefined, new Date(START + 3000));
      expect(page.items.map((a) => a.id)).to.deep.equal(['dated-m3', 'dated-m4']);
    });

    it('[N2] a listing has one entry per conversation of the channel, created at its first activity, oldest first', async () => {
      // Logged out of creation order: the listing follows the first activities' times.
      await store.logActivity(message('later', 7));
      await store.logActivity(message('sooner', 2));
      await store.logActivity(message('later', 8));
      await store.logActivity(message('sooner', 9));
      await store.logActivity({ ...message('other-channel', 1), channelId: 'elsewhere' });
      const listing = await store.listTranscripts(CHANNEL);
      expect(listing.items.map((t) => [t.id, t.channelId, t.created.getTime()])).to.deep.equal([
        ['sooner', CHANNEL, START + 2000],
        ['later', CHANNEL, START + 7000],
      ]);
      expect(listing.continuationToken || undefined).to.equal(undefined);
    });

    it('[N2] listings page by 20 with a token while more may follow, a full last page included', async () => {
      for (let n = 1; n <= PAGE + 5; n++) await store.logActivity(message(`conv-${String(n).padStart(2, '0')}`, n));
      const first = await store.listTranscripts(CHANNEL);
      expect(first.items).to.have.length(PAGE);
      expect(first.continuationToken).to.be.a('string').and.not.equal('');
      const second = await store.listTranscripts(CHANNEL, first.continuationToken);
      expect(second.items.map((t) => t.id)).to.deep.equal(['conv-21', 'conv-22', 'conv-23', 'conv-24', 'conv-25']);
      expect(second.continuationToken || undefined).to.equal(undefined);
      for (const t of second.items) await store.deleteTranscript(CHANNEL, t.id);
      const full = await store.listTranscripts(CHANNEL);
      expect(full.items).to.have.length(PAGE);
      expect(full.continuationToken, 'a token on a full last page').to.be.a('string').and.not.equal('');
      const after = await store.listTranscripts(CHANNEL, full.continuationToken);
      expect(after.items).to.deep.equal([]);
      expect(after.continuationToken || undefined).to.equal(undefined);
    });

    it('[N9] bad args: each call throws synchronously, before returning any promise, as the reference does', () => {
      const none = undefined as unknown as string;
      const calls: [string, () => unknown][] = [
        ['logActivity(null)', () => store.logActivity(null as unknown as Activity)],
        ['getTranscriptActivities(null, null)', () => store.getTranscriptActivities(none, none)],
        ["getTranscriptActivities('test', null)", () => store.getTranscriptActivities('test', none)],
        ['listTranscripts(null)', () => store.listTranscripts(none)],
        ['deleteTranscript(null, null)', () => store.deleteTranscript(none, none)],
        ["deleteTranscript('test', null)", () => store.deleteTranscript('test', none)],
      ];
      for (const [what, call] of calls) expect(call, what).to.throw(Error);
    });

    it('[N9] log activity: the activity read back equals the one logged, serviceUrl included', async () => {
      const logged = message('log-one', 1, { serviceUrl: 'https://hub.example.com/conversation' });
      await store.logActivity(logged);
      const page = await store.getTranscriptActivities(CHANNEL, 'log-one');
      expect(page.items).to.have.length(1);
      expect(page.items[0]).to.deep.equal(logged);
    });

    it('[N9] log multiple activities, then delete: they read back equal and in order; deleted, none is left', async () => {
      const logged = [1, 2, 3, 4, 5].map((n) => message('log-many', n, { serviceUrl: 'https://hub.example.com/conversation' }));
      for (const a of logged) await store.logActivity(a);
      expect((await store.getTranscriptActivities(CHANNEL, 'log-many')).items).to.deep.equal(logged);
      await store.deleteTranscript(CHANNEL, 'log-many');
      expect((await store.getTranscriptActivities(CHANNEL, 'log-many')).items).to.deep.equal([]);
      expect((await store.listTranscripts(CHANNEL)).items.map((t) => t.id)).to.not.include('log-many');
    });

    it('[N2] argument errors fail at once', async () => {
      const none = undefined as unknown as string;
      const calls: [string, () => Promise<unknown>][] = [
        ['logActivity without an activity', () => store.logActivity(undefined as unknown as Activity) as Promise<void>],
        ['getTranscriptActivities without a channelId', () => store.getTranscriptActivities(none, 'c')],
        ['getTranscriptActivities without a conversationId', () => store.getTranscriptActivities(CHANNEL, none)],
        ['listTranscripts without a channelId', () => store.listTranscripts(none)],
        ['deleteTranscript without a channelId', () => store.deleteTranscript(none, 'c')],
        ['deleteTranscript without a conversationId', () => store.deleteTranscript(CHANNEL, none)],
      ];
      for (const [what, call] of calls) expect(await failsAtOnce(call), what).to.be.instanceOf(Error);
    });
  });
}
