/**
 * The guided-help bot's own behaviour over a scripted portal port: greeting and topics,
 * commands in English, French and Italian (the packs' words), answers known from channelData, inactivity deadlines, and
 * failures shown as one plain sentence.
 */
import { expect } from 'chai';
import { MemoryStorage, type Storage, type StoreItems } from 'botbuilder-core';
import sinon from 'sinon';
import { GuidedHelpBot, type GuidedHelpBotOptions } from '../../bots/guidedHelpBot.js';
import { parseCommand } from '../../bots/guidedHelpCommands.js';
import type { GuidedHelpPortal, PortalCallContext, StartSearchRequest } from '../../dialogs/guidedHelp/guidedHelpPortal.js';
import { question, searchResponse } from '../dialogs/guidedHelpFixtures.js';
import { Chat, texts } from './guidedHelpHarness.js';

function fakePortal(): GuidedHelpPortal & { starts: StartSearchRequest[]; calls: PortalCallContext[] } {
  const starts: StartSearchRequest[] = [];
  const calls: PortalCallContext[] = [];
  const r = searchResponse({ questions: [question('1001', 'radioButton'), question('1002', 'dropdown')] });
  return {
    starts,
    calls,
    async start(req, call) {
      starts.push(req);
      calls.push(call);
      return r;
    },
    step: async () => searchResponse({ questions: [question('1002', 'dropdown')] }),
    accept: async () => {},
    reject: async () => {},
    createQuickpick: async () => ({ quickpickId: '77' }),
    resumeQuickpick: async () => r,
    listCasebases: async (call) => {
      calls.push(call);
      return [
        { casebaseId: '101', name: 'Home internet' },
        { casebaseId: '202', name: 'Printers' },
      ];
    },
  };
}

