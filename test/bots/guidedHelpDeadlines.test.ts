/**
 * In-process inactivity deadlines through the real HubAdapter: the bot reports each deadline,
 * the timer runs a deadline turn through adapter.continueConversation when it falls (sinon
 * fake timers), and its replies leave as hub messages; a newer deadline replaces the older.
 */
import { expect } from 'chai';
import { MemoryStorage } from 'botbuilder-core';
import sinon from 'sinon';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { InProcessDeadlines } from '../../bots/guidedHelpDeadlines.js';
import { HubAdapter } from '../../src/adapter/hubAdapter.js';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { portalStubAsPort } from './portalStubAsPort.js';

describe('guided help: in-process deadlines (HubAdapter)', () => {
  let clock: sinon.SinonFakeTimers;
  let sent: HubMessage[];
  let deadlines: InProcessDeadlines;
  let say: (text: string) => Promise<void>;
  const types = () => sent.splice(0).map((m) => `${m.type.value}${m.content?.text ? `:${m.content.text.split('\n')[0]}` : ''}`);

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    sent = [];
    const adapter = new HubAdapter({ outbox: new Outbox({ send: async (batch) => void sent.push(...batch.messages.message) }) });
    const bot = new GuidedHelpBot({
      storage: new MemoryStorage(),
      portal: portalStubAsPort(),
      casebases: [{ casebaseId: '101', name: 'Home internet' }],
      settings: { reminderAfterMs: 60_000, endAfterMs: 30_000 },
      scheduleDeadline: (ref, at) => deadlines.schedule(ref, at),
    });
    deadlines = new InProcessDeadlines(adapter, bot);
    let n = 0;
    say = async (text) => {
      await adapter.processHubMessage('d1', { id: `m${++n}`, sender: { type: 'customer' }, type: { value: 'text' }, content: { text }, language: 'en-US' }, (ctx) => bot.run(ctx));
    };
  });
  afterEach(() => {
    deadlines.stop();
    clock.restore();
  });

  it('[B3] sends the reminder when the deadline falls, then ends the session at the next one', async () => {
    await say('hello');
    expect(types()).to.deep.equal(['richMessage.quickreply:Question 1001?']);
    expect(deadlines.size).to.equal(1);
    await clock.tickAsync(59_999);
    expect(types()).to.deep.equal([]);
    await clock.tickAsync(1);
    expect(types()).to.deep.equal(['text:Are you still there? I will close this session soon if I hear nothing.', 'richMessage.quickreply:Question 1001?']);
    await clock.tickAsync(30_000);
    expect(types()).to.deep.equal(['text:I am closing this session as I have not heard from you. Write again whenever you like.', 'conversation.end']);
    expect(deadlines.size).to.equal(0);
  });

  it('[B3] an answer before the deadline replaces it with a later one', async () => {
    await say('hello');
    await clock.tickAsync(50_000);
    await say('fibre');
    types();
    await clock.tickAsync(50_000);
    expect(types()).to.deep.equal([]);
    expect(deadlines.size).to.equal(1);
    await clock.tickAsync(10_000);
    expect(types()[0]).to.match(/^text:Are you still there\?/);
  });
});
