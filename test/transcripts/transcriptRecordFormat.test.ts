/**
 * How RedisTranscriptStore keeps an activity (transcriptCodec.ts): shorter than its JSON,
 * read back exactly, masked data as masked, and transcripts written by the earlier version
 * (plain JSON records) still read.
 */
import { expect } from 'chai';
import type { Activity } from 'botbuilder-core';
import { RedisTranscriptStore } from '../../src/transcripts/redisTranscriptStore.js';
import { transcriptStoreFromConfig } from '../../src/transcripts/transcriptStoreFromConfig.js';
import { keptJsonOf, listingKey } from '../../src/transcripts/transcriptRecord.js';
import { decodeTranscriptRecord } from '../../src/transcripts/transcriptCodec.js';
import { redisTenant } from '../storage/redisTestTenant.js';

const CHANNEL = 'conversation-hub';
const CONVERSATION = '7cf905bb-7927-44eb-b974-c1957b701a7c';

/** A bot's reply as the hub's guided help sends it: a question with its choices as cards. */
function hubReply(n: number): Partial<Activity> {
  const customer = { id: 'customer-9d175c40', name: '', role: 'user' };
  const bot = { id: 'hub-bot', name: 'bot', role: 'bot' };
  const choice = (i: number, text: string) => ({ contentType: 'application/vnd.microsoft.card.hero', content: { title: `${i}. ${text}`, buttons: [{ type: 'imBack', title: text, value: `1002${i}` }] } });
  return {
    type: 'message',
    id: `56c184c0-268c-4814-956b-05a470b214e${n}:r1`,
    channelId: CHANNEL,
    from: bot,
    recipient: customer,
    conversation: { id: CONVERSATION, isGroup: false, conversationType: 'hub', name: '' },
    replyToId: `56c184c0-268c-4814-956b-05a470b214e${n}`,
    text: 'What is the problem?\nPick the closest symptom.',
    locale: 'en-US',
    attachments: [choice(1, 'No connection at all'), choice(2, 'The connection is slow'), choice(3, 'Only Wi-Fi does not work')],
    timestamp: new Date(Date.UTC(2026, 10, 26, 6, 28, n)),
  };
}

