/**
 * The contact-center figures page in a browser (O5): a day of soak-shaped conversations on the
 * local stack's Redis, read by the bot server's /figures behind the metrics token. The
 * screenshot goes to docs/figures.png.
 */
import { expect } from 'chai';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { READY_BOTS } from '../../bots/readyBots.js';
import { createLogger } from '../../src/observability/logger.js';
import { ContactCenterFigures } from '../../src/observability/contactCenterFigures.js';
import { RedisFiguresStore } from '../../src/observability/redisFiguresStore.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { recordSoakDay, SOAK_DAY, SOAK_TOPICS } from '../support/soakDayFigures.js';
import { BROWSER_SETUP_TIMEOUT_MS, DOCS_DIR, launchBrowser, newContext, screenshot } from './webTestKit.js';

const TOKEN = 'figures-page-token-0123456789';

describe('the figures page in a browser', function () {
  this.timeout(60_000);
  let browser: Browser;
  let stack: LocalStack;
  let redis: RedisConnection;
  let conversations = 0;
  const tenant = uniqueTenant('figures-page');

  before(async function () {
    this.timeout(BROWSER_SETUP_TIMEOUT_MS);
    browser = await launchBrowser();
    redis = await createRedisConnection();
    stack = await startLocalStack({ bot: READY_BOTS.echo.create, logger: createLogger({ level: 'silent' }), env: { REDIS_URL: 'redis://127.0.0.1:6379', PLATFORM_TENANT: tenant, METRICS_TOKEN: TOKEN } });
    // Another replica's counts, on the same Redis: the page shows every replica's.
    let now = SOAK_DAY;
    conversations = await recordSoakDay(new ContactCenterFigures({ store: new RedisFiguresStore(redis, tenant), now: () => now }), (t) => (now = t));
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await deleteTenantKeys(redis, tenant);
    await closeRedisConnection(redis);
  });

  it('[O5] shows a day of conversations by topic, with charts over time, and loads nothing from elsewhere', async () => {
    const context = await newContext(browser, { width: 1040, height: 900 });
    await context.setExtraHTTPHeaders({ authorization: `Bearer ${TOKEN}` });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    try {
      const url = `${stack.bot.url}/figures?since=${new Date(SOAK_DAY).toISOString()}&until=${new Date(SOAK_DAY + 86_400_000).toISOString()}`;
      const answer = await page.goto(url);
      expect(answer?.status()).to.equal(200);
      expect(await page.getByRole('heading', { name: 'Contact-center figures' }).isVisible()).to.equal(true);

      const rows = await page.locator('tbody tr').allInnerTexts();
      expect(rows.map((r) => r.split('\t')[0])).to.have.members([...SOAK_TOPICS.map((t) => t.topic), '(all)']);
      const total = (await page.locator('tr.total td').allInnerTexts()).map((t) => t.trim());
      expect(Number(total[1])).to.equal(conversations);
      expect(total[6]).to.match(/^\d+\.\d %$/);

      const charts = page.getByRole('img');
      expect(await charts.count()).to.equal(2);
      expect(await page.locator('svg').first().locator('rect').count()).to.be.greaterThan(40);
      expect(await page.locator('svg polyline').count()).to.equal(1);
      expect(requested).to.deep.equal([url]);
      await screenshot(page, join(DOCS_DIR, 'figures.png'));
    } finally {
      await context.close();
    }
  });
});
