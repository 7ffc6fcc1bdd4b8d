/**
 * H1, H2: the handover middleware follows each transfer to an agent through botbuilder's own
 * TestAdapter (hub activities as the adapter maps them): an agent joins, no agent comes in
 * time, the transfer is refused, the customer leaves; the bot stays silent while an agent holds
 * the conversation and takes over again when the agent hands back or the customer goes back.
 */
import { expect } from 'chai';
import { ActivityHandler, MemoryStorage, TestAdapter, type Activity } from 'botbuilder-core';
import { HandoverMiddleware, type HandoverEvent } from '../../src/handover/handoverMiddleware.js';
import { BACK_CHOICE, WAIT_CHOICE, handoverText } from '../../src/handover/handoverTexts.js';
import { offeredLanguages } from '../../src/languages/languagePacks.js';

class TestBot extends ActivityHandler {
  seen: string[] = [];
  constructor() {
    super();
    this.onMessage(async (context, next) => {
      const text = context.activity.text ?? '';
      this.seen.push(text);
      if (text === 'agent') {
        await context.sendActivity('I am passing you to an agent.');
        await context.sendActivity({ type: 'event', name: 'handoff', value: { summary: 'Answers: ...', reason: 'customer' } });
      } else await context.sendActivity(`bot: ${text}`);
      await next();
    });
    this.onMembersAdded(async (context, next) => {
      await context.sendActivity('Hello, I am the assistant.');
      await next();
    });
  }
}

function setUp(waitMs = 60_000) {
  let now = 1_000_000;
  const events: { event: HandoverEvent; waitedMs?: number }[] = [];
  const bot = new TestBot();
  const middleware = new HandoverMiddleware({ storage: new MemoryStorage(), waitMs, now: () => now, onEvent: (event, d) => events.push({ event, waitedMs: d.waitedMs }) });
  const adapter = new TestAdapter((ctx) => bot.run(ctx)).use(middleware);
  const conversationId = adapter.conversation.conversation.id;
  let n = 0;
  const turn = async (activity: Partial<Activity>) => {
    await adapter.processActivity({ ...adapter.conversation, id: `m${++n}`, from: { id: 'customer-1', name: 'Customer', role: 'user' }, recipient: adapter.conversation.bot, conversation: adapter.conversation.conversation, channelId: 'test', locale: 'en-US', ...activity } as Activity);
    return adapter.activeQueue.splice(0);
  };
  const say = (text: string) => turn({ type: 'message', text });
  const hub = (name: string, value: unknown = {}) => turn({ type: 'event', name, value, from: { id: 'hub', name: 'hub', role: 'platform_agent' } });
  const agentJoins = () => turn({ type: 'conversationUpdate', membersAdded: [{ id: 'agent-7', name: 'Alex', role: 'platform_agent' }], from: { id: 'agent-7', name: 'Alex', role: 'platform_agent' } });
  return { bot, middleware, events, conversationId, turn, say, hub, agentJoins, tick: (ms: number) => (now += ms), deadline: async () => (await middleware.read(conversationId))?.deadline };
}

const kinds = (events: { event: HandoverEvent }[]) => events.map((e) => e.event);

