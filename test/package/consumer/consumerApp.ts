/**
 * A bot developer's project, as the README's "Install" section tells them to write it: it is
 * compiled and run by the consumer test (test/package/consumerPackage.test.ts) inside an empty
 * project that installed the packed package, under strict TypeScript, on plain node.
 *
 * One ActivityHandler of the consumer's own runs on startHubBotServer against the emulator:
 * "echo ..." is echoed; anything else runs a guided-help dialog from the `/dialogs` entry.
 * It prints one JSON line with what the customer received.
 */
import { randomBytes } from 'node:crypto';
import { ActivityHandler, type Storage, type TurnContext } from 'botbuilder-core';
import { connectPlatform, loadConfig, parseSetupDescription, provision, startHubBotServer, type BotDependencies } from 'botbuilder-adapter-conversation-hub';
import { DefaultGuidedHelpRenderer, GuidedHelpDialog, PortalManagerGuidedHelpPortal, portalLanguageOf, type GuidedHelpPortal } from 'botbuilder-adapter-conversation-hub/dialogs';
import { defaultParts, startEmulator } from 'botbuilder-adapter-conversation-hub/emulator';

class ConsumerBot extends ActivityHandler {
  private readonly dialog: GuidedHelpDialog;
  private readonly renderer = new DefaultGuidedHelpRenderer();

  constructor(storage: Storage, portal: GuidedHelpPortal) {
    super();
    this.dialog = new GuidedHelpDialog({ storage, portal });
    this.onMessage(async (context, next) => {
      const text = context.activity.text ?? '';
      if (text.startsWith('echo ')) await context.sendActivity(`you said: ${text.slice(5)}`);
      else await this.guidedHelp(context);
      await next();
    });
  }

  private async guidedHelp(context: TurnContext): Promise<void> {
    const locale = context.activity.locale ?? 'en-US';
    const turn = await this.dialog.handle(
      context.activity.conversation.id,
      { type: 'START', at: Date.now(), activityId: context.activity.id, casebaseId: '202' },
      { lang: portalLanguageOf(locale) },
    );
    for (const output of turn.outputs) await context.sendActivities(this.renderer.render(output, locale));
  }
}

function createBot(deps: BotDependencies): ConsumerBot {
  const { portal, portalTokens } = deps.platform;
  if (!portal) throw new Error('PORTAL_ID is needed for guided help');
  // Portal sessions belong to the customer: each conversation calls with a token on its behalf.
  const port = new PortalManagerGuidedHelpPortal(portal, {
    callOptionsFor: ({ conversationId }) => (portalTokens ? { tokenProvider: portalTokens.for(`conversation:${conversationId}`) } : {}),
  });
  return new ConsumerBot(deps.storage, port);
}

async function receivedTexts(emulatorUrl: string, conversationId: string, count: number): Promise<string[]> {
  const texts: string[] = [];
  let since = 0;
  for (let round = 0; round < 20 && texts.length < count; round++) {
    const res = await fetch(`${emulatorUrl}/emulator/conversations/${conversationId}/received?since=${since}&waitMs=5000`);
    const body = (await res.json()) as { events: { message?: { content?: { text?: string } } }[]; next: number };
    since = body.next;
    for (const e of body.events) if (e.message?.content?.text) texts.push(e.message.content.text);
  }
  return texts;
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ parts: defaultParts() });
  const secret = () => randomBytes(24).toString('base64url');
  const env = {
    BOT_PORT: '0',
    BOT_CLIENT_ID: 'consumer-bot',
    BOT_CLIENT_SECRET: secret(),
    BOT_TOKEN_SIGNING_KEY: secret() + secret(),
    // The knowledge webhook must be authenticated (S4); nothing delivers events here.
    WEBHOOK_HMAC_SECRET: secret() + secret(),
    PLATFORM_BASE_URL: emulator.url,
    PLATFORM_TOKEN_URL: emulator.tokenUrl,
    PLATFORM_CLIENT_ID: emulator.defaultClient.clientId,
    PLATFORM_CLIENT_SECRET: emulator.defaultClient.clientSecret,
    PORTAL_ID: 'KP-10001',
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig(env);
  const server = await startHubBotServer({ config, bot: createBot });
  try {
    const setup = parseSetupDescription({
      authentication: { name: 'consumer token', tokenRequestUrl: `${server.url}/oauth2/token` },
      clientApplication: { name: 'consumer bot', callbackUrl: `${server.url}${config.BOT_CALLBACK_PATH}` },
      participant: { name: 'consumer bot' },
      channel: { name: 'consumer chat' },
      orchestration: { name: 'consumer bot first' },
      account: { name: 'consumer support', address: 'help@consumer.test', defaultLanguage: 'en-US' },
    });
    await provision(connectPlatform(config).conversations, setup, { env });

    const started = await fetch(`${emulator.url}/emulator/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountAddress: 'help@consumer.test' }),
    });
    const { id } = (await started.json()) as { id: string };
    const say = (text: string) =>
      fetch(`${emulator.url}/emulator/conversations/${id}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
    await say('echo hello from a consumer');
    const echoed = await receivedTexts(emulator.url, id, 1);
    await say('my printer is broken');
    const all = await receivedTexts(emulator.url, id, 2);
    console.log(JSON.stringify({ echoed, all }));
  } finally {
    await server.stop();
    await emulator.stop();
  }
}

await main();
