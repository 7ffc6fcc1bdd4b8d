/**
 * The platform side of a deploy test, on the host: the emulator, the bot's participant
 * provisioned on it with the same setup description and provisioning code as `hubbot start`
 * (cli/localStack.ts), and the environment a bot server in a container or pod needs to join it.
 * The container shares the host's network, so the bot listens on a free port of 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { expect } from 'chai';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { defaultParts } from '../../src/emulator/defaultParts.js';
import { loadConfig } from '../../src/config/config.js';
import { provision } from '../../src/provisioning/provision.js';
import { connectPlatform } from '../../src/server/platformConnection.js';
import { LOCAL_ACCOUNT_ADDRESS, LOCAL_PORTAL_ID, localSetupDescription } from '../../cli/localStack.js';
import { Customer } from '../e2e/customerClient.js';
import { waitFor } from '../support/waitFor.js';

/** The emulator, and what a bot server outside this process needs to run against it. */
export interface EmulatorForContainer {
  emulator: RunningEmulator;
  /** The bot's variables: the platform's URLs and credentials, the bot's own secrets, port and Redis. */
  env: Record<string, string>;
  /** The bot's base URL on the host network. */
  botUrl: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the container's bot takes it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts the emulator, registers the bot's API client on it and provisions the bot's participant
 * for a bot on a free port; the bot keeps its state in this machine's Redis under a tenant of
 * its own.
 */
export async function startEmulatorForContainer(tenantPrefix: string): Promise<EmulatorForContainer> {
  const emulator = await startEmulator({ port: 0, parts: defaultParts() });
  const botClient = emulator.registerClient({ clientId: `${tenantPrefix}-bot`, actOnBehalf: true, senderType: 'custom_bot' });
  const secret = () => randomBytes(24).toString('base64url');
  const port = await freePort();
  const env: Record<string, string> = {
    PLATFORM_BASE_URL: emulator.url,
    PLATFORM_TOKEN_URL: emulator.tokenUrl,
    PLATFORM_CLIENT_ID: botClient.clientId,
    PLATFORM_CLIENT_SECRET: botClient.clientSecret,
    PLATFORM_TENANT: `${tenantPrefix}-${randomBytes(4).toString('hex')}`,
    PORTAL_ID: LOCAL_PORTAL_ID,
    BOT_HOST: '127.0.0.1',
    BOT_PORT: String(port),
    BOT_CLIENT_ID: 'hub-container',
    BOT_CLIENT_SECRET: secret(),
    BOT_TOKEN_SIGNING_KEY: secret() + secret(),
    WEBHOOK_HMAC_SECRET: secret() + secret(),
    REDIS_URL: 'redis://127.0.0.1:6379',
  };
  const botUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig(env);
  await provision(connectPlatform(config).conversations, localSetupDescription(botUrl, config), { env });
  return { emulator, env, botUrl, stop: () => emulator.stop() };
}

/** Waits until the bot answers `path` with 200 (it starts in a container: give it time). */
export async function waitUntilAnswering(url: string, timeoutMs: number): Promise<Response> {
  return waitFor(
    async () => {
      const res = await fetch(url).catch(() => undefined);
      return res?.status === 200 ? res : undefined;
    },
    { what: `200 from ${url}`, timeoutMs, intervalMs: 250 },
  );
}

/** A customer starts a conversation and says hello; resolves to the text of the bot's first reply (a typing indicator is none). */
export async function customerIsAnswered(emulatorUrl: string): Promise<string> {
  const customer = await Customer.start(emulatorUrl, LOCAL_ACCOUNT_ADDRESS);
  await customer.say('hello');
  const [reply] = await customer.messages(1, 60_000);
  expect(reply.sender.type).to.equal('custom_bot');
  expect(reply.content?.text ?? '').to.not.equal('');
  return reply.content!.text!;
}