describe('Transcript records on Redis', () => {
  const redis = redisTenant('transcript-format', { each: true });
  let store: RedisTranscriptStore;
  beforeEach(() => {
    store = new RedisTranscriptStore({ client: redis.client, tenant: redis.tenant });
  });

  it('[N2] a hub activity is kept in under a third of its JSON and reads back as it was logged', async () => {
    const reply = hubReply(1);
    await store.logActivity(reply as Activity);
    const [log] = store.keysOf(CHANNEL, CONVERSATION);
    const [, stored] = await redis.client.lRange(log, 0, -1);
    const json = keptJsonOf(reply);
    expect(Buffer.byteLength(stored)).to.be.below(json.length / 3);
    const [read] = (await store.getTranscriptActivities(CHANNEL, CONVERSATION)).items;
    expect(read).to.deep.equal(JSON.parse(json, (k, v: unknown) => (k === 'timestamp' ? new Date(v as string) : v)));
  });

  it('[N2] a transcript written by the earlier version (plain JSON records) still reads, with the records added since', async () => {
    const [log, holder, index] = store.keysOf(CHANNEL, CONVERSATION);
    const first = hubReply(1);
    const member = listingKey((first.timestamp as Date).getTime(), CONVERSATION);
    await redis.client.rPush(log, keptJsonOf(first));
    await redis.client.set(holder, member);
    await redis.client.zAdd(index, { score: 0, value: member });
    await store.logActivity(hubReply(2) as Activity);
    const { items } = await store.getTranscriptActivities(CHANNEL, CONVERSATION);
    expect(items.map((a) => a.id)).to.deep.equal([first.id, hubReply(2).id]);
    expect(items[0].attachments).to.deep.equal(first.attachments);
    expect((await store.listTranscripts(CHANNEL)).items.map((t) => t.id)).to.deep.equal([CONVERSATION]);
    expect(await redis.client.pTTL(holder), 'its holder lives as long as its log').to.be.above(0);
    await store.deleteTranscript(CHANNEL, CONVERSATION);
    expect(await redis.client.exists([log, holder])).to.equal(0);
    expect(await redis.client.zRange(index, 0, -1)).to.deep.equal([]);
  });

  it('[N2] a new transcript keeps its listing key in its own list, no key of its own: it lists, pages and deletes; one logged again after a delete lists once', async () => {
    const [log, holder, index] = store.keysOf(CHANNEL, CONVERSATION);
    await store.logActivity(hubReply(1) as Activity);
    await store.logActivity(hubReply(2) as Activity);
    expect(await redis.client.exists(holder), 'no holder key').to.equal(0);
    const page = await store.getTranscriptActivities(CHANNEL, CONVERSATION);
    expect(page.items.map((a) => a.id)).to.deep.equal([hubReply(1).id, hubReply(2).id]);
    const listed = (await store.listTranscripts(CHANNEL)).items;
    expect(listed.map((t) => [t.id, t.created.getTime()])).to.deep.equal([[CONVERSATION, (hubReply(1).timestamp as Date).getTime()]]);
    await store.deleteTranscript(CHANNEL, CONVERSATION);
    expect(await redis.client.exists(log)).to.equal(0);
    expect(await redis.client.zRange(index, 0, -1)).to.deep.equal([]);
    await store.logActivity(hubReply(3) as Activity);
    expect((await store.listTranscripts(CHANNEL)).items.map((t) => [t.id, t.created.getTime()])).to.deep.equal([[CONVERSATION, (hubReply(3).timestamp as Date).getTime()]]);
  });

  it('[N2] a listing key left by a transcript that expired is pruned, not listed, though the conversation logs a new one', async () => {
    const [log, , index] = store.keysOf(CHANNEL, CONVERSATION);
    await store.logActivity(hubReply(1) as Activity);
    await redis.client.del(log); // its retention ended
    await store.logActivity(hubReply(4) as Activity);
    expect((await store.listTranscripts(CHANNEL)).items.map((t) => t.created.getTime())).to.deep.equal([(hubReply(4).timestamp as Date).getTime()]);
    expect(await redis.client.zCard(index)).to.equal(1);
  });

  it("[N2] the channel's service URL is kept once, not in each record: a record that holds it is no longer than one without, and reads back with it", async () => {
    const url = 'https://hub.example.com/conversationmgr/v3';
    await store.logActivity({ ...hubReply(1), serviceUrl: url } as Activity);
    await store.logActivity(hubReply(2) as Activity);
    const [log] = store.keysOf(CHANNEL, CONVERSATION);
    const [, withUrl, without] = await redis.client.lRange(log, 0, -1);
    expect(withUrl).not.to.include('hub.example.com');
    expect(Buffer.byteLength(withUrl)).to.be.at.most(Buffer.byteLength(without) + 1);
    const { items } = await store.getTranscriptActivities(CHANNEL, CONVERSATION);
    expect(items.map((a) => a.serviceUrl)).to.deep.equal([url, undefined]);
    expect(items[0]).to.deep.equal(JSON.parse(keptJsonOf({ ...hubReply(1), serviceUrl: url }), (k, v: unknown) => (k === 'timestamp' ? new Date(v as string) : v)));
    // A reader that does not know the channel's service URL (the previous release) reads the activity without one.
    const json = decodeTranscriptRecord(withUrl, CHANNEL, CONVERSATION);
    expect(JSON.parse(json)).to.deep.equal(JSON.parse(keptJsonOf(hubReply(1))));
  });

  it("[N2] a service URL other than the channel's is kept in its record, in the same turn or a later one, and reads back as logged", async () => {
    const [first, other] = ['https://hub.example.com/v3', 'https://eu.hub.example.com/v3?a="b"'];
    await Promise.all([store.logActivity({ ...hubReply(1), serviceUrl: first } as Activity), store.logActivity({ ...hubReply(2), serviceUrl: other } as Activity)]);
    await store.logActivity({ ...hubReply(3), serviceUrl: other } as Activity);
    await store.logActivity({ ...hubReply(4), serviceUrl: first } as Activity);
    const [log] = store.keysOf(CHANNEL, CONVERSATION);
    const records = (await redis.client.lRange(log, 0, -1)).slice(1);
    expect(records.map((r) => r.includes('eu.hub.example.com'))).to.deep.equal([false, true, true, false]);
    const { items } = await store.getTranscriptActivities(CHANNEL, CONVERSATION);
    expect(items.map((a) => a.serviceUrl)).to.deep.equal([first, other, other, first]);
  });

  it('[S13] what the customer typed is masked before it is kept: the stored record holds the mask, not the text', async () => {
    const masked = transcriptStoreFromConfig({ TRANSCRIPTS: 'on', TRANSCRIPT_TTL_SECONDS: 3600, PLATFORM_TENANT: redis.tenant }, redis.client) as RedisTranscriptStore;
    const typed = { ...hubReply(3), from: { id: 'customer-9d175c40', role: 'user' }, text: 'write to jane.doe@example.com or call +44 20 7946 0958' };
    await masked.logActivity(typed as Activity);
    const [log] = masked.keysOf(CHANNEL, CONVERSATION);
    const [, stored] = await redis.client.lRange(log, 0, -1);
    expect(stored).not.to.include('jane.doe').and.not.to.include('7946');
    const [read] = (await masked.getTranscriptActivities(CHANNEL, CONVERSATION)).items;
    expect(read.text).not.to.include('jane.doe').and.not.to.include('7946');
  });
});
