/**
 * Numbers the customer types (U3, U9): a bare number picks by position wherever the answers are
 * shown in order, list pickers and buttons alike (the same at topics, questions, the solution's
 * yes / no / agent buttons); the digits in a topic's or answer's name never pick it; an
 * out-of-range position is asked again with the range; solutions are counted "n of m", and a
 * changed m is said.
 */
import { expect } from 'chai';
import { MemoryStorage, type Activity } from 'botbuilder-core';
import { parseAnswer } from '../../dialogs/guidedHelp/answerParsing.js';
import type { AskedQuestion } from '../../dialogs/guidedHelp/askedQuestion.js';
import { createGuidedHelpMachine } from '../../dialogs/guidedHelp/guidedHelpMachine.js';
import { DefaultGuidedHelpRenderer } from '../../dialogs/guidedHelp/guidedHelpRenderer.js';
import type { GuidedHelpOutput } from '../../dialogs/guidedHelp/guidedHelpTypes.js';
import { GuidedHelpBot, type GuidedHelpBotOptions } from '../../bots/guidedHelpBot.js';
import { portalStub, question, searchResponse } from '../dialogs/guidedHelpFixtures.js';
import { drive } from '../dialogs/machineDriver.js';
import { Chat, FORMATS_CASEBASE, startHarness, texts, type Harness } from './guidedHelpHarness.js';

const labels = (a: Partial<Activity> | undefined) => (a?.suggestedActions?.actions ?? []).map((x) => x.title);
const options = [
  { id: 'a1', text: 'Printers 3.0' },
  { id: 'a2', text: 'Home internet 2024' },
];

