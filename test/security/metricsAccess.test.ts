import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { startLocalStack } from '../../cli/localStack.js';
import { createLogger } from '../../src/observability/logger.js';
import { securityConfig } from './securityKit.js';

const quiet = createLogger({ level: 'silent' });
const idle = () => ({ run: async () => undefined });

describe('security: who may read /metrics', () => {
  let bot: HubBotServer | undefined;
  afterEach(async () => {
    await bot?.stop();
    bot = undefined;
  });

  it('[S8] behind a bearer token: refused (401 error body) without it, served with it', async () => {
    bot = await startHubBotServer({ config: securityConfig({ METRICS_TOKEN: 'metrics-token-0123456789' }), logger: quiet, bot: idle });
    const anonymous = await fetch(`${bot.url}/metrics`);
    expect(anonymous.status).to.equal(401);
    expect((await anonymous.json()).code).to.match(/^401-/);
    const wrong = await fetch(`${bot.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456780' } });
    expect(wrong.status).to.equal(401);
    const allowed = await fetch(`${bot.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(allowed.status).to.equal(200);
    expect(await allowed.text()).to.contain('hubbot_turns_total');
  });

  it('[S8] on a port of its own (loopback): not on the public port any more; health stays public', async () => {
    bot = await startHubBotServer({ config: securityConfig({ METRICS_PORT: '0' }), logger: quiet, bot: idle });
    expect((await fetch(`${bot.url}/metrics`)).status).to.equal(404);
    expect((await fetch(`${bot.url}/healthz`)).status).to.equal(200);
    expect(bot.metricsUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    const own = await fetch(`${bot.metricsUrl}/metrics`);
    expect(own.status).to.equal(200);
    expect(await own.text()).to.contain('hubbot_callbacks_total');
  });

  it('[S8] npm start (the local stack) honours PLATFORM_TENANT from the environment', async () => {
    const saved = process.env.PLATFORM_TENANT;
    process.env.PLATFORM_TENANT = 'tenant-of-this-laptop';
    try {
      const stack = await startLocalStack({ bot: idle, logger: quiet });
      try {
        expect(stack.config.PLATFORM_TENANT).to.equal('tenant-of-this-laptop');
      } finally {
        await stack.stop();
      }
    } finally {
      if (saved === undefined) delete process.env.PLATFORM_TENANT;
      else process.env.PLATFORM_TENANT = saved;
    }
  });
});
