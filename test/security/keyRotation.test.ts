import { expect } from 'chai';
import { startHubBotServer, type HubBotServer } from '../../src/server/hubBotServer.js';
import { tokenIssuerFromConfig } from '../../src/server/serverOptionsFromConfig.js';
import { createLogger } from '../../src/observability/logger.js';
import { CLIENT_ID, request, securityConfig, textBatch } from './securityKit.js';

const OLD_KEY = 'the-old-signing-key-of-the-bot-0123456789';
const NEW_KEY = 'the-new-signing-key-of-the-bot-9876543210';
const OTHER_KEY = 'a-key-nobody-configured-on-this-bot-000000';

describe('security: signing keys rotate without downtime', () => {
  let bot: HubBotServer | undefined;
  afterEach(async () => {
    await bot?.stop({ graceMs: 0 });
    bot = undefined;
  });

  async function tokenSignedWith(key: string): Promise<string> {
    return (await tokenIssuerFromConfig(securityConfig({ BOT_TOKEN_SIGNING_KEY: key }))!.issue(CLIENT_ID)).access_token;
  }

  async function callbackWith(token: string, text: string): Promise<number> {
    const cfg = bot!.deps.config;
    return (await request(`${bot!.url}${cfg.BOT_CALLBACK_PATH}`, { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: textBatch(`conv-${text}`, text) })).status;
  }

  it('[S3] during a rotation tokens of the old and the new key are both accepted (kid), others are not; after it the old key is refused', async () => {
    const old = await tokenSignedWith(OLD_KEY);
    bot = await startHubBotServer({ config: securityConfig({ BOT_TOKEN_SIGNING_KEY: NEW_KEY, BOT_TOKEN_PREVIOUS_SIGNING_KEYS: OLD_KEY }), logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
    expect(await callbackWith(old, 'old')).to.equal(200);
    expect(await callbackWith(await tokenSignedWith(NEW_KEY), 'new')).to.equal(200);
    expect(await callbackWith(await tokenSignedWith(OTHER_KEY), 'other')).to.equal(401);
    await bot.stop({ graceMs: 0 });
    bot = await startHubBotServer({ config: securityConfig({ BOT_TOKEN_SIGNING_KEY: NEW_KEY }), logger: createLogger({ level: 'silent' }), bot: () => ({ run: async () => undefined }) });
    expect(await callbackWith(old, 'old-after')).to.equal(401);
    expect(await callbackWith(await tokenSignedWith(NEW_KEY), 'new-after')).to.equal(200);
  });
});
