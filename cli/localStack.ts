// The `/local` entry: the emulator and a provisioned bot server on one machine.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../src/config/config.js';
import type { SenderType } from '../src/schemas/messageTypes.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../src/emulator/startEmulator.js';
import { defaultParts } from '../src/emulator/defaultParts.js';
import type { WebhookTargetInput } from '../src/emulator/events/webhookTargets.js';
import { parseSetupDescription, type SetupDescription } from '../src/provisioning/setupDescription.js';
import { provision, type StepReport } from '../src/provisioning/provision.js';
import { startHubBotServer, type HubBotServer, type HubBotServerOptions } from '../src/server/hubBotServer.js';
import { connectPlatform } from '../src/server/platformConnection.js';

/** What `startLocalStack` runs: the bot, and what to change of the emulator and the bot server. */
export interface LocalStackOptions {
  /** Builds the bot, as the `bot` option of `startHubBotServer`. */
  bot: HubBotServerOptions['bot'];
  /** Extra routes on the bot server, as its `extend` option. */
  extend?: HubBotServerOptions['extend'];
  /** Settings of the emulator (port, plan, faults ...); default parts are added. */
  emulator?: EmulatorOptions;
  /** Environment overrides (e.g. REDIS_URL, BOT_PORT); the rest comes from process.env. */
  env?: Record<string, string | undefined>;
  /**
   * The knowledge portal the bot uses; default the emulator's sample portal (`LOCAL_PORTAL_ID`).
   */
  portalId?: string;
  /** The bot server's logger. */
  logger?: Logger;
  /** Told each provisioning step as it is done. */
  onStep?: (r: StepReport) => void;
  /** Webhooks of the emulator's event manager (the bot's own is added, signed, once it listens). */
  webhooks?: (string | WebhookTargetInput)[];
  /** The inbox worker's settings, as the bot server's `worker` option (tests shorten them). */
  worker?: HubBotServerOptions['worker'];
  /** The developer's own parts for the bot server: Storage, inbox, callback parser. */
  parts?: Pick<HubBotServerOptions, 'storage' | 'inbox' | 'parse'>;
}

/** A running local stack: the emulator, the bot server provisioned on it, and `stop`. */
export interface LocalStack {
  /** The emulated platform (hub, portal, event manager, web chat). */
  emulator: RunningEmulator;
  /** The bot server, provisioned on the emulator. */
  bot: HubBotServer;
  /** The bot server's configuration, pointing at the emulator. */
  config: Config;
  /** The account customers start conversations on. */
  accountAddress: string;
  /** Stops the bot server, then the emulator. */
  stop(): Promise<void>;
}

/** The address of the account the local stack provisions: customers start conversations on it. */
export const LOCAL_ACCOUNT_ADDRESS = 'support@local.test';
/** The emulator's sample knowledge portal, used unless another is named. */
export const LOCAL_PORTAL_ID = 'KP-10001';

/**
 * What the local stack provisions on its emulator. samples/setup.local.json is the same for a
 * bot on the default port (a test keeps them equal), so `hubbot status samples/setup.local.json`
 * checks a running local stack.
 *
 * @param botUrl - the bot server's base URL (token endpoint and callback hang off it)
 * @param config - the callback path and the account's default language
 * @returns the setup description `provision` puts on the hub
 */
export function localSetupDescription(botUrl: string, config: Pick<Config, 'BOT_CALLBACK_PATH' | 'DEFAULT_LANGUAGE'>): SetupDescription {
  return parseSetupDescription({
    authentication: { name: 'local bot token', tokenRequestUrl: `${botUrl}/oauth2/token` },
    clientApplication: { name: 'local guided-help bot', callbackUrl: `${botUrl}${config.BOT_CALLBACK_PATH}` },
    participant: { name: 'local bot' },
    channel: { name: 'local web chat' },
    orchestration: { name: 'local bot first' },
    account: { name: 'local support', address: LOCAL_ACCOUNT_ADDRESS, defaultLanguage: config.DEFAULT_LANGUAGE },
  });
}

/**
 * The whole product on one machine, with no outside service (`npm start`): the emulator (hub,
 * portal, event manager), a bot server provisioned on it exactly as a contact center would
 * provision a real hub (same setup description, same provisioning code), and the URLs a person
 * needs to chat. Tests start the same stack in-process.
 *
 * @param opts - the bot, and optional emulator settings, environment, parts and hooks
 * @returns the running stack; `stop` stops the bot server, then the emulator
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const emulator = await startEmulator({ port: 0, parts: defaultParts({ webhooks: opts.webhooks }), ...opts.emulator });
  // The bot's own API client, bound to its participant type as on a real hub: its messages go
  // out as custom_bot and nothing else.
  const senderType = (opts.env?.BOT_SENDER_TYPE ?? process.env.BOT_SENDER_TYPE ?? 'custom_bot') as SenderType;
  const botClient = emulator.registerClient({ clientId: 'local-bot', actOnBehalf: true, senderType });
  const secret = () => randomBytes(24).toString('base64url');
  const env: Record<string, string | undefined> = {
    BOT_PORT: '0',
    BOT_CLIENT_ID: 'hub-local',
    BOT_CLIENT_SECRET: secret(),
    BOT_TOKEN_SIGNING_KEY: secret() + secret(),
    // Knowledge events are signed by the emulator's event manager with this key (S4).
    WEBHOOK_HMAC_SECRET: secret() + secret(),
    ...process.env,
    ...opts.env,
    // The platform is the emulator, whatever the environment says.
    PLATFORM_BASE_URL: emulator.url,
    PLATFORM_TOKEN_URL: emulator.tokenUrl,
    PLATFORM_CLIENT_ID: botClient.clientId,
    PLATFORM_CLIENT_SECRET: botClient.clientSecret,
    // Our tenant names our rate buckets and Redis keys; the emulator's default client is 'default'.
    PLATFORM_TENANT: opts.env?.PLATFORM_TENANT ?? process.env.PLATFORM_TENANT ?? 'default',
    // The emulator's sample portal unless told otherwise.
    PORTAL_ID: opts.portalId ?? opts.env?.PORTAL_ID ?? LOCAL_PORTAL_ID,
  };
  let config: Config;
  let bot: HubBotServer | undefined;
  try {
    // Inside the try: a configuration error must not leave the emulator listening (M7).
    config = loadConfig(env);
    bot = await startHubBotServer({ ...opts.parts, config, bot: opts.bot, extend: opts.extend, logger: opts.logger, worker: opts.worker });
    const description = localSetupDescription(bot.url, config);
    await provision(connectPlatform(config).conversations, description, { env, onStep: opts.onStep });
    // The event manager delivers knowledge events to the bot's webhook, as a real one would,
    // with the credentials the bot asks for.
    const target = await fetch(`${emulator.url}/emulator/events/targets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `${bot.url}${config.BOT_WEBHOOK_PATH}`,
        hmacSecret: config.WEBHOOK_HMAC_SECRET,
        sharedSecret: config.WEBHOOK_SHARED_SECRET,
        secretHeader: config.WEBHOOK_SHARED_SECRET ? config.WEBHOOK_SECRET_HEADER : undefined,
      }),
    });
    if (!target.ok) throw new Error(`the emulator refused the bot's webhook: HTTP ${target.status}`);
  } catch (err) {
    await bot?.stop();
    await emulator.stop();
    throw err;
  }
  const started = bot;
  return {
    emulator,
    bot: started,
    config,
    accountAddress: LOCAL_ACCOUNT_ADDRESS,
    stop: async () => {
      await started.stop();
      await emulator.stop();
    },
  };
}
