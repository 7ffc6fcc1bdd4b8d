/**
 * H3: the summary that goes with a handover, as the agent reads it in the escalation.transfer:
 * answers, solutions tried with their outcome and article ids, the one left unanswered, the
 * language and the transcript id, bounded in length.
 */
import { expect } from 'chai';
import { MemoryStorage } from 'botbuilder-core';
import { hubMessagesFromActivity } from '../../src/adapter/hubMessagesFromActivity.js';
import { DefaultGuidedHelpRenderer } from '../../dialogs/guidedHelp/guidedHelpRenderer.js';
import { GuidedHelpDialog } from '../../dialogs/guidedHelp/guidedHelpDialog.js';
import { createGuidedHelpMachine } from '../../dialogs/guidedHelp/guidedHelpMachine.js';
import { SUMMARY_MAX_LENGTH, summaryText } from '../../dialogs/guidedHelp/handoverSummary.js';
import type { EscalationSummary, GuidedHelpOutput } from '../../dialogs/guidedHelp/guidedHelpTypes.js';
import { portalStub, question, searchResponse } from './guidedHelpFixtures.js';

const transferOf = (output: GuidedHelpOutput, locale: string) =>
  new DefaultGuidedHelpRenderer()
    .render(output, locale)
    .flatMap((a) => hubMessagesFromActivity(a, { conversationId: 'conv-9', senderType: 'custom_bot' }))
    .find((m) => m.type.value === 'escalation.transfer')!;

describe('the handover summary', () => {
  it('[H3] names the answers, the solutions accepted and rejected with their articles, the one on offer, the language and the transcript', async () => {
    const stub = portalStub({
      start: searchResponse({ questions: [question('1001', 'radioButton')] }),
      step: searchResponse({ solutions: [{ caseId: '5001', score: 90, passed: true, articleId: 'KB-10001' }, { caseId: '5002', score: 80, passed: true, articleId: 'KB-10002' }], closeOnAccept: false }),
    });
    const dialog = new GuidedHelpDialog({ storage: new MemoryStorage(), machine: createGuidedHelpMachine().provide({ actors: stub.actors }) });
    const input = { lang: 'fr-FR' };
    await dialog.handle('conv-9', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
    await dialog.handle('conv-9', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
    await dialog.handle('conv-9', { type: 'TEXT', at: 3, activityId: 'm3', text: 'non' }, input);
    const turn = await dialog.handle('conv-9', { type: 'AGENT', at: 4, activityId: 'm4' }, input);
    const escalate = turn.outputs.find((o) => o.type === 'escalate')!;
    const transfer = transferOf(escalate, 'fr-FR');
    expect(transfer.content?.summary).to.equal(
      [
        'Réponses :',
        '- Question 1001?: Fibre',
        'Solutions essayées :',
        '- Solution 5001 [KB-10001] (rejetée)',
        'Proposée, sans réponse :',
        '- Solution 5002 [KB-10002]',
        'Langue : fr-FR',
        'Transcription : conv-9',
      ].join('\n'),
    );
  });

  it('[H3] stays within its bound: the last answers and the oldest solutions give way, language and transcript stay', () => {
    const summary: EscalationSummary = {
      answers: Array.from({ length: 40 }, (_, i) => [`question ${i} with a fairly long name`, `an answer that is long too ${i}`]),
      tried: Array.from({ length: 10 }, (_, i) => ({ id: `50${i}`, t: `A solution with a title of some length ${i}`, ok: i === 9, a: [`KB-1000${i}`] })),
      lang: 'en-US',
      transcript: 'conv-long',
    };
    const text = summaryText(summary, 'en-US');
    expect(text.length).to.be.at.most(SUMMARY_MAX_LENGTH);
    expect(text).to.contain('- question 0 with a fairly long name: an answer that is long too 0');
    expect(text).to.match(/- \(\d+ more\)/);
    expect(text).to.contain('A solution with a title of some length 9 [KB-10009] (accepted)');
    expect(text.endsWith('Language: en-US\nTranscript: conv-long')).to.equal(true);
    expect(summaryText(summary, 'en-US', 200).length).to.be.at.most(200);
  });
});
