/**
 * S17's property, shared by the one-node and the Cluster tests: ids that differ in any UTF-16
 * code unit (lone surrogates included) stay distinct in every store, exactly as the memory
 * stores keep them. Each run draws a few ids built to differ in one code unit and compares what
 * a Redis-backed store answers with what its memory twin answers, on the same calls.
 */
import fc from 'fast-check';
import { expect } from 'chai';
import type { Activity } from 'botbuilder-core';
import type { Storage } from 'botbuilder-core';
import type { Inbox } from '../../src/adapter/inbox/inbox.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { HubMemoryStorage } from '../../src/storage/memoryStorage.js';
import { HubMemoryTranscriptStore } from '../../src/transcripts/memoryTranscriptStore.js';
import type { TranscriptStore } from 'botbuilder-core';

/** Any UTF-16 code unit, lone surrogates as likely as anything (they are the point). */
const codeUnit = fc.oneof(
  fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\uffff', '\ufffd'),
  fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
  fc.constantFrom('a', ':', '{', '|', '%', '\\', '"'),
);
const utf16Id = fc.string({ unit: codeUnit, minLength: 1, maxLength: 6 });

/** A few ids, some differing from the first in one code unit only (the attack's shape). */
export const similarIds = fc
  .tuple(utf16Id, fc.array(fc.tuple(fc.nat(), codeUnit), { minLength: 1, maxLength: 3 }), fc.array(utf16Id, { maxLength: 2 }))
  .map(([base, edits, others]) => {
    const variants = edits.map(([at, unit]) => {
      const i = at % base.length;
      return base.slice(0, i) + unit + base.slice(i + 1);
    });
    return [base, ...variants, ...others];
  });

const item = (id: string) => ({ id, payload: { text: id }, receivedAt: 1 });

/** What an inbox answers to appends of `ids` (in one conversation, and each as a conversation), then claims. */
async function inboxAnswers(inbox: Inbox, ids: string[]): Promise<unknown> {
  const duplicates: boolean[] = [];
  for (const id of ids) duplicates.push((await inbox.append('one conversation', item(id))).duplicate);
  for (const id of ids) duplicates.push((await inbox.append(id, item(`in ${id}`))).duplicate);
  const claimed: [string, string][] = [];
  for (;;) {
    const claim = await inbox.claim('w', 30_000);
    if (!claim) break;
    claimed.push([claim.conversationId, claim.item.id]);
    expect((claim.item.payload as { text: string }).text).to.equal(claim.item.id);
    await inbox.complete(claim);
  }
  claimed.sort(([a, b], [c, d]) => (a === c ? (b < d ? -1 : b > d ? 1 : 0) : a < c ? -1 : 1));
  return { duplicates, claimed };
}

/**
 * What an inbox answers for scheduled items (T2) with `ids` as item ids (in one conversation)
 * and as conversations: the items listed, the turns claimed once due, then whether appends of
 * the same ids are duplicates (the claim script's keys must be the ones an append writes).
 */
async function scheduledAnswers(inbox: Inbox, ids: string[]): Promise<unknown> {
  const scheduledItem = (id: string) => ({ ...item(id), notBefore: 1 });
  for (const [i, id] of ids.entries()) await inbox.schedule('one conversation', `slot ${i}`, scheduledItem(id));
  for (const id of ids) await inbox.schedule(id, 'deadline', scheduledItem(`in ${id}`));
  const listed = [(await inbox.scheduled('one conversation')).map((s) => s.id).sort()];
  for (const id of ids) listed.push((await inbox.scheduled(id)).map((s) => s.id));
  const claimed: [string, string][] = [];
  for (;;) {
    const claim = await inbox.claim('w', 30_000);
    if (!claim) break;
    claimed.push([claim.conversationId, claim.item.id]);
    expect((claim.item.payload as { text: string }).text).to.equal(claim.item.id);
    await inbox.complete(claim);
  }
  claimed.sort(([a, b], [c, d]) => (a === c ? (b < d ? -1 : b > d ? 1 : 0) : a < c ? -1 : 1));
  const duplicates: boolean[] = [];
  for (const id of ids) duplicates.push((await inbox.append('one conversation', item(id))).duplicate);
  return { listed, claimed, duplicates };
}

/**
 * What an inbox answers for items pinned to one worker (a proactive turn): another worker claims
 * none of them, and the pin ends with the item that set it (the script compares its id), so an
 * item appended afterwards is another worker's to claim.
 */
