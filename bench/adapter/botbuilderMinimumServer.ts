/**
 * Baseline (m): the least a botbuilder bot on the hub can be. The floor's bare restify route,
 * but each customer message runs as a botbuilder turn: an Activity made from the hub message, a
 * TurnContext, the middleware pipeline of a BotAdapter with nothing in it, the project's EchoBot
 * (ActivityHandler, ConversationState on botbuilder's MemoryStorage), and the reply POSTed the
 * floor's way (keep-alive node:http, one message per POST). No token check, no durable inbox, no
 * budget, no transcript, no metrics: what botbuilder itself adds to HTTP in and HTTP out. The
 * mission puts botbuilder in every turn, so this is the fastest honest alternative for a turn.
 */
import restify from 'restify';
import { ActivityTypes, BotAdapter, MemoryStorage, TurnContext, type Activity, type ConversationReference, type ResourceResponse } from 'botbuilder-core';
import type { HubMessage, MessageBatch } from '../../src/schemas/hubMessages.js';
// The same EchoBot as ours, from dist/ as ours runs (shippedBuild.ts).
import { EchoBot } from 'botbuilder-adapter-conversation-hub/bots';
import { keepAliveAgent, postJson } from './httpPost.js';
import { listenOnLoopback } from './listenOnLoopback.js';
import type { BareEchoServer } from './bareEchoServer.js';

/** Sends each reply as one hub message; the rest of BotAdapter's duties are not needed for an echo. */
class MinimumHubAdapter extends BotAdapter {
  constructor(private readonly send: (conversationId: string, replyId: string, text: string) => Promise<void>) {
    super();
  }

  async sendActivities(context: TurnContext, activities: Partial<Activity>[]): Promise<ResourceResponse[]> {
    const out: ResourceResponse[] = [];
    for (const [i, a] of activities.entries()) {
      const id = `${context.activity.id}:r${i + 1}`;
      await this.send(context.activity.conversation.id, id, a.text ?? '');
      out.push({ id });
    }
    return out;
  }

  updateActivity(): Promise<void> {
    return Promise.reject(new Error('not used by the bench'));
  }

  deleteActivity(): Promise<void> {
    return Promise.reject(new Error('not used by the bench'));
  }

  continueConversation(_reference: Partial<ConversationReference>): Promise<void> {
    return Promise.reject(new Error('not used by the bench'));
  }

  /** One turn of the bot for one activity, through the (empty) middleware pipeline. */
  turn(activity: Partial<Activity>, logic: (context: TurnContext) => Promise<void>): Promise<void> {
    return this.runMiddleware(new TurnContext(this, activity), logic);
  }
}

export async function startBotbuilderMinimumServer(opts: { hubMessagesUrl: string; hubToken: string }): Promise<BareEchoServer> {
  const target = new URL(opts.hubMessagesUrl);
  const agent = keepAliveAgent(64);
  const adapter = new MinimumHubAdapter(async (conversationId, replyId, text) => {
    const batch: MessageBatch = {
      messages: { message: [{ id: replyId, sender: { type: 'custom_bot', id: 'bench-bot' }, type: { value: 'text' }, content: { text }, conversation: { id: conversationId } }] },
    };
    await postJson(agent, target, JSON.stringify(batch), { authorization: `Bearer ${opts.hubToken}` });
  });
  const bot = new EchoBot(new MemoryStorage());
  const server = restify.createServer({ name: 'bench-botbuilder-minimum', handleUncaughtExceptions: false });
  server.use(restify.plugins.bodyParser({ mapParams: false }));
  const callbackPath = '/callback';

  server.post(callbackPath, (req: restify.Request, res: restify.Response, next: restify.Next) => {
    const messages = (req.body as MessageBatch | undefined)?.messages?.message ?? [];
    res.send(200, { received: messages.length });
    for (const m of messages) void adapter.turn(activityOf(m), (context) => bot.run(context)).catch(() => undefined);
    next();
  });

  const { url, close } = await listenOnLoopback(server, agent);
  return { url, callbackPath, close };
}

/** The fields an ActivityHandler and ConversationState read. */
function activityOf(m: HubMessage): Partial<Activity> {
  const conversationId = m.conversation?.id ?? '';
  return {
    type: ActivityTypes.Message,
    id: m.id,
    channelId: 'hub',
    text: m.content?.text ?? '',
    from: { id: m.sender?.id ?? '', name: '' },
    recipient: { id: 'bench-bot', name: '' },
    conversation: { id: conversationId, isGroup: false, conversationType: '', name: '' },
  };
}
