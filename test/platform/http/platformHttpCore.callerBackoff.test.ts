import { expect } from 'chai';
import { PlatformError } from '../../../src/errors/platformError.js';
import type { RequestSpec } from '../../../src/platform/http/types.js';
import { fakeTimeCore } from './fakeTime.js';
import { waitFor } from '../../support/waitFor.js';

const messages: RequestSpec = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', operation: 'messages.send', body: {}, backoff: 'caller' };

describe("PlatformHttpCore: backoff left to the caller (backoff: 'caller', fake timers)", () => {
  const rig = fakeTimeCore({ customRates: { name: 'custom', defaultRate: 1000 } });

  it('[T3] throws a 503 at once with its Retry-After, without sleeping or repeating', async () => {
    rig.server.reply('*', '*', { status: 503, body: { code: '503-100', developerMessage: 'busy' }, headers: { 'retry-after': '7' } });
    const err = (await rig.core().request(messages).catch((e: unknown) => e)) as PlatformError;
    expect(err).to.be.instanceOf(PlatformError);
    expect([err.status, err.retryable, err.retryAfterSeconds]).to.deep.equal([503, true, 7]);
    expect(rig.server.requests).to.have.length(1);
    expect(rig.sleeps).to.deep.equal([]);
  });

  it('[L5] a 429 still pushes the shared bucket out for every replica, though the caller waits, not the core', async () => {
    rig.server.reply('*', '*', (r) => (rig.server.requests.indexOf(r) === 0 ? { status: 429, body: { code: '429-001', developerMessage: 'Too many requests.' } } : { status: 200, body: {} }));
    const err = (await rig.core().request(messages).catch((e: unknown) => e)) as PlatformError;
    expect(err.status).to.equal(429);
    expect(rig.sleeps, 'the core did not sleep').to.deep.equal([]);
    // Another replica on the same bucket waits out the backoff before its call.
    const other = rig.core().request({ ...messages, backoff: undefined });
    await waitFor(() => rig.sleeps.length === 1, 'the other replica waiting for its slot');
    expect(rig.sleeps[0].ms).to.be.within(999, 1000);
    await rig.clock.tickAsync(rig.sleeps[0].ms);
    await other;
    expect(rig.server.requests.map((r) => r.at)).to.deep.equal([0, 1000]);
  });

  it('[T7] an aborted call is not sent', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const err = (await rig.core().request({ ...messages, signal: aborted.signal }).catch((e: unknown) => e)) as PlatformError;
    expect([err.status, err.retryable]).to.deep.equal([503, true]);
    expect(rig.server.requests).to.have.length(0);
  });
});
