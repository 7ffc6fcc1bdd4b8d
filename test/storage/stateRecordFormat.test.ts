/**
 * How RedisStorage keeps an item (stateCodec.ts): shorter than its JSON, read back as written,
 * and items written by the earlier version (plain JSON, a UUID eTag) still read and update.
 */
import { expect } from 'chai';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { redisTenant } from './redisTestTenant.js';

const CONVERSATION = '7cf905bb-7927-44eb-b974-c1957b701a7c';

/** A guided-help dialog as stored between turns: a question asked, nothing answered yet. */
const dialog = {
  version: 1,
  snapshot: {
    status: 'active',
    value: { session: 'asking' },
    historyValue: {},
    context: {
      conversationId: CONVERSATION,
      lang: 'en-US',
      solutions: [],
      tried: [],
      answers: [],
      preferQuestions: false,
      failures: 0,
      deadline: 1795674786941,
      reminded: false,
      lastAt: 1795674486941,
      lastActivityId: '1fda4428-e03e-4d37-b4d9-3ca0ac84ac34',
      session: { casebaseId: '101', releaseId: '1011', live: true, closeOnAccept: true, closeOnReject: false },
      question: { id: '1002', title: 'What is the problem?', format: 'dropdown', options: [{ id: '10021', text: 'No connection at all' }, { id: '10022', text: 'The connection is slow' }], info: 'Pick the closest symptom.' },
    },
    children: {},
  },
};

describe('State items on Redis', () => {
  const redis = redisTenant('state-format', { each: true });
  let storage: RedisStorage;
  beforeEach(() => {
    storage = new RedisStorage({ client: redis.client, tenant: redis.tenant });
  });

  /** The item's one string: its eTag, then its JSON. */
  const stored = async (key: string) => {
    const value = (await redis.client.get(storage.keyOf(key))) ?? '';
    return { e: value.slice(0, 16), d: value.slice(16) };
  };

  it('[N1] a guided-help dialog is kept as one string in under a third of its JSON, behind a short eTag, and reads back as written', async () => {
    const key = `guidedHelp/${CONVERSATION}`;
    await storage.write({ [key]: dialog });
    expect(await redis.client.type(storage.keyOf(key))).to.equal('string');
    const { e, d } = await stored(key);
    expect(Buffer.byteLength(d)).to.be.below(JSON.stringify(dialog).length / 3);
    expect(e).to.have.length(16);
    const { eTag, ...read } = (await storage.read([key]))[key];
    expect(read).to.deep.equal(dialog);
    expect(eTag).to.equal(e);
  });

  it('[N1] an item written by the earlier version (plain JSON, a UUID eTag) reads, and its eTag still guards the next write', async () => {
    const key = `conversationReferences/${CONVERSATION}`;
    const item = { reference: { activityId: 'a1', conversation: { id: CONVERSATION } }, savedAt: '2026-11-26T06:28:06.733Z' };
    const oldETag = '26dcc5b5-ec80-454d-8fda-78f8ed03d576';
    await redis.client.hSet(storage.keyOf(key), { e: oldETag, d: JSON.stringify(item) });
    expect((await storage.read([key]))[key]).to.deep.equal({ ...item, eTag: oldETag });
    await storage.write({ [key]: { ...item, savedAt: 'later', eTag: oldETag } });
    expect(await redis.client.type(storage.keyOf(key)), 'the next write keeps it as a string').to.equal('string');
    const after = (await storage.read([key]))[key];
    expect(after.savedAt).to.equal('later');
    expect(after.eTag).to.have.length(16);
    let refused = false;
    await storage.write({ [key]: { ...item, eTag: oldETag } }).catch(() => (refused = true));
    expect(refused).to.equal(true);
  });

  it('[N1] a long shared item (an index shard of thousands of ids) is kept as plain JSON, and reads back as written', async () => {
    const key = 'conversationReferences/~index/7';
    const index = { ids: Array.from({ length: 300 }, (_, i) => `7cf905bb-7927-44eb-b974-c1957b70${String(i).padStart(4, '0')}`) };
    await storage.write({ [key]: index });
    const { d } = await stored(key);
    expect(d).to.equal(JSON.stringify(index));
    const { eTag, ...read } = (await storage.read([key]))[key];
    expect(read).to.deep.equal(index);
    expect(eTag).to.be.a('string');
  });
});
