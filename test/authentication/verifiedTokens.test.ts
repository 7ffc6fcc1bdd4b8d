import { expect } from 'chai';
import { VerifiedTokenCache } from '../../src/authentication/verifiedTokens.js';

describe('server: verified tokens remembered between callbacks', () => {
  const verified = (expiresAtMs: number) => ({ value: { who: 'hub' }, expiresAtMs });

  it('[C9] gives back a verification only until it is reverifyAfterMs old', () => {
    const cache = new VerifiedTokenCache<{ who: string }>({ reverifyAfterMs: 60_000 });
    cache.set('t1', verified(10_000_000), 1_000);
    expect(cache.get('t1', 60_999)?.value).to.deep.equal({ who: 'hub' });
    expect(cache.get('t1', 61_000)).to.equal(undefined);
    // Gone for good: verified in full next time.
    expect(cache.get('t1', 2_000)).to.equal(undefined);
  });

  it('[C9] verifies in full again when the clock went back', () => {
    const cache = new VerifiedTokenCache<{ who: string }>();
    cache.set('t1', verified(10_000_000), 5_000);
    expect(cache.get('t1', 4_999)).to.equal(undefined);
  });

  it('keeps at most maxEntries, forgetting the oldest first', () => {
    const cache = new VerifiedTokenCache<{ who: string }>({ maxEntries: 2 });
    cache.set('a', verified(1e9), 0);
    cache.set('b', verified(1e9), 0);
    cache.set('c', verified(1e9), 0);
    expect(cache.size).to.equal(2);
    expect(cache.get('a', 1)).to.equal(undefined);
    expect(cache.get('b', 1)).to.not.equal(undefined);
    expect(cache.get('c', 1)).to.not.equal(undefined);
  });

  it('remembers nothing with reverifyAfterMs 0, and refuses nonsense settings', () => {
    const off = new VerifiedTokenCache<{ who: string }>({ reverifyAfterMs: 0 });
    off.set('a', verified(1e9), 0);
    expect(off.size).to.equal(0);
    expect(() => new VerifiedTokenCache({ maxEntries: -1 })).to.throw(RangeError);
    expect(() => new VerifiedTokenCache({ reverifyAfterMs: Number.NaN })).to.throw(RangeError);
  });
});
