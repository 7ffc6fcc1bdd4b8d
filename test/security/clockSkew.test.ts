/**
 * S20: a replica whose clock differs from Redis's (TIME) by more than the callback tokens'
 * tolerance says so at start-up (one warning line), in /readyz (why it fails) and in the
 * hubbot_clock_skew_seconds gauge. The replica's clock is shifted 120 s ahead with sinon's fake
 * Date (it keeps running); Redis is the real one.
 */
import { expect } from 'chai';
import pino from 'pino';
import sinon from 'sinon';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { securityConfig } from './securityKit.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { closeRedisConnection, createRedisConnection } from '../../src/redis/redisConnection.js';

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

async function startReplica(tenant: string, lines: Line[]): Promise<HubBotServer> {
  const logger = pino({ level: 'warn' }, { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  return startHubBotServer({ config: securityConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant }), logger, bot: () => ({ run: async () => undefined }) });
}

async function skewGauge(bot: HubBotServer): Promise<number> {
  const text = await (await fetch(`${bot.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('hubbot_clock_skew_seconds'));
  expect(line, 'the gauge is exported').to.be.a('string');
  return Number(line!.split(' ').at(-1));
}

describe('A replica whose clock is off from Redis says so (S20)', function () {
  this.timeout(60_000);
  const tenant = uniqueTenant('clock');
  let bot: HubBotServer | undefined;
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(async () => {
    await bot?.stop({ graceMs: 0 });
    bot = undefined;
    clock?.restore();
    clock = undefined;
  });
  after(async () => {
    const client = await createRedisConnection();
    await deleteTenantKeys(client, tenant);
    await closeRedisConnection(client);
  });

  it('[S20] a clock 120 s ahead: one warning line at start-up, /readyz fails saying why, the gauge shows the skew', async () => {
    clock = sinon.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'], shouldAdvanceTime: true });
    const lines: Line[] = [];
    bot = await startReplica(tenant, lines);
    const warnings = lines.filter((l) => l.msg.includes("Redis's") && l.msg.includes('clock'));
    expect(warnings).to.have.length(1);
    expect(warnings[0].msg).to.contain('ahead of');
    expect(warnings[0].msg).to.contain('30 s');
    expect(Number(warnings[0].skewSeconds)).to.be.within(115, 125);

    const ready = await fetch(`${bot.url}/readyz`);
    expect(ready.status).to.equal(503);
    const body = (await ready.json()) as { details: { key: string; value: string }[] };
    const detail = body.details.find((d) => d.key === 'clock');
    expect(detail?.value).to.match(/clock is 1[12]\d\.\d s ahead of Redis's, more than the 30 s/);
    expect(body.details.find((d) => d.key === 'redis')).to.equal(undefined);

    expect(await skewGauge(bot)).to.be.within(115, 125);
  });

  it('[S20] a clock in step with Redis: no warning, ready, a gauge near zero', async () => {
    const lines: Line[] = [];
    bot = await startReplica(tenant, lines);
    expect(lines.filter((l) => l.msg.includes("Redis's"))).to.deep.equal([]);
    expect((await fetch(`${bot.url}/readyz`)).status).to.equal(200);
    expect(Math.abs(await skewGauge(bot))).to.be.below(5);
  });
});
