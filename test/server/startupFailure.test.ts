/**
 * A server whose start-up fails part way hands its caller no server to stop: whatever the
 * start-up had opened must be closed by the start-up itself. With Redis, the first thing that
 * would stay is the revocations' subscription (and its reload timer), taken before the bot is
 * built and before the ports listen.
 */
import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sinon from 'sinon';
import { createLogger } from '../../src/observability/logger.js';
import { tenantKey } from '../../src/redis/tenantKey.js';
import { REVOCATION_RELOAD_MS } from '../../src/authentication/redisRevocationStore.js';
import { startHubBotServer } from '../../src/server/hubBotServer.js';
import { redisTenant } from '../storage/redisTestTenant.js';
import { securityConfig } from '../security/securityKit.js';

/** What keeps the process alive: sockets, listening servers, timers not unref'd. */
function aliveHandles(): string[] {
  return process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap' && r !== 'FSReqCallback').sort();
}

describe('server start-up that fails part way', () => {
  const redis = redisTenant('startup-failure', { each: true });
  afterEach(() => sinon.restore());

  const subscribers = async () => {
    const [, count] = (await redis.client.sendCommand(['PUBSUB', 'NUMSUB', tenantKey(redis.tenant, 'revocations')])) as [string, number];
    return Number(count);
  };

  /** The kinds of live handle of which there are more now than in `before`. */
  const addedSince = (before: string[]): string[] => {
    const now = aliveHandles();
    return [...new Set(now)].filter((kind) => now.filter((k) => k === kind).length > before.filter((k) => k === kind).length);
  };

  it('[O1] a bot that fails to build leaves no revocations subscription, reload timer, connection or port behind', async () => {
    const intervals = sinon.spy(globalThis, 'setInterval');
    const cleared = sinon.spy(globalThis, 'clearInterval');
    // After a turn: mocha's own timeout timer is set once the test has returned its promise.
    await new Promise((resolve) => setImmediate(resolve));
    const before = aliveHandles();
    const failing = startHubBotServer({
      config: securityConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: redis.tenant }),
      logger: createLogger({ level: 'silent' }),
      bot: () => {
        throw new Error('the bot could not be built');
      },
    });
    await failing.then(
      () => expect.fail('the start-up should have failed'),
      (err: Error) => expect(err.message, 'the start-up fails with its own error').to.equal('the bot could not be built'),
    );
    expect(await subscribers(), 'subscribers of the revocations channel').to.equal(0);
    const reload = intervals.getCalls().find((c) => c.args[1] === REVOCATION_RELOAD_MS);
    expect(reload, 'the revocations were followed before the failure').to.not.equal(undefined);
    expect(cleared.calledWith(reload!.returnValue), 'the reload timer is cleared').to.equal(true);
    // Closed sockets leave the list a few turns of the event loop later. Not waitFor: its own
    // deadline is a timer, which would count.
    // Compared as counts per kind: handles other tests of this process leave may close meanwhile,
    // and only a handle this start-up added (one more of a kind than before) is a leak.
    for (let turn = 0; turn < 1000 && addedSince(before).length > 0; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(addedSince(before), 'what the failed start-up left keeping the process alive').to.deep.equal([]);
  });

  it('[O1] a port found taken closes the ports already listening and the rest', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    // Servers other tests of this process left listening are not this test's to count.
    const listeningBefore = aliveHandles().filter((r) => r === 'TCPServerWrap').length;
    try {
      const failing = startHubBotServer({
        config: securityConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: redis.tenant, BOT_HOST: '127.0.0.1', WEBHOOK_PORT: String(takenPort) }),
        logger: createLogger({ level: 'silent' }),
        bot: () => ({ run: async () => {} }),
      });
      const err = await failing.then(
        () => undefined,
        (e: NodeJS.ErrnoException) => e,
      );
      expect(err?.code).to.equal('EADDRINUSE');
      expect(await subscribers()).to.equal(0);
      // No listening server of the bot is left: as many listen as before it started.
      expect(aliveHandles().filter((r) => r === 'TCPServerWrap')).to.have.length(listeningBefore);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
