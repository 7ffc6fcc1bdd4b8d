/**
 * N7: the same AgentApplication runs on the Agents SDK's own CloudAdapter and on the hub, and
 * its turn state behaves the same on both: with an afterTurn handler that lets the state be
 * saved, the turn counter goes up; without one, AgentApplication (1.8) does not save it, so
 * the counter says 1 every turn, on the SDK's adapter as on ours. A card-sending agent's card
 * reaches the customer on both. The SDK's adapter runs in-process with delivery mode
 * expectReplies (its replies come back in the response body, no connector needed); ours runs
 * on the local stack against the emulator.
 */
import { expect } from 'chai';
import { ActivityTypes, type Activity } from '@microsoft/agents-activity';
import { AgentApplication, CardFactory, CloudAdapter, MemoryStorage, MessageFactory, TurnState } from '@microsoft/agents-hosting';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { hubAgentBot } from '../../src/agents/index.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from '../e2e/customerClient.js';

type CounterState = TurnState<{ count?: number }>;
const SAID = ['one', 'two', 'three'];

/** The agent: counts its turns in conversation state and echoes the count; "card" gets a hero card. */
function counterAgent(saveState: boolean): AgentApplication<CounterState> {
  const app = new AgentApplication<CounterState>({ storage: new MemoryStorage() });
  if (saveState) app.onTurn('afterTurn', async () => true);
  app.onMessage('card', async (context) => {
    const card = CardFactory.heroCard('Pick a size', 'Sizes in stock', undefined, CardFactory.actions([{ type: 'imBack', title: 'Small', value: 'small' }, { type: 'imBack', title: 'Large', value: 'large' }]));
    await context.sendActivity(MessageFactory.attachment(card));
  });
  app.onActivity(ActivityTypes.Message, async (context, state) => {
    state.conversation.count = (state.conversation.count ?? 0) + 1;
    await context.sendActivity(`${state.conversation.count}`);
  });
  return app;
}

/** What the SDK's own CloudAdapter replies to each text, one conversation, in order. */
async function onCloudAdapter(app: AgentApplication<CounterState>, texts: string[]): Promise<Partial<Activity>[][]> {
  const adapter = new CloudAdapter();
  const replies: Partial<Activity>[][] = [];
  for (const [i, text] of texts.entries()) {
    let body: { activities?: Partial<Activity>[] } | undefined;
    const res = {
      headersSent: false,
      writableEnded: false,
      status: () => res,
      setHeader: () => undefined,
      send: (b: typeof body) => void (body = b),
      end: () => void (res.writableEnded = true),
    };
    const activity = { type: 'message', id: `m${i}`, text, channelId: 'side-by-side', serviceUrl: 'http://127.0.0.1:9', deliveryMode: 'expectReplies', conversation: { id: 'sdk-conversation' }, from: { id: 'customer' }, recipient: { id: 'agent' } };
    await adapter.process({ headers: {}, body: activity } as never, res as never, (context) => app.run(context));
    replies.push((body?.activities ?? []).filter((a) => a.type === 'message'));
  }
  return replies;
}

describe('an AgentApplication\'s turn state on the SDK\'s CloudAdapter and on the hub, side by side (N7)', function () {
  this.timeout(120_000);
  const quiet = createLogger({ level: 'silent' });

  for (const saveState of [true, false]) {
    describe(saveState ? 'with an afterTurn handler' : 'without an afterTurn handler', () => {
      let stack: LocalStack;
      before(async () => {
        stack = await startLocalStack({ bot: hubAgentBot(counterAgent(saveState)), logger: quiet });
      });
      after(() => stack?.stop());

      it(`[N7] the turn counter ${saveState ? 'goes up' : 'stays at 1'} on both adapters alike`, async () => {
        const sdk = (await onCloudAdapter(counterAgent(saveState), SAID)).map((replies) => replies.map((a) => a.text));
        const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { id: `n7-${saveState}`, name: 'Ana' });
        const hub: string[] = [];
        for (const text of SAID) {
          await customer.say(text);
          hub.push(...(await customer.messages(hub.length + 1)).slice(hub.length).map((m) => m.content?.text ?? ''));
        }
        expect(sdk.flat()).to.deep.equal(saveState ? ['1', '2', '3'] : ['1', '1', '1']);
        expect(hub).to.deep.equal(sdk.flat());
      });

      // The card does not depend on the state: checked once.
      if (saveState) it('[N7] a card-sending agent\'s card reaches the customer on both, with its title', async () => {
        const [[sdkReply]] = await onCloudAdapter(counterAgent(saveState), ['card']);
        expect(sdkReply.attachments?.[0]).to.deep.include({ contentType: CardFactory.contentTypes.heroCard });
        expect((sdkReply.attachments?.[0].content as { title?: string }).title).to.equal('Pick a size');
        const customer = await Customer.start(stack.emulator.url, stack.accountAddress, { id: `n7-card-${saveState}`, name: 'Ana' });
        await customer.say('card');
        const [card] = await customer.messages(1);
        expect(JSON.stringify(card.content)).to.include('Pick a size');
      });
    });
  }
});
