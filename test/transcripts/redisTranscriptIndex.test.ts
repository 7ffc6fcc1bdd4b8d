/**
 * The channel index of RedisTranscriptStore (`transcripts:<channel>`) on a busy channel: every
 * new transcript refreshes the index's expiry, so the index itself never expires there, and the
 * entries of expired transcripts must go without anyone listing the channel. Expiry is played by
 * deleting a transcript's log (what Redis does when its retention ends), so no test waits for
 * time to pass.
 */
import { expect } from 'chai';
import type { Activity } from 'botbuilder-core';
import { listingKey } from '../../src/transcripts/transcriptRecord.js';
import { RedisTranscriptStore } from '../../src/transcripts/redisTranscriptStore.js';
import { PRUNE_OLDEST } from '../../src/transcripts/redisTranscriptScripts.js';
import { redisTenant } from '../storage/redisTestTenant.js';
import { activity } from './transcriptStoreSuite.js';

const CHANNEL = 'conversation-hub';
const LONG_AGO = Date.UTC(2025, 0, 1);

/** The first activity of a transcript created `atMs`. */
function first(conversationId: string, atMs: number): Activity {
  return activity(conversationId, 1, { timestamp: new Date(atMs) });
}

describe('RedisTranscriptStore: the channel index stays bounded on a busy channel', () => {
  const redis = redisTenant('transcript-index', { each: true });
  let store: RedisTranscriptStore;
  let index: string;

  beforeEach(() => {
    store = new RedisTranscriptStore({ client: redis.client, tenant: redis.tenant, ttlSeconds: 3600 });
    index = store.keysOf(CHANNEL, 'any')[2];
  });

  /** `count` transcripts created long ago whose retention has ended: their index entries stay. */
  async function expired(prefix: string, count: number, fromMs = LONG_AGO): Promise<void> {
    for (let i = 0; i < count; i++) await store.logActivity(first(`${prefix}-${i}`, fromMs + i));
    for (let i = 0; i < count; i++) await redis.client.del(store.keysOf(CHANNEL, `${prefix}-${i}`)[0]);
  }

  async function fresh(prefix: string, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
    for (const id of ids) await store.logActivity(first(id, Date.now()));
    return ids;
  }

  it('[H4] adding transcripts prunes the entries of expired ones, oldest first, without a listing', async () => {
    await expired('gone', 200);
    expect(await redis.client.zCard(index)).to.equal(200);
    // Each new transcript checks the oldest entries: 200 expired ones are gone after 200 / 8.
    const ids = await fresh('new', Math.ceil(200 / PRUNE_OLDEST) + 15);
    expect(await redis.client.zCard(index)).to.equal(ids.length);
    // Turns of existing transcripts prune nothing (a turn's script stays as cheap as before).
    await expired('late', 5);
    for (const id of ids) await store.logActivity(activity(id, 2));
    expect(await redis.client.zCard(index)).to.equal(ids.length + 5);
    const listed = (await new RedisTranscriptStore({ client: redis.client, tenant: redis.tenant, pageSize: 100 }).listTranscripts(CHANNEL)).items.map((t) => t.id);
    expect(listed).to.deep.equal(ids);
  });

  it('[H4] expired entries behind transcripts that stay alive for long are found too', async () => {
    // Long-lived transcripts (created first, still written to) hold the oldest places.
    const keepers = Array.from({ length: 2 * PRUNE_OLDEST }, (_, i) => `keeper-${i}`);
    for (const [i, id] of keepers.entries()) await store.logActivity(first(id, LONG_AGO - 1000 + i));
    await expired('gone', 100);
    await fresh('new', 100);
    const size = await redis.client.zCard(index);
    // 216 without pruning. The place picked at random (8 entries looked at per new transcript)
    // leaves about 1 of the 100 expired entries on average; 30 is far out of chance's reach.
    expect(size).to.be.at.most(keepers.length + 100 + 30);
    for (const id of keepers) expect(await redis.client.zScore(index, listingKey(LONG_AGO - 1000 + keepers.indexOf(id), id)), id).to.equal(0);
  });

  it('[N2] a live transcript is never pruned, whatever its id holds, nor one of an earlier version', async () => {
    // Ids whose key segment is URL-encoded (pathSegment): the script must encode them alike.
    const odd = ['a b', 'x:y/z?&=#', "it's (a)*!~-_.", '%41', 'ü', '😀 ça', '\ud800', 'line\nbreak', '|pipe|', '+'];
    for (const [i, id] of odd.entries()) await store.logActivity(first(id, LONG_AGO + i));
    // A transcript of an earlier version: no header, its listing key in a holder key.
    const [log, holder] = store.keysOf(CHANNEL, 'earlier');
    const member = listingKey(LONG_AGO - 1, 'earlier');
    await redis.client.rPush(log, '{"type":"message"}');
    await redis.client.set(holder, member);
    await redis.client.zAdd(index, { score: 0, value: member });
    await fresh('new', 40);
    expect(await redis.client.zCard(index)).to.equal(odd.length + 1 + 40);
    expect(await redis.client.zScore(index, member)).to.equal(0);
    const listed = (await new RedisTranscriptStore({ client: redis.client, tenant: redis.tenant, pageSize: 100 }).listTranscripts(CHANNEL)).items.map((t) => t.id);
    // Each id listed as it was logged, a lone surrogate too (S17).
    expect(listed.slice(0, odd.length + 1)).to.have.members(['earlier', ...odd]);
  });
});
