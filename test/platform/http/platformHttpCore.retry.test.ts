import { expect } from 'chai';
import { PlatformError } from '../../../src/errors/platformError.js';
import type { RequestSpec } from '../../../src/platform/http/types.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import { fakeTimeCore } from './fakeTime.js';
import { waitFor } from '../../support/waitFor.js';

const TOO_MANY = { status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } };
/** A batch whose message carries its id, as the adapter sends it: repeatable after 502 (R5). */
const batch = { messages: { message: [{ id: 'm1', sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: 'hi' } }] } };
const messages: RequestSpec = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', operation: 'messages.send', body: batch };
const accounts: RequestSpec = { method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' };

describe('PlatformHttpCore: backoff on 429, 502 and 503 (fake timers)', () => {
  const rig = fakeTimeCore({ customRates: { name: 'custom', defaultRate: 1000 } });
  const arrivals = (path: string) => rig.server.requests.filter((r) => r.path.endsWith(path)).map((r) => r.at);

  it('[L5] backs off 1 s, 2 s, 4 s on a throttled endpoint, then gives up with the 429 as a PlatformError', async () => {
    rig.server.reply('*', '*', (r) => (r.path.endsWith('/conversations/messages') ? TOO_MANY : { status: 200, body: {} }));
    const c = rig.core();
    const outcome = c.request(messages).catch((e: unknown) => e);
    for (const [i, delay] of [1000, 2000, 4000].entries()) {
      await waitFor(() => rig.sleeps.length === i + 1, `backoff ${i + 1}`);
      expect(rig.sleeps[i].ms).to.equal(delay);
      if (i === 0) {
        // While that endpoint backs off, another endpoint answers at once (fake time stands still).
        const other = await c.request(accounts);
        expect(other.status).to.equal(200);
        expect(arrivals('/accounts')).to.deep.equal([0]);
      }
      await rig.clock.tickAsync(delay);
    }
    const err = (await outcome) as PlatformError;
    expect(err).to.be.instanceOf(PlatformError);
    expect([err.status, err.code, err.developerMessage]).to.deep.equal([429, '429-001', 'Too many requests.']);
    expect(arrivals('/conversations/messages')).to.deep.equal([0, 1000, 3000, 7000]);
    expect(rig.sleeps).to.have.length(3);
  });

  it('[L5] a 429 pushes the shared bucket out: another replica waits out the backoff on that endpoint only', async () => {
    let first = true;
    rig.server.reply('*', '*', (r) => {
      if (r.path.endsWith('/conversations/messages') && first) {
        first = false;
        return TOO_MANY;
      }
      return { status: 200, body: {} };
    });
    const a = rig.core();
    const b = rig.core();
    const aDone = a.request(messages);
    await waitFor(() => rig.sleeps.length === 1, 'the backoff of replica A');
    const bDone = b.request(messages);
    await waitFor(() => rig.sleeps.length === 2, 'replica B waiting for its slot');
    expect(rig.sleeps[1].ms).to.be.within(999, 1000);
    // Replica B's other endpoint is not held back.
    await b.request(accounts);
    expect(arrivals('/accounts')).to.deep.equal([0]);
    await rig.clock.tickAsync(1000);
    await waitFor(() => rig.sleeps.length === 3, 'replica A waiting behind B');
    await rig.clock.tickAsync(rig.sleeps[2].ms);
    await Promise.all([aDone, bDone]);
    const times = arrivals('/conversations/messages');
    expect(times[0]).to.equal(0);
    expect(Math.min(...times.slice(1))).to.be.at.least(1000);
  });

  it('[L5] retries 502 and 503 with the same backoff and returns the answer that finally succeeds', async () => {
    const answers = [{ status: 502, text: 'bad gateway' }, { status: 503, body: { code: '503-100', developerMessage: 'busy' } }, { status: 200, body: { id: 'm1' } }];
    rig.server.reply('*', '*', () => answers.shift()!);
    const done = rig.core().request(messages);
    await waitFor(() => rig.sleeps.length === 1, 'first backoff');
    await rig.clock.tickAsync(1000);
    await waitFor(() => rig.sleeps.length === 2, 'second backoff');
    await rig.clock.tickAsync(2000);
    const res = await done;
    expect(res.data).to.deep.equal({ id: 'm1' });
    expect(rig.sleeps.map((s) => s.ms)).to.deep.equal([1000, 2000]);
    expect(arrivals('/conversations/messages')).to.deep.equal([0, 1000, 3000]);
  });

  it('[L5] does not retry other errors (400, 404, 500)', async () => {
    for (const status of [400, 404, 500]) {
      rig.server.reply('*', '*', () => ({ status, body: { code: `${status}-100`, developerMessage: 'no' } }));
      const err = (await rig.core({ bucketStore: new MemoryBucketStore() }).request(accounts).catch((e: unknown) => e)) as PlatformError;
      expect(err.status).to.equal(status);
    }
    expect(rig.sleeps).to.have.length(0);
    expect(rig.server.requests).to.have.length(3);
  });
});