async function pinnedAnswers(inbox: Inbox, ids: string[]): Promise<unknown> {
  const pin = { workerId: 'w', ms: 60_000 };
  for (const id of ids) await inbox.append('pinned', item(id), { pin });
  const byOther = await inbox.claim('other', 30_000);
  const claimed: string[] = [];
  for (;;) {
    const claim = await inbox.claim('w', 30_000);
    if (!claim) break;
    claimed.push(claim.item.id);
    await inbox.complete(claim);
  }
  await inbox.append('pinned', item('after'));
  const after = await inbox.claim('other', 30_000);
  return { byOther: byOther?.item.id ?? null, claimed, after: after?.item.id ?? null };
}

async function storageAnswers(storage: Storage, ids: string[]): Promise<unknown> {
  for (const [i, id] of ids.entries()) await storage.write({ [id]: { n: i, id } });
  const items = await storage.read(ids);
  return Object.fromEntries(Object.entries(items).map(([k, v]) => [k, { n: (v as { n: number }).n, id: (v as { id: string }).id }]));
}

async function transcriptAnswers(store: TranscriptStore, ids: string[]): Promise<unknown> {
  for (const id of ids) {
    await store.logActivity({ type: 'message', id: `m ${id}`, text: 'hello', channelId: 'hub', conversation: { id } as Activity['conversation'], from: { id: 'customer' }, recipient: { id: 'bot' }, timestamp: new Date(1000) } as Activity);
  }
  const listed = (await store.listTranscripts('hub')).items.map((t) => t.id).sort();
  const logged: Record<string, string[]> = {};
  for (const id of ids) logged[id] = (await store.getTranscriptActivities('hub', id)).items.map((a) => a.id ?? '');
  return { listed, logged };
}

/** The stores a property run compares with their memory twins; each call gives fresh ones (a tenant of its own). */
export interface RedisStoresUnderTest {
  inbox(): Promise<Inbox>;
  storage(): Promise<Storage>;
  transcripts(): Promise<TranscriptStore>;
}

/**
 * Registers the [S17] tests: each store on Redis answers as its memory twin on random ids.
 *
 * @param label - where the stores run (one node, a Cluster)
 * @param stores - fresh Redis-backed stores
 * @param numRuns - runs per property (each run costs a tenant's round trips)
 */
export function exactIdsProperty(label: string, stores: () => RedisStoresUnderTest, numRuns = 40): void {
  describe(`Ids kept exactly as sent, ${label} (S17)`, function () {
    this.timeout(120_000);
    /** A property: on random similar ids, `answers` of the Redis store equal its memory twin's. */
    const sameAsMemory = <S>(title: string, ids: fc.Arbitrary<string[]>, onRedis: () => Promise<S>, inMemory: () => S, answers: (store: S, ids: string[]) => Promise<unknown>) =>
      it(title, async () => {
        await fc.assert(
          fc.asyncProperty(ids, async (xs) => {
            expect(await answers(await onRedis(), xs)).to.deep.equal(await answers(inMemory(), xs));
          }),
          { numRuns },
        );
      });
    const distinct = similarIds.map((ids) => [...new Set(ids)]);

    sameAsMemory('[S17] the inbox keeps ids that differ in one UTF-16 code unit apart, as the memory inbox does', similarIds, () => stores().inbox(), () => new MemoryInbox(), inboxAnswers);
    sameAsMemory(
      '[S17] scheduled items (ids and conversations differing in one UTF-16 code unit) are listed, claimed when due and deduplicated as the memory inbox does',
      similarIds,
      () => stores().inbox(),
      () => new MemoryInbox(),
      scheduledAnswers,
    );
    sameAsMemory('[S17] a pin to one worker ends with the item that set it, whatever code units its id differs in, as in the memory inbox', distinct, () => stores().inbox(), () => new MemoryInbox(), pinnedAnswers);
    sameAsMemory('[S17] Storage keeps items under keys that differ in one UTF-16 code unit apart, as memory storage does', similarIds, () => stores().storage(), () => new HubMemoryStorage(), storageAnswers);
    sameAsMemory(
      '[S17] transcripts of conversations whose ids differ in one UTF-16 code unit stay apart and list their ids as logged',
      similarIds,
      () => stores().transcripts(),
      () => new HubMemoryTranscriptStore(),
      transcriptAnswers,
    );

    it('[S17] the three message ids of the attack (\\ud800, \\udbff, \\udc00) are three turns, none a duplicate', async () => {
      const inbox = await stores().inbox();
      const answers = [];
      for (const id of ['m\ud800', 'm\udbff', 'm\udc00']) answers.push(await inbox.append('c', item(id)));
      expect(answers.map((a) => a.duplicate)).to.deep.equal([false, false, false]);
      expect(await inbox.depth()).to.equal(3);
    });
  });
}
