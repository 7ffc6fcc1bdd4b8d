import { expect } from 'chai';
import type { RequestSpec } from '../../../src/platform/http/types.js';
import { MemoryBucketStore } from '../../../src/platform/throttle/memoryBucketStore.js';
import { fakeTimeCore } from './fakeTime.js';
import { waitFor } from '../../support/waitFor.js';

const accounts: RequestSpec = { method: 'GET', service: 'conversationmgr', path: '/accounts', template: '/accounts' };
const account = (id: string): RequestSpec => ({ method: 'GET', service: 'conversationmgr', path: `/accounts/${id}`, template: '/accounts/{id}' });
const channels: RequestSpec = { method: 'GET', service: 'conversationmgr', path: '/channels', template: '/channels' };
const messages: RequestSpec = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', operation: 'messages.send', body: {} };

describe('PlatformHttpCore: client-side throttling (fake timers)', () => {
  const rig = fakeTimeCore({ plan: 'Basic' });

  /**
   * Starts `count` calls at once and lets fake time run slot by slot: the first goes at once,
   * the others sleep; time jumps to each sleep's end and waits for that call to reach the server.
   */
  async function burst(count: number, start: () => Promise<unknown>): Promise<number[]> {
    const before = rig.server.requests.length;
    const done = Promise.all(Array.from({ length: count }, start));
    await waitFor(() => rig.sleeps.length >= count - 1 && rig.server.requests.length === before + 1, 'all calls reserved');
    const dues = rig.sleeps.slice(-(count - 1)).map((s) => s.at + s.ms).sort((a, b) => a - b);
    for (const [i, due] of dues.entries()) {
      await rig.clock.tickAsync(due - Date.now());
      await waitFor(() => rig.server.requests.length === before + i + 2, `call ${i + 2}`);
    }
    await done;
    return rig.server.requests.slice(before).map((r) => r.at);
  }

  it('[L3] refills one token every 2 s at 0.5 req/s', async () => {
    const times = await burst(4, () => rig.core({ plan: 'Basic', safetyMargin: 0 }).request(accounts));
    expect(times).to.deep.equal([0, 2000, 4000, 6000]);
  });

  it('[L3] refills one token every 6.25 s at 0.16 req/s', async () => {
    const times = await burst(3, () => rig.core({ plan: 'Developer', safetyMargin: 0 }).request(accounts));
    expect(times).to.deep.equal([0, 6250, 12500]);
  });

  it('[L3] stretches each interval by the safety margin (2 % by default)', async () => {
    const times = await burst(3, () => rig.core({ plan: 'Basic' }).request(accounts));
    expect(times).to.deep.equal([0, 2040, 4080]);
  });

  it('[L2] throttling one endpoint never delays another, nor another tenant', async () => {
    const c = rig.core({ plan: 'Developer' });
    const queued = Promise.all([c.request(accounts), c.request(accounts), c.request(accounts)]);
    await waitFor(() => rig.sleeps.length === 2, 'the queue on /accounts');
    await c.request(channels);
    await c.request(account('a1'));
    await rig.core({ plan: 'Developer', tenant: 'globex' }).request(accounts);
    expect(rig.server.requests.map((r) => [r.path, r.at])).to.deep.equal([
      ['/conversation/conversationmgr/v3/accounts', 0],
      ['/conversation/conversationmgr/v3/channels', 0],
      ['/conversation/conversationmgr/v3/accounts/a1', 0],
      ['/conversation/conversationmgr/v3/accounts', 0],
    ]);
    // /accounts/a1 and /accounts/a2 are one endpoint (one template): the second one waits.
    const second = c.request(account('a2'));
    await waitFor(() => rig.sleeps.length === 3, 'the second /accounts/{id} call to wait');
    expect(rig.sleeps[2].ms).to.be.closeTo(6250 * 1.02, 0.001);
    await rig.clock.tickAsync(6375 * 3);
    await Promise.all([queued, second]);
  });

  it('[L6] a burst against a server that answers 429 above the rate meets no 429, and uses the whole budget', async () => {
    // The server's bucket: Enterprise POST /conversations/messages is 5 req/s, one every 200 ms.
    let nextAllowed = -Infinity;
    let refused = 0;
    rig.server.reply('*', '*', (r) => {
      if (r.at < nextAllowed) {
        refused++;
        return { status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } };
      }
      nextAllowed = r.at + 200;
      return { status: 202 };
    });
    const c = rig.core({ plan: 'Enterprise' });
    const times = await burst(10, () => c.request(messages));
    expect(refused).to.equal(0);
    expect(times).to.have.length(10);
    expect(times[9]).to.equal(9 * 204); // back to back: only the 2 % margin is left unused

    // Control: the same burst with client throttling far above the plan draws 429s from that server.
    nextAllowed = -Infinity;
    rig.sleeps.length = 0;
    const reckless = rig.core({ customRates: { name: 'custom', defaultRate: 1000 }, bucketStore: new MemoryBucketStore(), retryDelaysMs: [] });
    const outcomes = Promise.allSettled(Array.from({ length: 5 }, () => reckless.request(messages)));
    await waitFor(() => rig.sleeps.length === 4, 'the reckless burst to reserve');
    await rig.clock.tickAsync(10);
    await outcomes;
    expect(refused).to.be.greaterThan(0);
  });
});
