import { expect } from 'chai';
import { callbackTokenProvider } from '../../../src/platform/auth/callbackTokenProvider.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';

describe('per-call token providers (user and customer tokens)', () => {
  it('[A2] asks the callback for each call when it returns a bare token, sharing one call between concurrent callers', async () => {
    let asked = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const p = callbackTokenProvider(async () => {
      asked++;
      await gate;
      return `user-${asked}`;
    });
    const concurrent = Promise.all([p.getToken(), p.getToken(), p.getToken()]);
    release();
    expect(await concurrent).to.deep.equal(['user-1', 'user-1', 'user-1']);
    expect(await p.getToken()).to.equal('user-2');
  });

  it('[A2] caches a grant with a lifetime, and asks again after a 401 on that token', async () => {
    let asked = 0;
    const now = 0;
    const p = callbackTokenProvider(() => ({ accessToken: `obo-${++asked}`, expiresInSeconds: 600 }), { now: () => now });
    expect(await p.getToken()).to.equal('obo-1');
    expect(await p.getToken()).to.equal('obo-1');
    p.invalidate('obo-1');
    expect(await p.getToken()).to.equal('obo-2');
    expect(asked).to.equal(2);
  });

  it('[A2] a static token is given as it is and survives invalidate', async () => {
    const p = new StaticTokenProvider('customer-token');
    p.invalidate('customer-token');
    expect(await p.getToken()).to.equal('customer-token');
    expect(() => new StaticTokenProvider('')).to.throw(RangeError);
  });
});