describe('handover to an agent', () => {
  it('[H1] [H2] an agent joins: answered, with the time it took; the bot stays silent until the agent hands back', async () => {
    const t = setUp();
    const replies = await t.say('agent');
    expect(replies.map((r) => r.name ?? r.text)).to.deep.equal(['I am passing you to an agent.', 'handoff']);
    expect((await t.middleware.read(t.conversationId))?.status).to.equal('waiting');
    expect((await t.say('hello? anyone?')).map((r) => r.text)).to.deep.equal(['Thank you, your messages will be passed on: an agent will answer as soon as one is free.']);
    t.tick(42_000);
    expect(await t.agentJoins()).to.deep.equal([]); // no greeting for the agent
    expect(t.events).to.deep.equal([{ event: 'started', waitedMs: undefined }, { event: 'answered', waitedMs: 42_000 }]);
    expect(await t.say('thanks Alex')).to.deep.equal([]);
    expect(await t.turn({ type: 'message', text: 'agent typing', from: { id: 'agent-7', name: 'Alex', role: 'platform_agent' } })).to.deep.equal([]);
    expect(t.bot.seen).to.deep.equal(['agent']);
    await t.hub('conversation.state', { state: 'bot' });
    expect(kinds(t.events)).to.deep.equal(['started', 'answered', 'closed']);
    expect((await t.say('back again')).map((r) => r.text)).to.deep.equal(['bot: back again']);
  });

  it('[H1] [H2] no agent in time: the customer is told, keeps waiting, then goes back to the assistant', async () => {
    const t = setUp();
    await t.say('agent');
    const first = await t.deadline();
    const offer = await t.hub('handover.deadline', { deadline: first });
    expect(offer).to.have.length(1);
    expect(offer[0].text).to.match(/No agent is free yet/);
    expect(offer[0].suggestedActions?.actions.map((a) => a.value)).to.deep.equal([WAIT_CHOICE, BACK_CHOICE]);
    t.tick(1000);
    expect((await t.say(WAIT_CHOICE)).map((r) => r.text)).to.deep.equal(['All right, an agent will be with you as soon as one is free.']);
    const second = await t.deadline();
    expect(second).to.be.greaterThan(first!);
    expect(await t.hub('handover.deadline', { deadline: first })).to.deep.equal([]); // the old wait's deadline
    expect(await t.hub('handover.deadline', { deadline: second })).to.have.length(1);
    const back = await t.say(BACK_CHOICE);
    expect(back.map((r) => r.text)).to.deep.equal(['bot: ']);
    expect(kinds(t.events)).to.deep.equal(['started', 'timed_out', 'timed_out', 'fell_back']);
    expect(await t.middleware.read(t.conversationId)).to.equal(undefined);
  });

  it('[H1] [H2] in French, typed words count: « attendre » keeps waiting, anything else goes back with the words', async () => {
    const t = setUp();
    await t.turn({ type: 'message', text: 'agent', locale: 'fr-FR' });
    const offer = await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect(offer[0].text).to.match(/Aucun conseiller/);
    expect((await t.say('Attendre')).map((r) => r.text)[0]).to.match(/Très bien/);
    await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect((await t.say('my printer is on fire')).map((r) => r.text)).to.deep.equal(['bot: my printer is on fire']);
  });

  it('[H1] the hub refuses the transfer (agent.unavailable): the customer may try again, which sends the transfer again', async () => {
    const t = setUp();
    await t.say('agent');
    const refused = await t.hub('agent.unavailable');
    expect(refused[0].text).to.match(/no agent can take the conversation/);
    const again = await t.say('try again');
    expect(again.map((r) => r.name ?? r.text)).to.deep.equal(['All right, an agent will be with you as soon as one is free.', 'handoff']);
    expect((await t.middleware.read(t.conversationId))?.status).to.equal('waiting');
    expect(kinds(t.events)).to.deep.equal(['started', 'failed', 'started']);
  });

  it('[H1] an error message or a queue.transfer that names no queue fails the transfer; one that names a queue does not', async () => {
    const t = setUp();
    await t.say('agent');
    expect(await t.hub('queue.transfer', { queue: { id: 'billing' } })).to.deep.equal([]);
    expect((await t.hub('queue.transfer', {}))[0].text).to.match(/no agent can take/);
    const u = setUp();
    await u.say('agent');
    expect((await u.hub('error', { text: 'routing failed' }))[0].text).to.match(/no agent can take/);
    expect(kinds(t.events)).to.deep.equal(['started', 'failed']);
  });

  it('[H1] the customer leaves while waiting: abandoned; after an agent answered: closed', async () => {
    const t = setUp();
    await t.say('agent');
    await t.turn({ type: 'endOfConversation' });
    expect(kinds(t.events)).to.deep.equal(['started', 'abandoned']);
    const u = setUp();
    await u.say('agent');
    await u.agentJoins();
    await u.turn({ type: 'endOfConversation' });
    expect(kinds(u.events)).to.deep.equal(['started', 'answered', 'closed']);
    expect(await u.middleware.read(u.conversationId)).to.equal(undefined);
  });

  it('[U6] messages typed while a transfer waits get one acknowledgement per wait, in the conversation\'s language', async () => {
    for (const locale of ['en-US', 'fr-FR', 'es-ES', 'de-DE']) {
      const t = setUp();
      await t.turn({ type: 'message', text: 'agent', locale });
      const ack = handoverText(locale, 'waitingAck');
      const replies = [];
      for (const text of ['hello?', 'anyone there?', 'still waiting']) replies.push(...(await t.turn({ type: 'message', text, locale })));
      expect(replies.map((r) => r.text), locale).to.deep.equal([ack]);
      expect(replies[0].locale).to.equal(locale);
      expect(t.bot.seen, 'the bot itself does not answer them').to.deep.equal(['agent']);
      // The choice after the wait, then a new wait: "keep waiting" is its acknowledgement.
      const offer = await t.hub('handover.deadline', { deadline: await t.deadline() });
      expect(offer[0].text).to.equal(handoverText(locale, 'noAgentYet'));
      expect(offer[0].suggestedActions?.actions.map((a) => a.title)).to.deep.equal([handoverText(locale, 'keepWaiting'), handoverText(locale, 'backToBot')]);
      expect((await t.turn({ type: 'message', text: WAIT_CHOICE, locale })).map((r) => r.text)).to.deep.equal([handoverText(locale, 'stillWaiting')]);
      expect(await t.turn({ type: 'message', text: 'hello again', locale })).to.deep.equal([]);
    }
  });

  it('[U6] [I1] every offered language has every handover text, and its own (not English) apart from English itself', () => {
    const keys = ['noAgentYet', 'transferFailed', 'keepWaiting', 'backToBot', 'stillWaiting', 'waitingAck'] as const;
    expect(offeredLanguages()).to.include.members(['en-US', 'fr-FR', 'es-ES', 'de-DE', 'ja-JP']);
    for (const lang of offeredLanguages().filter((l) => !l.startsWith('en-'))) {
      for (const key of keys) expect(handoverText(lang, key), `${lang} ${key}`).to.be.a('string').and.not.equal(handoverText('en-US', key));
    }
  });

  it('[U6] the choice typed or clicked in any language is acted on: the label of "back" starts the assistant afresh, "seguir esperando" waits', async () => {
    const t = setUp();
    await t.turn({ type: 'message', text: 'agent', locale: 'es-ES' });
    await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect((await t.turn({ type: 'message', text: 'Seguir esperando', locale: 'es-ES' })).map((r) => r.text)).to.deep.equal([handoverText('es', 'stillWaiting')]);
    await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect((await t.turn({ type: 'message', text: 'zurück zum Assistenten', locale: 'es-ES' })).map((r) => r.text)).to.deep.equal(['bot: ']);
    expect(kinds(t.events)).to.deep.equal(['started', 'timed_out', 'timed_out', 'fell_back']);
  });

  it('[U6] [I1] typed words of the packs keep waiting in every language: "aspettare", 等待, and "다시 시도" after a refused transfer sends it again', async () => {
    const t = setUp();
    await t.turn({ type: 'message', text: 'agent', locale: 'it-IT' });
    await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect((await t.turn({ type: 'message', text: 'Aspettare', locale: 'it-IT' })).map((r) => r.text)).to.deep.equal([handoverText('it-IT', 'stillWaiting')]);
    await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect((await t.turn({ type: 'message', text: '等待', locale: 'it-IT' })).map((r) => r.text)).to.deep.equal([handoverText('it-IT', 'stillWaiting')]);
    const u = setUp();
    await u.turn({ type: 'message', text: 'agent', locale: 'ko-KR' });
    await u.hub('agent.unavailable');
    expect((await u.turn({ type: 'message', text: '다시 시도', locale: 'ko-KR' })).map((r) => r.name ?? r.text)).to.deep.equal([handoverText('ko-KR', 'stillWaiting'), 'handoff']);
    expect(kinds(u.events)).to.deep.equal(['started', 'failed', 'started']);
  });

  it('[U9] the handover\'s two buttons answer to "1" and "2" like every list of choices; "3" is offered again', async () => {
    const t = setUp();
    await t.say('agent');
    await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect((await t.say('3')).map((r) => r.text)).to.deep.equal([handoverText('en', 'noAgentYet')]);
    expect((await t.say('1')).map((r) => r.text)).to.deep.equal([handoverText('en', 'stillWaiting')]);
    await t.hub('handover.deadline', { deadline: await t.deadline() });
    expect((await t.say('2')).map((r) => r.text)).to.deep.equal(['bot: ']);
    expect(kinds(t.events)).to.deep.equal(['started', 'timed_out', 'timed_out', 'fell_back']);
  });
});
