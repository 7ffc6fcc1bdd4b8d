/**
 * The default renderer through the real outbound mapping of the adapter: each question format
 * becomes the hub message type the brief names, an escalation carries its summary, and texts
 * follow the conversation's language.
 */
import { expect } from 'chai';
import { hubMessagesFromActivity } from '../../src/adapter/hubMessagesFromActivity.js';
import { askedQuestionOf } from '../../dialogs/guidedHelp/askedQuestion.js';
import { DefaultGuidedHelpRenderer } from '../../dialogs/guidedHelp/guidedHelpRenderer.js';
import type { GuidedHelpOutput } from '../../dialogs/guidedHelp/guidedHelpTypes.js';
import { questionSchema } from '../../src/schemas/guidedHelpQuestions.js';
import { question, speedQuestion } from './guidedHelpFixtures.js';

const address = { conversationId: 'conv-1', senderType: 'custom_bot' as const };
const hub = (outs: GuidedHelpOutput[], locale = 'en-US', renderer = new DefaultGuidedHelpRenderer()) =>
  outs.flatMap((o) => renderer.render(o, locale)).flatMap((a) => hubMessagesFromActivity(a, address));
const ask = (raw: Record<string, unknown>, hint?: 'outOfRange'): GuidedHelpOutput => ({ type: 'ask', question: askedQuestionOf(questionSchema.parse(raw))!, ...(hint ? { hint } : {}) });

describe('guided help renderer', () => {
  it('[B2] radioButton becomes a quick reply whose values are the answer ids', () => {
    const [m] = hub([ask(question('1001', 'radioButton'))]);
    expect(m.type.value).to.equal('richMessage.quickreply');
    expect(m.content?.quickReplies?.map((q) => [q.label, q.value])).to.deep.equal([
      ['Fibre', '10011'],
      ['Câble', '10012'],
      ['Mobile 4G/5G box', '10013'],
    ]);
  });

  it('[B2] dropdown becomes a list picker; checkbox and mutliSelect a multi-select list picker', () => {
    const [dropdown] = hub([ask(question('1002', 'dropdown'))]);
    expect(dropdown.type.value).to.equal('richMessage.listpicker');
    expect(dropdown.content).to.deep.include({ multiSelect: false });
    expect(dropdown.content?.items?.map((i) => i.id)).to.deep.equal(['10021', '10022', '10023']);
    for (const format of ['checkbox', 'mutliSelect'] as const) {
      const [multi] = hub([ask(question('1003', format))]);
      expect(multi.type.value, format).to.equal('richMessage.listpicker');
      expect(multi.content?.multiSelect, format).to.equal(true);
    }
  });

  it('[B2] number and text questions are plain text; a number says its range, and a refused one says why', () => {
    const [n] = hub([ask(speedQuestion)]);
    expect(n.type.value).to.equal('text');
    expect(n.content?.text).to.contain('(a number of at least 0 and less than 10000)');
    const [hinted] = hub([ask(speedQuestion, 'outOfRange')], 'fr-FR');
    expect(hinted.content?.text).to.match(/^Donnez un nombre d'au moins 0 et inférieur à 10000\./);
    const [t] = hub([ask(question('1006', 'multiLineTextField'))]);
    expect(t.type.value).to.equal('text');
  });

  it('[B2] an offer lists its articles, links them as rich links when a URL is known, and asks yes / no / agent', () => {
    const offer: GuidedHelpOutput = { type: 'offer', rank: 1, count: 2, solution: { caseId: '5001', title: 'Restart the router', passed: true, articles: [{ id: 'KB-10001', name: 'How to restart' }] } };
    const plain = hub([offer]);
    expect(plain.map((m) => m.type.value)).to.deep.equal(['text', 'richMessage.quickreply']);
    expect(plain[0].content?.text).to.contain('Solution 1 of 2: Restart the router').and.contain('How to restart (KB-10001)');
    expect(plain[1].content?.quickReplies?.map((q) => q.value)).to.deep.equal(['yes', 'no', 'agent']);
    const linked = hub([offer], 'en-US', new DefaultGuidedHelpRenderer({ articleUrl: (id) => `https://kb.example/${id}` }));
    expect(linked.map((m) => m.type.value)).to.deep.equal(['text', 'richMessage.richlink', 'richMessage.quickreply']);
    expect(linked[1].content?.url).to.equal('https://kb.example/KB-10001');
  });

  it('[B2] an escalation becomes escalation.transfer carrying the summary of the answers and of the solutions tried', () => {
    const out = hub([{ type: 'escalate', reason: 'noSolution', summary: { answers: [['connection_type', 'Fibre']], tried: [{ id: '5001', t: 'Restart the router', ok: false }] } }], 'fr-FR');
    expect(out.map((m) => m.type.value)).to.deep.equal(['text', 'escalation.transfer']);
    expect(out[0].content?.text).to.contain('conseiller');
    expect(out[1].content?.summary).to.equal('Réponses :\n- connection_type: Fibre\nSolutions essayées :\n- Restart the router (rejetée)');
  });

  it('[B2] the end of a session after inactivity says goodbye and ends the conversation', () => {
    expect(hub([{ type: 'end', reason: 'inactivity' }]).map((m) => m.type.value)).to.deep.equal(['text', 'conversation.end']);
    expect(hub([{ type: 'end', reason: 'solved' }]).map((m) => m.type.value)).to.deep.equal(['text']);
  });
});
