/**
 * The system measured, (c): this project's bot server (startHubBotServer) with the quick-start
 * EchoBot, memory inbox and storage, exactly as `hubbot start` composes it against a real
 * platform. The "platform" is the driver's sink (PLATFORM_BASE_URL and its token endpoint).
 *
 * One deviation, and why: the throughput comparison must not be capped by the tenant's budget
 * (Enterprise allows 5 POST /conversations/messages a second), but the configuration has no
 * custom plan (config.ts knows only Developer/Basic/Enterprise) and startHubBotServer takes no
 * plan option. So the conversation client the outbox sends through is replaced by one over an
 * HTTP core with a custom plan of 1e9 req/s — same classes (ConversationManagerClient,
 * PlatformHttpCore, EndpointThrottle), only the rate differs. The outbox reads
 * `deps.platform.conversations` at each send, so the swap takes effect for every reply.
 */
import { randomBytes } from 'node:crypto';
// The package by its own name: in the bench host (no hubbot-source condition) these resolve
// through package.json "exports" to dist/, the code that ships (shippedBuild.ts).
import { loadConfig, startHubBotServer, type HubBotServer } from 'botbuilder-adapter-conversation-hub';
import { EchoBot } from 'botbuilder-adapter-conversation-hub/bots';
import { ConversationManagerClient, createPlatformHttpCore } from 'botbuilder-adapter-conversation-hub/platform';

export interface HubEchoServerOptions {
  /** The sink standing for the hub: PLATFORM_BASE_URL. */
  platformBaseUrl: string;
  platformTokenUrl: string;
  /** What the hub presents to the bot's token endpoint. */
  botClientId: string;
  botClientSecret: string;
  /** Requests per second on every endpoint; default 1e9 (the budget is not the limit). */
  platformRate?: number;
  /** InboxWorker concurrency; default the server's own default. */
  workerConcurrency?: number;
}

export interface HubEchoServer {
  server: HubBotServer;
  url: string;
  callbackPath: string;
  tokenUrl: string;
  close(): Promise<void>;
}

export async function startHubEchoServer(opts: HubEchoServerOptions): Promise<HubEchoServer> {
  const config = loadConfig({
    BOT_HOST: '127.0.0.1',
    BOT_PORT: '0',
    BOT_CLIENT_ID: opts.botClientId,
    BOT_CLIENT_SECRET: opts.botClientSecret,
    BOT_TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
    // The knowledge webhook must be authenticated (S4); nothing delivers events here.
    WEBHOOK_HMAC_SECRET: randomBytes(48).toString('base64url'),
    PLATFORM_BASE_URL: opts.platformBaseUrl,
    PLATFORM_TOKEN_URL: opts.platformTokenUrl,
    PLATFORM_CLIENT_ID: 'bench-bot',
    PLATFORM_CLIENT_SECRET: 'bench-platform-secret',
    PLATFORM_TENANT: 'bench',
    // Nothing is logged per message at info; warn keeps the bench's output clean.
    LOG_LEVEL: 'warn',
  });
  const server = await startHubBotServer({
    config,
    bot: (deps) => new EchoBot(deps.storage),
    ...(opts.workerConcurrency ? { worker: { concurrency: opts.workerConcurrency } } : {}),
  });
  const platform = server.deps.platform;
  platform.conversations = new ConversationManagerClient(
    createPlatformHttpCore({
      baseUrl: opts.platformBaseUrl,
      tenant: config.PLATFORM_TENANT,
      customRates: { name: 'custom', defaultRate: opts.platformRate ?? 1e9 },
      tokenProvider: platform.tokenProvider,
      acceptLanguage: config.DEFAULT_LANGUAGE,
    }),
  );
  return {
    server,
    url: server.url,
    callbackPath: config.BOT_CALLBACK_PATH,
    tokenUrl: `${server.url}/oauth2/token`,
    close: () => {
      server.app.server.server.closeAllConnections();
      return server.stop();
    },
  };
}
