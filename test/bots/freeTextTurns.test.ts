/**
 * The guided-help bot reading the customer's own words (B6), over the emulator's portal on
 * loopback: a topic found from a casebase's own texts, two close topics asked about, a
 * message understood as nothing said plainly, a request for a person taking precedence over
 * any topic (H5), close answers offered alone, and a first message's answers proposed for one
 * tap when their question comes (declined, then confirmed).
 */
import { expect } from 'chai';
import { MemoryStorage, type Activity } from 'botbuilder-core';
import { GuidedHelpBot, type GuidedHelpBotOptions } from '../../bots/guidedHelpBot.js';
import { createCustomRendererBot } from '../../samples/customRenderer/customRendererBot.js';
import { Chat, RecordingRenderer, startHarness, texts, type Harness } from './guidedHelpHarness.js';
import { message } from '../../dialogs/guidedHelp/guidedHelpMessages.js';

const labels = (a: Partial<Activity> | undefined) => (a?.suggestedActions?.actions ?? []).map((x) => x.title);

describe("guided help bot: the customer's own words", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.stop());

  const bot = (customer: string, opts: Partial<GuidedHelpBotOptions> = {}) => new GuidedHelpBot({ storage: new MemoryStorage(), portal: h.portalFor(customer), ...opts });

  it('[B6] finds the topic from its casebase\'s own texts when no topic name is said, and says so (fr)', async () => {
    const chat = new Chat(bot('ft-1'), { conversationId: 'ft-1', locale: 'fr-FR' });
    const out = await chat.say("j'ai un bourrage papier");
    expect(texts(out)).to.match(/^Imprimantes[^\n]* : bien noté\./m);
    // Its words also answer the first question exactly ("Bourrage papier"): the solution follows.
    expect(texts(out)).to.contain('Dégager un bourrage papier');
  });

  it('[B6] asks which topic when two are close, and says plainly when none is understood', async () => {
    const casebases = [
      { casebaseId: '101', name: 'Home internet' },
      { casebaseId: '101', name: 'Internet at the office' },
      { casebaseId: '202', name: 'Printers' },
    ];
    const chat = new Chat(bot('ft-2', { casebases }), { conversationId: 'ft-2' });
    const close = await chat.say('internet please');
    expect(close).to.have.length(1);
    expect(close[0].text).to.equal('Which of these topics do you mean?');
    expect(labels(close[0])).to.deep.equal(['Home internet', 'Internet at the office']);
    const none = await chat.say('my cat keeps sneezing');
    expect(none[0].text).to.equal('Sorry, I did not understand which topic you need help with. Please pick one:');
    expect(labels(none[0])).to.deep.equal(['Home internet', 'Internet at the office', 'Printers']);
  });

  it('[U7] a request outside the topics says what the bot can help with and offers a person, never "did not understand"', async () => {
    const chat = new Chat(bot('ft-2b', { casebases: [{ casebaseId: '101', name: 'Home internet' }, { casebaseId: '202', name: 'Printers' }] }), { conversationId: 'ft-2b' });
    const out = await chat.say('I want to change my billing address');
    expect(out[0].text).to.contain('I can only help with').and.not.contain('did not understand');
    expect(labels(out[0])).to.deep.equal(['Home internet', 'Printers', 'Talk to an agent']);
    const fr = new Chat(bot('ft-2c', { casebases: [{ casebaseId: '101', name: 'Home internet' }, { casebaseId: '202', name: 'Printers' }] }), { conversationId: 'ft-2c', locale: 'fr-FR' });
    expect((await fr.say('je veux résilier mon abonnement'))[0].text).to.contain('un conseiller peut vous aider');
  });

  it('[U7] thanks and goodbyes are answered with a goodbye, in the language written', async () => {
    for (const [locale, said] of [['en-US', 'thanks, bye'], ['fr-FR', 'merci beaucoup, au revoir'], ['de-DE', 'danke, tschüss'], ['es-ES', 'gracias, eso es todo'], ['it-IT', 'grazie mille, arrivederci'], ['ja-JP', 'ありがとうございました。以上です'], ['ru-RU', 'спасибо, до свидания']] as const) {
      const chat = new Chat(bot(`ft-bye-${locale}`, { casebases: [{ casebaseId: '101', name: 'Home internet' }, { casebaseId: '202', name: 'Printers' }] }), { conversationId: `ft-bye-${locale}`, locale });
      const out = await chat.say(said);
      expect(out.map((a) => a.text).join(' '), `${locale}: ${said}`).to.equal(message(locale, 'farewell'));
    }
  });

  it('[B6] [H5] a request for a person in a first message wins over the topic it mentions', async () => {
    const chat = new Chat(bot('ft-3'), { conversationId: 'ft-3' });
    const out = await chat.say('I want to talk to a person about my printer');
    expect(out.some((a) => a.type === 'event' && a.name === 'handoff')).to.equal(true);
    expect(texts(out)).to.not.contain('got it');
  });

  it('[B6] offers only the close answers of a question, as quick replies', async () => {
    const chat = new Chat(bot('ft-4'), { conversationId: 'ft-4' });
    await chat.say('Printers');
    const out = await chat.say('it prints badly');
    expect(out[0].text).to.equal('Which one do you mean?\nWhat goes wrong?');
    expect(labels(out[0])).to.deep.equal(['Nothing prints', 'Poor print quality']);
    const picked = await chat.say('Poor print quality');
    expect(texts(picked)).to.contain('Which kind of printer do you have?');
  });

  it('[B6] proposes what the first message said when its question comes: a "no" asks as usual, a "yes" takes it', async () => {
    const renderer = new RecordingRenderer();
    const chat = new Chat(bot('ft-5', { renderer }), { conversationId: 'ft-5' });
    const first = await chat.say('my home internet is really slow, about 3 Mbit/s');
    expect(texts(first)).to.contain('Home internet: got it.').and.contain('From what you said: "The connection is slow". Is that right?');
    expect(labels(first.at(-1))).to.deep.equal(['Yes', 'No']);
    const asked = await chat.say('no');
    expect(texts(asked)).to.contain('What is the problem?').and.not.contain('Is that right?');
    const next = await chat.say('it is slow');
    expect(texts(next)).to.contain('The connection is slow: got it.').and.contain('How do you connect to the internet?');
    const speed = await chat.say('cable');
    expect(texts(speed)).to.contain('What download speed do you measure').and.contain('From what you said: "3". Is that right?');
    const after = await chat.say('yes');
    expect(texts(after)).to.not.contain('download speed');
    const proposals = renderer.outputs.filter((o) => o.type === 'ask' && o.proposal);
    expect(proposals.map((o) => o.type === 'ask' && o.proposal)).to.deep.equal(['The connection is slow', '3']);
  });

  it('[B6] with the answers numbered (custom renderer sample), "2" picks answer 2 even while a proposal waits', async () => {
    const chat = new Chat(createCustomRendererBot(new MemoryStorage(), h.portalFor('ft-6')), { conversationId: 'ft-6' });
    const first = await chat.say('my home internet is really slow');
    expect(texts(first)).to.contain('Home internet: got it.').and.contain('2. The connection is slow');
    // Not read as "no" to the proposal (which would ask the problem again): answer 2 is taken.
    const next = await chat.say('2');
    expect(texts(next)).to.contain('1. Fibre').and.not.contain('What is the problem?');
  });
});