describe('guided help bot', () => {
  let portal: ReturnType<typeof fakePortal>;
  const make = (opts: Partial<GuidedHelpBotOptions> = {}) => new GuidedHelpBot({ storage: new MemoryStorage(), portal, ...opts });
  beforeEach(() => {
    portal = fakePortal();
  });

  it('reads the commands in English and French, on the whole message only', () => {
    expect(parseCommand('Help')).to.deep.equal({ kind: 'help' });
    expect(parseCommand('aide')).to.deep.equal({ kind: 'help' });
    expect(parseCommand('Recommencer')).to.deep.equal({ kind: 'restart' });
    expect(parseCommand('talk to an agent')).to.deep.equal({ kind: 'agent' });
    expect(parseCommand('Parler à un conseiller')).to.deep.equal({ kind: 'agent' });
    expect(parseCommand('sauvegarder')).to.deep.equal({ kind: 'save' });
    expect(parseCommand('resume 101-77')).to.deep.equal({ kind: 'resume', code: '101-77' });
    expect(parseCommand('Reprendre 101-77')).to.deep.equal({ kind: 'resume', code: '101-77' });
    expect(parseCommand('my agent says hello')).to.equal(undefined);
  });

  it('greets with the portal\'s topics in the conversation\'s language, and starts the one the customer names', async () => {
    const chat = new Chat(make(), { conversationId: 'c1', locale: 'fr-CA' });
    const greeting = await chat.say('bonjour');
    expect(greeting[0].text).to.contain('Bonjour');
    expect(greeting[0].suggestedActions?.actions.map((a) => a.title)).to.deep.equal(['Home internet', 'Printers']);
    expect(portal.calls[0].acceptLanguage).to.equal('fr-CA');
    await chat.say('printers');
    expect(portal.starts).to.deep.equal([{ casebaseId: '202', useLiveRelease: true }]);
  });

  it('[P7] starts with the topic and answers a channel put in channelData', async () => {
    const chat = new Chat(make({ profileId: '2' }), { conversationId: 'c2' });
    await chat.say('hi', { channelData: { guidedHelp: { casebaseId: '101', answers: [{ id: '1001', answers: [{ id: '10011' }] }] } } });
    expect(portal.starts).to.deep.equal([{ casebaseId: '101', useLiveRelease: true, questions: [{ id: '1001', answers: [{ id: '10011' }] }], profileId: '2' }]);
  });

  it('answers help, save, agent and restart', async () => {
    const chat = new Chat(make({ casebases: [{ casebaseId: '101', name: 'Home internet' }] }), { conversationId: 'c3' });
    expect(texts(await chat.say('hello'))).to.contain('Question 1001?');
    const help = texts(await chat.say('help'));
    expect(help).to.contain('"agent"').and.contain('Question 1001?');
    expect(texts(await chat.say('save'))).to.contain('resume 101-77');
    const restarted = await chat.say('restart');
    expect(texts(restarted)).to.contain('Starting over');
    const agent = await chat.say('agent');
    expect(agent.find((a) => a.name === 'handoff')?.value).to.deep.include({ reason: 'customer' });
  });

  it('[I1] [U6] in Italian, the help names Italian words and they work; the English ones still do', async () => {
    const chat = new Chat(make({ casebases: [{ casebaseId: '101', name: 'Home internet' }] }), { conversationId: 'c3-it', locale: 'it-IT' });
    expect(texts(await chat.say('ciao'))).to.contain('Question 1001?');
    const help = texts(await chat.say('aiuto'));
    expect(help).to.contain('"operatore"').and.contain('"riprendi <codice>"').and.not.contain('"agent"');
    expect(texts(await chat.say('Salva'))).to.contain('riprendi 101-77');
    expect(texts(await chat.say('resume 101-77'))).to.contain('Bentornato');
    expect(texts(await chat.say('ricomincia'))).to.contain('Ricominciamo');
    const agent = await chat.say('operatore');
    expect(agent.find((a) => a.name === 'handoff')?.value).to.deep.include({ reason: 'customer' });
  });

  it('[B3] reports each inactivity deadline, and a deadline event gives the reminder, then the end', async () => {
    let now = 1_000_000;
    const scheduled: number[] = [];
    const bot = make({ casebases: [{ casebaseId: '101', name: 'Home internet' }], now: () => now, settings: { reminderAfterMs: 60_000, endAfterMs: 30_000 }, scheduleDeadline: (_ref, at) => void scheduled.push(at) });
    const chat = new Chat(bot, { conversationId: 'c4' });
    await chat.say('hello');
    expect(scheduled).to.deep.equal([now + 60_000]);
    now += 60_000;
    const reminder = await chat.send({ type: 'event', name: 'guidedHelp.deadline' });
    expect(texts(reminder)).to.contain('Are you still there?');
    expect(scheduled[1]).to.equal(now + 30_000);
    now += 30_000;
    const end = await chat.send({ type: 'event', name: 'ContinueConversation' });
    expect(end.map((a) => a.type)).to.deep.equal(['message', 'endOfConversation']);
  });

  it('[B5] a message after the session expired while no timer ran ends it politely, then starts afresh', async () => {
    let now = 1_000_000;
    const bot = make({ casebases: [{ casebaseId: '101', name: 'Home internet' }, { casebaseId: '202', name: 'Printers' }], now: () => now, settings: { reminderAfterMs: 1000, endAfterMs: 1000 } });
    const chat = new Chat(bot, { conversationId: 'c5' });
    await chat.say('Home internet');
    now += 10_000;
    const out = await chat.say('fibre');
    // Afresh: "fibre" names no topic here, so the topics are offered again, saying so (B6).
    expect(texts(out)).to.contain('closing this session').and.contain('did not understand which topic').and.contain('Please pick one');
  });

  it('never shows a failure\'s details to the customer: one plain sentence', async () => {
    class BrokenStorage implements Storage {
      read(): Promise<StoreItems> {
        return Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379 at Socket.connect (node:net:1)'));
      }
      write = () => Promise.resolve();
      delete = () => Promise.resolve();
    }
    const log = { warn: sinon.spy() };
    const chat = new Chat(make({ storage: new BrokenStorage(), casebases: [{ casebaseId: '101', name: 'x' }], log }), { conversationId: 'c6' });
    const out = await chat.say('hello');
    expect(out.map((a) => a.text)).to.deep.equal(['Sorry, something went wrong. Please try again.']);
    expect(log.warn.calledOnce).to.equal(true);
  });
});