describe('guided help: numbers the customer types', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.stop());

  const bot = (customer: string, opts: Partial<GuidedHelpBotOptions> = {}) => new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor(customer), ...opts });

  it('[U9] [U3] at two topic buttons "1" picks the first; "3" and "2024" are asked again, even with those digits in the names', async () => {
    const casebases = [
      { casebaseId: '101', name: 'Home internet 2024' },
      { casebaseId: '202', name: 'Printers 3.0' },
    ];
    const chat = new Chat(bot('np-1', { casebases }), { conversationId: 'np-1' });
    for (const said of ['3', '2024']) {
      const out = await chat.say(said);
      expect(out, said).to.have.length(1);
      expect(out[0].text, said).to.equal('Please pick a number from 1 to 2, or one of the answers.');
      expect(labels(out[0]), said).to.deep.equal(['Home internet 2024', 'Printers 3.0']);
    }
    // The first button by its position: Home internet's startup question.
    expect(texts(await chat.say('1'))).to.contain('What is the problem?');
    // The name itself still picks the topic.
    const other = new Chat(bot('np-1b', { casebases }), { conversationId: 'np-1b' });
    expect(texts(await other.say('Printers 3.0'))).to.not.contain('did not understand');
  });

  it('[U3] a list of topics shows positions: "3" picks the third, "9" is asked again with the range', async () => {
    const casebases = ['Alpha', 'Beta', 'Home internet', 'Delta', 'Epsilon', 'Zeta'].map((name, i) => ({ casebaseId: i === 2 ? '101' : `90${i}`, name }));
    const chat = new Chat(bot('np-2', { casebases }), { conversationId: 'np-2' });
    const out = await chat.say('9');
    expect(out[0].text).to.equal('Please pick a number from 1 to 6, or one of the answers.');
    const items = (out[0].attachments ?? []).map((a) => (a.content as { title?: string }).title);
    expect(items[2]).to.equal('3. Home internet');
    const picked = await chat.say('3');
    // Home internet's startup question (the other topics have no casebase in the emulator).
    expect(texts(picked)).to.contain('What is the problem?');
  });

  it('[U9] [U3] at a question, positions count for buttons as for lists; never the digits of a name', async () => {
    const radio: AskedQuestion = { id: 'q', title: 'Which?', format: 'radioButton', options };
    const dropdown: AskedQuestion = { ...radio, format: 'dropdown' };
    for (const q of [radio, dropdown]) {
      expect(parseAnswer(q, '2'), q.format).to.deep.include({ ok: true, input: { id: 'q', answers: [{ id: 'a2' }] } });
      expect(parseAnswer(q, '3'), q.format).to.deep.equal({ ok: false, hint: 'notAPosition' });
      expect(parseAnswer(q, '2024'), q.format).to.deep.equal({ ok: false, hint: 'notAPosition' });
    }
    // A channel that shows buttons in no fixed order may keep positions to lists.
    expect(parseAnswer(radio, '2', 'lists')).to.deep.equal({ ok: false, hint: 'noMatch' });
    expect(parseAnswer(dropdown, '3', 'none')).to.deep.equal({ ok: false, hint: 'noMatch' });
    // An answer's whole text and id still pick it.
    expect(parseAnswer(radio, 'printers 3.0')).to.deep.include({ ok: true, input: { id: 'q', answers: [{ id: 'a1' }] } });
    expect(parseAnswer(radio, 'a2')).to.deep.include({ ok: true });
  });

  it('[U9] the same in one conversation: "2" picks the second button of a question, "3" is asked again', async () => {
    const chat = new Chat(bot('np-4', { casebases: [{ casebaseId: FORMATS_CASEBASE, name: 'Formats' }] }), { conversationId: 'np-4' });
    const first = await chat.say('Formats');
    const formats = labels(first.at(-1));
    expect(formats.length).to.be.at.least(2);
    const buttons = formats.findIndex((l) => /radio|button/i.test(l ?? ''));
    expect(buttons, `a button question among ${formats.join(', ')}`).to.be.at.least(0);
    const asked = await chat.say(String(buttons + 1));
    const choices = labels(asked.at(-1));
    expect(choices.length, texts(asked)).to.be.at.least(2);
    const again = await chat.say(String(choices.length + 1));
    expect(texts(again)).to.match(new RegExp(`^Please pick a number from 1 to ${choices.length}, or one of the answers\\.`));
    const picked = await chat.say('2');
    expect(texts(picked)).to.not.match(/Please pick a number/);
  });

  it('[U3] an out-of-range position in a drop-down list is asked again, saying the range', async () => {
    const chat = new Chat(bot('np-3', { casebases: [{ casebaseId: FORMATS_CASEBASE, name: 'Formats' }] }), { conversationId: 'np-3' });
    await chat.say('Formats');
    const list = await chat.say('Drop-down list');
    const items = (list.at(-1)?.attachments ?? []).map((a) => (a.content as { title?: string }).title);
    expect(items).to.deep.equal(['1. Alpha', '2. Beta', '3. Gamma']);
    const again = await chat.say('4');
    expect(texts(again)).to.match(/^Please pick a number from 1 to 3, or one of the answers\.\nYour answer as drop-down list\?/);
  });

  it('[U3] solutions are counted "n of m"; when the answers change m, the offer says so', async () => {
    const three = [90, 80, 70].map((score, i) => ({ caseId: `50${i}`, score, passed: true }));
    // Rejected, the next question comes first; its answer brings a shorter list.
    const stub = portalStub({ start: searchResponse({ solutions: three, questions: [question('1001', 'radioButton')] }), step: searchResponse({ solutions: [{ caseId: '509', score: 60, passed: true }] }) });
    const d = drive(createGuidedHelpMachine().provide({ actors: stub.actors }), { input: {} });
    const first = await d.send({ type: 'START', at: 1000, casebaseId: '101' });
    await d.send({ type: 'TEXT', at: 2000, text: 'no' });
    const second = await d.send({ type: 'TEXT', at: 3000, text: 'fibre' });
    const render = (outs: GuidedHelpOutput[]) => outs.flatMap((o) => new DefaultGuidedHelpRenderer().render(o, 'en-US')).map((a) => a.text ?? '');
    expect(render(first)[0]).to.equal('Solution 1 of 3: Solution 500');
    const offer = second.find((o) => o.type === 'offer');
    expect(offer).to.deep.include({ rank: 2, count: 2, countChanged: true });
    expect(render([offer!])[0]).to.equal('Solution 2 of 2 (your answers changed the list): Solution 509');
  });

  it('[U9] at a solution\'s Yes / No / agent buttons, "1", "2" and "3" pick by position; "4" is asked again', async () => {
    const one = [{ caseId: '500', score: 90, passed: true }];
    const offerOf = async (said: string) => {
      const stub = portalStub({ start: searchResponse({ solutions: one, questions: [question('1001', 'radioButton')] }) });
      const d = drive(createGuidedHelpMachine().provide({ actors: stub.actors }), { input: {} });
      const first = await d.send({ type: 'START', at: 1000, casebaseId: '101' });
      const [offer] = first.filter((o) => o.type === 'offer').flatMap((o) => new DefaultGuidedHelpRenderer().render(o, 'en-US')).filter((a) => a.suggestedActions);
      expect(labels(offer)).to.deep.equal(['Yes', 'No', 'Talk to an agent']);
      const out = await d.send({ type: 'TEXT', at: 2000, text: said });
      return { out: out.map((o) => o.type), state: JSON.stringify(d.actor.getSnapshot().value), status: d.actor.getSnapshot().status };
    };
    expect((await offerOf('3')).out).to.include('escalate');
    expect((await offerOf('3')).status).to.equal('done');
    expect((await offerOf('1')).state).to.not.contain('offering');
    expect((await offerOf('2')).state).to.not.contain('offering');
    const four = await offerOf('4');
    expect(four.state).to.contain('offering');
    expect(four.status).to.equal('active');
  });

  it('[U3] a number question says its range plainly', () => {
    const q: AskedQuestion = { id: 'n', title: 'Speed?', format: 'number', options: [], range: { min: 0, max: 999, minInc: false, maxInc: true } };
    const [asked] = new DefaultGuidedHelpRenderer().render({ type: 'ask', question: q }, 'en-US');
    expect(asked.text).to.equal('Speed?\n(a number greater than 0 and at most 999)');
    const [between] = new DefaultGuidedHelpRenderer().render({ type: 'ask', question: { ...q, range: { min: 1, max: 10, minInc: true, maxInc: true } }, hint: 'outOfRange' }, 'fr-FR');
    expect(between.text).to.equal('Donnez un nombre entre 1 et 10.\nSpeed?');
  });
});
