import { expect } from 'chai';
import sinon from 'sinon';
import { createFailureLimiter } from '../../src/server/failureLimiter.js';

describe('server: failure limiter for credential guessing', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: Date.UTC(2030, 0, 1) });
  });
  afterEach(() => clock.restore());

  it('blocks a key after maxFailures in a window, and frees it when the window ends', () => {
    const limiter = createFailureLimiter({ maxFailures: 3, windowMs: 60_000 });
    for (let i = 0; i < 2; i += 1) limiter.recordFailure(['client:a']);
    expect(limiter.blockedFor(['client:a'])).to.equal(undefined);
    clock.tick(10_000);
    limiter.recordFailure(['client:a']);
    expect(limiter.blockedFor(['client:a'])).to.equal(50);
    expect(limiter.blockedFor(['client:b'])).to.equal(undefined);
    clock.tick(49_999);
    expect(limiter.blockedFor(['client:a'])).to.equal(1);
    clock.tick(1);
    expect(limiter.blockedFor(['client:a'])).to.equal(undefined);
  });

  it('is blocked when any of the keys is', () => {
    const limiter = createFailureLimiter({ maxFailures: 1 });
    limiter.recordFailure(['addr:1.2.3.4']);
    expect(limiter.blockedFor(['addr:1.2.3.4', 'client:a'])).to.equal(60);
    expect(limiter.blockedFor(['addr:5.6.7.8', 'client:a'])).to.equal(undefined);
  });

  it('bounds the keys it remembers', () => {
    const limiter = createFailureLimiter({ maxFailures: 1, maxKeys: 3 });
    for (const k of ['k1', 'k2', 'k3', 'k4']) limiter.recordFailure([k]);
    expect(limiter.blockedFor(['k1'])).to.equal(undefined); // the oldest was dropped
    expect(limiter.blockedFor(['k4'])).to.equal(60);
  });
});
