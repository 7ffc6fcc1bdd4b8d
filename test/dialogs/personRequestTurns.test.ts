/**
 * H5 in the guided help: a request for a person in the customer's own words hands over at any
 * step (a number question, an offered solution, the very first message), in English and
 * French, through the same escalation as the "agent" command.
 */
import { expect } from 'chai';
import { MemoryStorage, type Activity } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { GuidedHelpDialog } from '../../dialogs/guidedHelp/guidedHelpDialog.js';
import type { GuidedHelpPortal } from '../../dialogs/guidedHelp/guidedHelpPortal.js';
import { question, searchResponse } from './guidedHelpFixtures.js';
import { Chat, texts } from '../bots/guidedHelpHarness.js';

function portalAsking(first: ReturnType<typeof question>): GuidedHelpPortal {
  const r = searchResponse({ questions: [first] });
  return {
    start: async () => r,
    step: async () => searchResponse({ solutions: [{ caseId: '5001', score: 90, passed: true }] }),
    accept: async () => {},
    reject: async () => {},
    createQuickpick: async () => ({ quickpickId: '77' }),
    resumeQuickpick: async () => r,
    listCasebases: async () => [{ casebaseId: '101', name: 'Home internet' }],
  };
}

const handoffOf = (replies: Partial<Activity>[]) => replies.find((a) => a.name === 'handoff')?.value as { reason?: string } | undefined;

describe('asking for a person during the guided help', () => {
  const bot = (first = question('1001', 'number')) => new GuidedHelpBot({ storage: new MemoryStorage(), portal: portalAsking(first), casebases: [{ casebaseId: '101', name: 'Home internet' }] });

  it('[H5] during a number question, "I want to talk to a human" hands over instead of asking for a number', async () => {
    const chat = new Chat(bot(), { conversationId: 'h5-number' });
    expect(texts(await chat.say('hello'))).to.contain('Question 1001?');
    const replies = await chat.say('I want to talk to a human');
    expect(texts(replies)).to.not.match(/number/i);
    expect(handoffOf(replies)).to.deep.include({ reason: 'customer' });
  });

  it('[H5] in French, during a number question: "je voudrais parler à quelqu\'un"', async () => {
    const chat = new Chat(bot(), { conversationId: 'h5-fr', locale: 'fr-FR' });
    await chat.say('bonjour');
    const replies = await chat.say("Je voudrais parler à quelqu'un");
    expect(handoffOf(replies)).to.deep.include({ reason: 'customer' });
  });

  it('[H5] while a solution is offered, "can I speak to a real person" hands over rather than reading yes or no', async () => {
    const chat = new Chat(bot(question('1001', 'radioButton')), { conversationId: 'h5-offer' });
    await chat.say('hello');
    expect(texts(await chat.say('10011'))).to.match(/Did this solve/i);
    const replies = await chat.say('can I speak to a real person?');
    expect(handoffOf(replies)).to.deep.include({ reason: 'customer' });
  });

  it('[H5] as the first message, before any topic: "a human please"', async () => {
    const chat = new Chat(bot(), { conversationId: 'h5-first' });
    expect(handoffOf(await chat.say('a human please'))).to.deep.include({ reason: 'customer' });
  });

  it('[H5] a sentence that merely mentions one is an answer: "my agent software crashed" is not a number', async () => {
    const chat = new Chat(bot(), { conversationId: 'h5-not' });
    await chat.say('hello');
    const replies = await chat.say('my agent software crashed');
    expect(handoffOf(replies)).to.equal(undefined);
    expect(texts(replies)).to.contain('Question 1001?');
  });

  it('[H5] the dialog itself reads it so, for a bot of your own that sends it the customer\'s text', async () => {
    const dialog = new GuidedHelpDialog({ storage: new MemoryStorage(), portal: portalAsking(question('1001', 'number')) });
    await dialog.handle('h5-dialog', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, { lang: 'en-US' });
    const turn = await dialog.handle('h5-dialog', { type: 'TEXT', at: 2, activityId: 'm2', text: 'Please connect me to a live agent' }, { lang: 'en-US' });
    expect(turn.outputs.map((o) => o.type)).to.deep.equal(['escalate']);
    expect(turn.status).to.equal('done');
  });
});
