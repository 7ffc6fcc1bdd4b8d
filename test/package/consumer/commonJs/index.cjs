/* global fetch, console */
// Runs the sample-shaped bot (bot.cjs) on the hub from a CommonJS project: every entry of the
// package is loaded with require (N6), the bot goes on startHubBotServer against the emulator,
// provisioned as the guides say, and a customer says hello. Prints one JSON line: the entries'
// export counts and the texts the customer received.
const { randomBytes } = require('node:crypto');
const hub = require('botbuilder-adapter-conversation-hub');
const { defaultParts, startEmulator } = require('botbuilder-adapter-conversation-hub/emulator');
const { parseSetupDescription, provision } = require('botbuilder-adapter-conversation-hub/provisioning');
const { EchoBot } = require('./bot.cjs');

const ENTRIES = ['', '/dialogs', '/bots', '/emulator', '/local', '/agents', '/pipeline', '/platform', '/server', '/webhook', '/provisioning'];

async function main() {
  const exported = {};
  for (const entry of ENTRIES) exported[entry || '.'] = Object.keys(require(`botbuilder-adapter-conversation-hub${entry}`)).length;

  const emulator = await startEmulator({ parts: defaultParts() });
  const secret = () => randomBytes(24).toString('base64url');
  const env = {
    BOT_PORT: '0',
    BOT_CLIENT_ID: 'commonjs-bot',
    BOT_CLIENT_SECRET: secret(),
    BOT_TOKEN_SIGNING_KEY: secret() + secret(),
    WEBHOOK_HMAC_SECRET: secret() + secret(),
    PLATFORM_BASE_URL: emulator.url,
    PLATFORM_TOKEN_URL: emulator.tokenUrl,
    PLATFORM_CLIENT_ID: emulator.defaultClient.clientId,
    PLATFORM_CLIENT_SECRET: emulator.defaultClient.clientSecret,
    PORTAL_ID: 'KP-10001',
    LOG_LEVEL: 'warn',
  };
  const config = hub.loadConfig(env);
  const bot = new EchoBot();
  const server = await hub.startHubBotServer({ config, bot: () => bot });
  try {
    const setup = parseSetupDescription({
      authentication: { name: 'commonjs token', tokenRequestUrl: `${server.url}/oauth2/token` },
      clientApplication: { name: 'commonjs bot', callbackUrl: `${server.url}${config.BOT_CALLBACK_PATH}` },
      participant: { name: 'commonjs bot' },
      channel: { name: 'commonjs chat' },
      orchestration: { name: 'commonjs bot first' },
      account: { name: 'commonjs support', address: 'help@commonjs.test', defaultLanguage: 'en-US' },
    });
    await provision(hub.connectPlatform(config).conversations, setup, { env });
    const started = await fetch(`${emulator.url}/emulator/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountAddress: 'help@commonjs.test' }),
    });
    const { id } = await started.json();
    await fetch(`${emulator.url}/emulator/conversations/${id}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'hello from CommonJS' }) });
    const texts = [];
    let since = 0;
    for (let round = 0; round < 20 && texts.length < 2; round++) {
      const res = await fetch(`${emulator.url}/emulator/conversations/${id}/received?since=${since}&waitMs=5000`);
      const body = await res.json();
      since = body.next;
      for (const e of body.events) if (e.message && e.message.content && e.message.content.text) texts.push(e.message.content.text);
    }
    console.log(JSON.stringify({ exported, texts }));
  } finally {
    await server.stop();
    await emulator.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
