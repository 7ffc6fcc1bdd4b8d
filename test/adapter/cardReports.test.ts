/**
 * How the bot is told what of its cards the hub could not carry (N3), through the real turn
 * pipeline: a warning naming the reply and what was dropped, hubbot_cards_total by kind, and
 * strictCards refusing the reply with a PlatformError its sendActivity rejects with.
 */
import { expect } from 'chai';
import pino from 'pino';
import { CardFactory, MessageFactory, type TurnContext } from 'botbuilder-core';
import { HubPipeline } from '../../src/adapter/hubPipeline.js';
import { HubAdapter } from '../../src/adapter/hubAdapter.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import { PlatformError } from '../../src/errors/platformError.js';
import { createMetrics, type HubbotMetrics } from '../../src/observability/metrics.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';

const lossyAdaptive = CardFactory.adaptiveCard({ type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: 'Your name?' }, { type: 'Input.Text', id: 'name', label: 'Name' }], actions: [{ type: 'Action.Submit', title: 'Send' }] });
const wholeHero = CardFactory.heroCard('Hello', 'A card the hub carries whole', [], [{ type: 'openUrl', title: 'A', value: 'https://a.example/' }, { type: 'openUrl', title: 'B', value: 'https://b.example/' }]);

const customerSays = (id: string, text: string): HubMessage => ({ id, sender: { type: 'customer', id: 'cust-1' }, type: { value: 'text' }, content: { text }, conversation: { id: 'conv-cards' } });

function pipelineWith(strictCards: boolean) {
  const sent: HubMessage[] = [];
  const warnings: Record<string, unknown>[] = [];
  const metrics = createMetrics({ defaultMetrics: false });
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) });
  const pipeline = new HubPipeline({
    inbox: new MemoryInbox(),
    sendAtSlot: async (take) => void sent.push(...take().messages.message),
    authenticate: async () => undefined,
    conversationStarts: { isNew: async () => false, started: async () => undefined },
    logger,
    metrics,
    strictCards,
  });
  return { pipeline, sent, warnings, metrics };
}

async function cardCounts(metrics: HubbotMetrics): Promise<Record<string, number>> {
  const { values } = await metrics.cards.get();
  return Object.fromEntries(values.map((v) => [`${v.labels.kind}/${v.labels.outcome}`, v.value]));
}

describe('what the bot is told about its cards', () => {
  it('[N3] a reply that loses something is sent with it as text, a warning names the reply and what was dropped, and the metric counts it by kind', async () => {
    const { pipeline, sent, warnings, metrics } = pipelineWith(false);
    let replyId = '';
    await pipeline.adapter.processHubMessage('conv-cards', customerSays('m1', 'cards'), async (context: TurnContext) => {
      replyId = (await context.sendActivity({ ...MessageFactory.carousel([lossyAdaptive, wholeHero]) }))?.id ?? '';
    });
    expect(sent).to.have.length(1);
    const elements = sent[0].content?.elements ?? [];
    expect(elements[0]).to.deep.include({ title: 'Your name?', text: 'Name: …' });
    expect(elements[1].buttons?.map((b) => b.label)).to.deep.equal(['A', 'B']);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.deep.include({ conversationId: 'conv-cards', activityId: replyId });
    expect(replyId).to.equal('m1:r1');
    expect(JSON.stringify(warnings[0].dropped)).to.contain('input fields (Name)');
    expect(await cardCounts(metrics)).to.deep.equal({ 'adaptive/lossy': 1, 'hero/whole': 1 });
  });

  it('[N3] with strictCards the lossy reply is refused with 400-121 naming what it would lose, nothing of it leaves, and a whole card still goes', async () => {
    const { pipeline, sent, warnings, metrics } = pipelineWith(true);
    let refusal: unknown;
    await pipeline.adapter.processHubMessage('conv-cards', customerSays('m2', 'cards'), async (context: TurnContext) => {
      await context.sendActivity(MessageFactory.attachment(lossyAdaptive)).catch((err: unknown) => (refusal = err));
      await context.sendActivity(MessageFactory.attachment(wholeHero));
    });
    expect(refusal).to.be.instanceOf(PlatformError);
    expect((refusal as PlatformError).code).to.equal('400-121');
    expect((refusal as PlatformError).developerMessage).to.contain('m2:r1').and.contain('adaptive attachment #1').and.contain('input fields (Name)');
    expect(sent.map((m) => m.type.value)).to.deep.equal(['richMessage.template']);
    expect(sent[0].content?.elements?.[0].title).to.equal('Hello');
    expect(warnings).to.deep.equal([]);
    expect(await cardCounts(metrics)).to.deep.equal({ 'adaptive/refused': 1, 'hero/whole': 1 });
  });

  it('[N3] an adapter without a logger still tells: the loss is a Node process warning', async () => {
    const adapter = new HubAdapter({ outbox: new Outbox({ send: async () => {} }) });
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    await adapter.processHubMessage('conv-cards', customerSays('m3', 'cards'), async (context) => {
      await context.sendActivity(MessageFactory.attachment(CardFactory.oauthCard('graph', 'Log in', 'Please log in')));
    });
    const warning = await warned;
    expect(warning.message).to.contain('m3:r1').and.contain("connection 'graph'");
  });
});
