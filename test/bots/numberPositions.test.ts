/**
 * Numbers the customer types (U3): a bare number picks by position only where the answers are
 * shown numbered (list pickers by default, every question with the numbered-list sample); the
 * digits in a topic's or answer's name never pick it; an out-of-range position is asked again
 * with the range; solutions are counted "n of m", and a changed m is said.
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

  it('[U3] "3" and "2024" at a two-topic picker pick nothing, even with those digits in the names', async () => {
    const casebases = [
      { casebaseId: '101', name: 'Home internet 2024' },
      { casebaseId: '202', name: 'Printers 3.0' },
    ];
    const chat = new Chat(bot('np-1', { casebases }), { conversationId: 'np-1' });
    for (const said of ['3', '2024', '1']) {
      const out = await chat.say(said);
      expect(out, said).to.have.length(1);
      expect(out[0].text, said).to.equal('Sorry, I did not understand which topic you need help with. Please pick one:');
      expect(labels(out[0]), said).to.deep.equal(['Home internet 2024', 'Printers 3.0']);
    }
    // The name itself still picks the topic.
    expect(texts(await chat.say('Printers 3.0'))).to.not.contain('did not understand');
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

  it('[U3] at a question, positions count only where the answers are numbered', async () => {
    const radio: AskedQuestion = { id: 'q', title: 'Which?', format: 'radioButton', options };
    const dropdown: AskedQuestion = { ...radio, format: 'dropdown' };
    expect(parseAnswer(radio, '2')).to.deep.equal({ ok: false, hint: 'noMatch' });
    expect(parseAnswer(radio, '3')).to.deep.equal({ ok: false, hint: 'noMatch' });
    expect(parseAnswer(radio, '2024')).to.deep.equal({ ok: false, hint: 'noMatch' });
    expect(parseAnswer(radio, '2', 'all')).to.deep.include({ ok: true, input: { id: 'q', answers: [{ id: 'a2' }] } });
    expect(parseAnswer(dropdown, '2')).to.deep.include({ ok: true, input: { id: 'q', answers: [{ id: 'a2' }] } });
    expect(parseAnswer(dropdown, '3')).to.deep.equal({ ok: false, hint: 'notAPosition' });
    expect(parseAnswer(dropdown, '3', 'none')).to.deep.equal({ ok: false, hint: 'noMatch' });
    // An answer's whole text and id still pick it.
    expect(parseAnswer(radio, 'printers 3.0')).to.deep.include({ ok: true, input: { id: 'q', answers: [{ id: 'a1' }] } });
    expect(parseAnswer(radio, 'a2')).to.deep.include({ ok: true });
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

  it('[U3] a number question says its range plainly', () => {
    const q: AskedQuestion = { id: 'n', title: 'Speed?', format: 'number', options: [], range: { min: 0, max: 999, minInc: false, maxInc: true } };
    const [asked] = new DefaultGuidedHelpRenderer().render({ type: 'ask', question: q }, 'en-US');
    expect(asked.text).to.equal('Speed?\n(a number greater than 0 and at most 999)');
    const [between] = new DefaultGuidedHelpRenderer().render({ type: 'ask', question: { ...q, range: { min: 1, max: 10, minInc: true, maxInc: true } }, hint: 'outOfRange' }, 'fr-FR');
    expect(between.text).to.equal('Donnez un nombre entre 1 et 10.\nSpeed?');
  });
});
