/**
 * The bot's built-in token endpoint on the running server (startHubBotServer): wrong secrets
 * are refused, all in the same way whatever their length; the comparison goes through
 * `secretsEqual` (secretCompare.ts): exactly one timingSafeEqual per request, over the SHA-256
 * digests of the presented and the configured secret, so the length of neither shapes the
 * comparison; past the failure limit wrong secrets get 429, and the right secret still its token.
 *
 * No timing is measured (that would be flaky on a shared machine, and belongs in bench/): the
 * spy on node:crypto shows what is compared, which is what makes it constant-time.
 */
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { expect } from 'chai';
import sinon from 'sinon';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { createLogger } from '../../src/observability/logger.js';
import { CLIENT_ID, CLIENT_SECRET, expectRefusal, request, securityConfig, type Answer } from './securityKit.js';

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

describe('security: the bot\'s token endpoint against guessing', function () {
  let bot: HubBotServer;
  let tokenUrl: string;
  let spy: sinon.SinonSpy<[NodeJS.ArrayBufferView, NodeJS.ArrayBufferView], boolean>;

  before(async () => {
    bot = await startHubBotServer({ config: securityConfig(), logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
    tokenUrl = `${bot.url}/oauth2/token`;
  });
  after(() => bot?.stop());

  beforeEach(() => {
    // node:crypto's named exports are live bindings of its CommonJS object: spying on the object
    // and syncing reaches the `timingSafeEqual` that secretCompare.ts imported.
    spy = sinon.spy(crypto, 'timingSafeEqual');
    syncBuiltinESMExports();
  });
  afterEach(() => {
    spy.restore();
    syncBuiltinESMExports();
  });

  const ask = (clientId: string, secret: string): Promise<Answer> =>
    request(tokenUrl, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: clientId, client_secret: secret, grant_type: 'client_credentials' }) });

  /** The one comparison a request made: timingSafeEqual over the two digests. */
  function expectDigestComparison(presented: string, expected: string, result: boolean): void {
    expect(spy.callCount, 'one constant-time comparison per request').to.equal(1);
    const [a, b] = spy.firstCall.args as [Buffer, Buffer];
    expect(a.length).to.equal(32);
    expect(b.length).to.equal(32);
    expect(Buffer.from(a).equals(sha256(presented)), 'the presented secret is compared as its digest').to.equal(true);
    expect(Buffer.from(b).equals(sha256(expected)), 'the configured secret is compared as its digest').to.equal(true);
    expect(spy.firstCall.returnValue).to.equal(result);
    spy.resetHistory();
  }

  it('issues a token for the right secret, through the digest comparison', async () => {
    const a = await ask(CLIENT_ID, CLIENT_SECRET);
    expect(a.status, a.text).to.equal(200);
    expect(a.body.access_token).to.be.a('string');
    expect(a.headers['cache-control']).to.equal('no-store');
    expectDigestComparison(CLIENT_SECRET, CLIENT_SECRET, true);
  });

  it('[E1] refuses wrong secrets of very different lengths identically, each through one digest comparison, never echoing them', async () => {
    const wrong = ['x', CLIENT_SECRET.slice(0, -1), `${CLIENT_SECRET.slice(0, -1)}!`, `${CLIENT_SECRET}x`, 'w'.repeat(10_000)];
    const bodies: string[] = [];
    for (const secret of wrong) {
      const a = await ask(CLIENT_ID, secret);
      expectRefusal(a, 401, '401-106');
      if (secret.length >= 8) expect(a.text).to.not.contain(secret.slice(0, 24));
      expect(a.text).to.not.contain(CLIENT_SECRET);
      expectDigestComparison(secret, CLIENT_SECRET, false);
      bodies.push(a.text);
    }
    // The same answer, byte for byte, whatever was guessed: nothing tells a near miss from a far one.
    expect(new Set(bodies).size).to.equal(1);
  });

  it('[E1] refuses an unknown client id the same way, still spending one digest comparison (against a decoy)', async () => {
    const a = await ask('who-is-this', CLIENT_SECRET);
    expectRefusal(a, 401, '401-106');
    expect(spy.callCount).to.equal(1);
    expect(Buffer.from(spy.firstCall.args[0] as Buffer).equals(sha256(CLIENT_SECRET))).to.equal(true);
    expect(Buffer.from(spy.firstCall.args[1] as Buffer).equals(sha256(CLIENT_SECRET)), 'not compared with the real secret of another client').to.equal(false);
  });

  it('[E2] [S2] past the limit a wrong secret is 429-001, still through one comparison, and the right secret still gets its token', async () => {
    // Six failures from this address so far (5 wrong secrets, 1 unknown id); the limit is 10 a minute.
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await ask(CLIENT_ID, `guess-${i}`)).status);
    expect(answers).to.deep.equal([401, 401, 401, 401, 429, 429]);
    spy.resetHistory();
    const blocked = await ask(CLIENT_ID, 'guess-blocked');
    expectRefusal(blocked, 429, '429-001');
    expect(blocked.body.developerMessage).to.equal('Too many requests.');
    expect(Number(blocked.headers['retry-after'])).to.be.greaterThan(0);
    // The secret is checked before the block: a blocked caller costs the same work as any other.
    expectDigestComparison('guess-blocked', CLIENT_SECRET, false);
    const right = await ask(CLIENT_ID, CLIENT_SECRET);
    expect(right.status, right.text).to.equal(200);
    expectDigestComparison(CLIENT_SECRET, CLIENT_SECRET, true);
  });
});
