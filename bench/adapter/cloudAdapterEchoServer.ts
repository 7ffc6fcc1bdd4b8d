/**
 * Baseline (b): botbuilder's own CloudAdapter on restify, as the Bot Framework samples set it
 * up (bodyParser, `adapter.process`), running the project's EchoBot (bots/echoBot.ts) on
 * MemoryStorage. Authentication is disabled (no app id, no password): the bench measures the
 * adapter and the connector client, not Azure AD. Replies go where the activity's `serviceUrl`
 * points, a local stub of the Bot Connector's `/v3/conversations/{id}/activities` (the sink).
 */
import restify from 'restify';
import type { AddressInfo } from 'node:net';
import { CloudAdapter, ConfigurationBotFrameworkAuthentication } from 'botbuilder';
import { MemoryStorage } from 'botbuilder-core';
// The same EchoBot as ours, from dist/ as ours runs (shippedBuild.ts).
import { EchoBot } from 'botbuilder-adapter-conversation-hub/bots';

export interface CloudAdapterEchoServer {
  url: string;
  callbackPath: string;
  /** Turns that failed (onTurnError); the driver also sees them as missing replies. */
  errors(): number;
  close(): Promise<void>;
}

export async function startCloudAdapterEchoServer(): Promise<CloudAdapterEchoServer> {
  const adapter = new CloudAdapter(new ConfigurationBotFrameworkAuthentication({}));
  let errors = 0;
  adapter.onTurnError = async () => {
    errors++;
  };
  const bot = new EchoBot(new MemoryStorage());
  const server = restify.createServer({ name: 'bench-cloud-adapter', handleUncaughtExceptions: false });
  server.use(restify.plugins.bodyParser({ mapParams: false }));
  const callbackPath = '/api/messages';
  server.post(callbackPath, async (req: restify.Request, res: restify.Response) => {
    await adapter.process(req, res, (context) => bot.run(context));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    callbackPath,
    errors: () => errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
