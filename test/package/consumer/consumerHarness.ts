/**
 * The part the consumer apps share (consumerApp.ts for botbuilder, agentsConsumerApp.ts for the
 * Agents SDK): an emulator, the consumer's bot on startHubBotServer, provisioned as the README's
 * "Install" section says, and a customer who talks to it. Compiled inside the consumer project.
 */
import { randomBytes } from 'node:crypto';
import { connectPlatform, loadConfig, startHubBotServer, type HubBotServerOptions } from 'botbuilder-adapter-conversation-hub';
import { parseSetupDescription, provision } from 'botbuilder-adapter-conversation-hub/provisioning';
import { defaultParts, startEmulator } from 'botbuilder-adapter-conversation-hub/emulator';

export interface ConsumerCustomer {
  say(text: string): Promise<Response>;
  /** The texts the customer received so far, once there are at least `count`. */
  receivedTexts(count: number): Promise<string[]>;
}

export async function chatOnEmulator<T>(bot: HubBotServerOptions['bot'], chat: (customer: ConsumerCustomer) => Promise<T>): Promise<T> {
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
  const server = await startHubBotServer({ config, bot });
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
    const texts: string[] = [];
    let since = 0;
    return await chat({
      say: (text) => fetch(`${emulator.url}/emulator/conversations/${id}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) }),
      receivedTexts: async (count) => {
        for (let round = 0; round < 20 && texts.length < count; round++) {
          const res = await fetch(`${emulator.url}/emulator/conversations/${id}/received?since=${since}&waitMs=5000`);
          const body = (await res.json()) as { events: { message?: { content?: { text?: string } } }[]; next: number };
          since = body.next;
          for (const e of body.events) if (e.message?.content?.text) texts.push(e.message.content.text);
        }
        return [...texts];
      },
    });
  } finally {
    await server.stop();
    await emulator.stop();
  }
}
