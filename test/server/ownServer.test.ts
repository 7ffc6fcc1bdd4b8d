import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import restify from 'restify';
import { SignJWT } from 'jose';
import { loadConfig } from '../../src/config/config.js';
import { createHubBot, type HubBot } from '../../src/server/hubBotServer.js';
import { connectPlatform } from '../../src/server/platformConnection.js';
import { parseSetupDescription } from '../../src/provisioning/setupDescription.js';
import { provision } from '../../src/provisioning/provision.js';
import { createLogger } from '../../src/observability/logger.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { defaultParts } from '../../src/emulator/defaultParts.js';
import { EchoBot } from '../../bots/echoBot.js';
import { Customer } from '../e2e/customerClient.js';

const IDP_SECRET = 'an identity provider secret of 32+ characters';

/** The developer's identity provider: issues the hub's callback tokens (HS256, shared secret). */
async function idpToken(): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('https://idp.example.test')
    .setAudience('hubbot-callback')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(IDP_SECRET));
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One bot on the developer's own server: provisioned on the emulator, answering a customer. */
async function roundTrip(kind: string, mount: (hub: HubBot) => Promise<{ url: string; close: () => void }>): Promise<void> {
  const emulator: RunningEmulator = await startEmulator({ parts: defaultParts() });
  const config = loadConfig({
    PLATFORM_BASE_URL: emulator.url,
    PLATFORM_TOKEN_URL: emulator.tokenUrl,
    PLATFORM_CLIENT_ID: emulator.defaultClient.clientId,
    PLATFORM_CLIENT_SECRET: emulator.defaultClient.clientSecret,
    CALLBACK_ISSUER: 'https://idp.example.test',
    CALLBACK_SHARED_SECRET: IDP_SECRET,
  });
  const hub = await createHubBot({ config, bot: (deps) => new EchoBot(deps.storage), logger: createLogger({ level: 'silent' }) });
  const server = await mount(hub);
  try {
    const setup = parseSetupDescription({
      authentication: { name: `${kind} idp`, tokenRequestUrl: `${server.url}/idp/token` },
      clientApplication: { name: `${kind} bot`, callbackUrl: `${server.url}/hub/callback` },
      participant: { name: `${kind} bot` },
      channel: { name: 'chat' },
      orchestration: { name: 'bot first' },
      account: { name: 'support', address: `${kind}@example.test`, defaultLanguage: 'en-US' },
    });
    await provision(connectPlatform(config).conversations, setup, { env: { BOT_CLIENT_ID: 'hub', BOT_CLIENT_SECRET: 'not used by this idp' } });
    const customer = await Customer.start(emulator.url, `${kind}@example.test`);
    await customer.say(`hello from ${kind}`);
    const [reply] = await customer.messages(1);
    expect(reply.content?.text).to.equal(`You said: hello from ${kind} (message 1)`);
    // The same authentication: a callback without the hub's token is refused with the error body.
    const refused = await fetch(`${server.url}/hub/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).to.equal(401);
    expect((await refused.json()).code).to.match(/^401-/);
    expect(await hub.inbox.depth()).to.equal(0);
  } finally {
    server.close();
    await hub.stop();
    await emulator.stop();
  }
}

describe('the hub callback on the developer\'s own server', () => {
  it('[K5] an express app mounts process() on its callback path: one message round trip, same authentication', async () => {
    await roundTrip('express', async (hub) => {
      const app = express();
      app.post('/idp/token', async (_req, res) => {
        res.json({ access_token: await idpToken() });
      });
      app.post('/hub/callback', (req, res) => hub.process(req, res));
      const server = createServer(app);
      return { url: await listen(server), close: () => server.close() };
    });
  });

  it('[K5] a restify server of the developer\'s own mounts process() the same way', async () => {
    await roundTrip('restify', async (hub) => {
      const app = restify.createServer();
      app.post('/idp/token', async (_req: restify.Request, res: restify.Response) => {
        res.json({ access_token: await idpToken() });
      });
      // restify takes async handlers of two arguments.
      app.post('/hub/callback', async (req: restify.Request, res: restify.Response) => hub.process(req, res));
      return { url: await listen(app.server), close: () => app.close() };
    });
  });

  it('[K5] a body already parsed by express.json() is used as it is', async () => {
    await roundTrip('parsed', async (hub) => {
      const app = express();
      app.use(express.json());
      app.post('/idp/token', async (_req, res) => {
        res.json({ access_token: await idpToken() });
      });
      app.post('/hub/callback', (req, res) => hub.process(req, res));
      const server = createServer(app);
      return { url: await listen(server), close: () => server.close() };
    });
  });
});
