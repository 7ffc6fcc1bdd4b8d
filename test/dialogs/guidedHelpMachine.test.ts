/**
 * The guided-help machine with stub portal actors (machine.provide({ actors })): what it
 * asks, what it sends the portal, and when it does NOT call the portal at all.
 */
import { expect } from 'chai';
import { createGuidedHelpMachine } from '../../dialogs/guidedHelp/guidedHelpMachine.js';
import type { GuidedHelpOutput } from '../../dialogs/guidedHelp/guidedHelpTypes.js';
import { PlatformError } from '../../src/errors/platformError.js';
import { portalStub, question, searchResponse, speedQuestion, type ResponseSpec } from './guidedHelpFixtures.js';
import { drive } from './machineDriver.js';

const radio = question('1001', 'radioButton');
const dropdown = question('1002', 'dropdown');
const at = (n: number) => n * 1000;
const types = (outs: GuidedHelpOutput[]) => outs.map((o) => (o.type === 'say' ? `say:${o.key}` : o.type));
const solved = (s: Partial<ResponseSpec> = {}) => searchResponse({ solutions: [{ caseId: '5001', score: 90, passed: true, articleId: 'KB-10001' }], ...s });

function setup(replies: Parameters<typeof portalStub>[0], input = {}) {
  const stub = portalStub(replies);
  const d = drive(createGuidedHelpMachine().provide({ actors: stub.actors }), { input });
  return { stub, d };
}

describe('guided help machine', () => {
  it('[B3] starts on the live release by default and asks a radioButton question as its first output', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [radio] }) });
    const out = await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    expect(stub.calls[0].input.req).to.deep.equal({ casebaseId: '101', useLiveRelease: true });
    expect(out).to.have.length(1);
    expect(out[0]).to.deep.include({ type: 'ask' });
    expect(out[0].type === 'ask' && out[0].question).to.deep.include({ id: '1001', format: 'radioButton' });
    expect(d.value()).to.deep.equal({ session: 'asking' });
  });

  it('[P7] starts from a session article, on the authoring release, with answers known at start and the configured profile', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [radio] }) }, { profileId: '3' });
    await d.send({ type: 'START', at: at(1), casebaseId: '101', useLiveRelease: false, articleId: 'GHS-10002', answers: [{ id: '1002', answers: [{ id: '10023' }] }] });
    expect(stub.calls[0].input.req).to.deep.equal({
      casebaseId: '101',
      useLiveRelease: false,
      ghsArticleId: 'GHS-10002',
      questions: [{ id: '1002', answers: [{ id: '10023' }] }],
      profileId: '3',
    });
  });

  it('[B3] steps with the answer typed as text (accents, case, number in the list) and asks the next question', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [radio, dropdown] }), step: searchResponse({ questions: [dropdown] }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const out = await d.send({ type: 'TEXT', at: at(2), text: 'CABLE' });
    expect(stub.count('step')).to.equal(1);
    expect(stub.calls[1].input.req).to.deep.equal({ casebaseId: '101', questions: [{ id: '1001', answers: [{ id: '10012' }] }] });
    expect(out[0].type === 'ask' && out[0].question.id).to.equal('1002');
  });

  it('[B3] refuses an out-of-range number before any portal call, with a hint, and takes a valid one', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [speedQuestion] }), step: solved() });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    for (const bad of ['10000', '-3', 'fast']) {
      const out = await d.send({ type: 'TEXT', at: at(2), text: bad });
      expect(out, bad).to.have.length(1);
      expect(out[0], bad).to.deep.include({ type: 'ask', hint: bad === 'fast' ? 'notANumber' : 'outOfRange' });
    }
    expect(stub.count('step'), 'step actor invoked for a refused number').to.equal(0);
    await d.send({ type: 'TEXT', at: at(3), text: '12,5' });
    expect(stub.count('step')).to.equal(1);
    expect(stub.calls[1].input.req).to.deep.include({ questions: [{ id: '1004', answers: [{ value: 12.5 }] }] });
  });

  it('[B3] answers startup questions from the first message without asking them', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [radio, dropdown], startup: ['1001'] }), step: searchResponse({ questions: [dropdown] }) });
    const out = await d.send({ type: 'START', at: at(1), casebaseId: '101', initialText: 'my fibre is down' });
    expect(stub.calls[1].input.req).to.deep.include({ questions: [{ id: '1001', answers: [{ id: '10011' }] }] });
    expect(types(out)).to.deep.equal(['ask']);
    expect(out[0].type === 'ask' && out[0].question.id).to.equal('1002');
  });

  it('[B3] offers solutions past the threshold first, best score first, with their articles', async () => {
    const start = searchResponse({
      questions: [radio],
      solutions: [
        { caseId: '1', score: 95, passed: false },
        { caseId: '2', score: 70, passed: true, articleId: 'KB-10002' },
        { caseId: '3', score: 80, passed: true },
      ],
    });
    const { d } = setup({ start });
    const [offer] = await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    expect(offer).to.deep.include({ type: 'offer', rank: 1, count: 3 });
    expect(offer.type === 'offer' && offer.solution.caseId).to.equal('3');
    expect(d.actor.getSnapshot().context.solutions.map((s) => s.caseId)).to.deep.equal(['3', '2', '1']);
  });

  it('[P10] closeSessionOnAccept true: the accept call is made and the dialog ends solved', async () => {
    const { stub, d } = setup({ start: solved({ closeOnAccept: true }) }, { profileId: '2' });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const out = await d.send({ type: 'TEXT', at: at(2), text: 'Oui' });
    expect(stub.calls.map((c) => c.op)).to.deep.equal(['start', 'accept']);
    expect(stub.calls[1].input.req).to.deep.equal({ caseId: '5001', name: 'Solution 5001', profileId: '2' });
    expect(out).to.deep.equal([{ type: 'end', reason: 'solved' }]);
    expect(d.actor.getSnapshot().status).to.equal('done');
  });

  it('[P10] closeSessionOnAccept false: the accept call is made and the dialog goes on if the customer wants more', async () => {
    const { stub, d } = setup({ start: solved({ closeOnAccept: false, questions: [radio] }), step: searchResponse({ questions: [dropdown] }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    expect(types(await d.send({ type: 'ACCEPT', at: at(2) }))).to.deep.equal(['askMore']);
    expect(stub.count('accept')).to.equal(1);
    const out = await d.send({ type: 'TEXT', at: at(3), text: 'yes' });
    expect(out[0].type === 'ask' && out[0].question.id).to.equal('1001');
    expect(d.actor.getSnapshot().status).to.equal('active');
  });

  it('[P10] closeSessionOnReject false: the reject call is made and the next question is asked', async () => {
    const { stub, d } = setup({ start: solved({ closeOnReject: false, questions: [radio] }), step: searchResponse({ questions: [dropdown] }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const out = await d.send({ type: 'TEXT', at: at(2), text: 'non' });
    expect(stub.count('reject')).to.equal(1);
    expect(types(out)).to.deep.equal(['say:rejectedNext', 'ask']);
    await d.send({ type: 'TEXT', at: at(3), text: 'fibre' });
    expect(stub.count('step')).to.equal(1);
    expect(d.actor.getSnapshot().context.tried).to.deep.equal([{ id: '5001', t: 'Solution 5001', ok: false, a: ['KB-10001'] }]);
  });

  it('[P10] closeSessionOnReject true: the reject call is made, then the customer goes to an agent, no further step', async () => {
    const { stub, d } = setup({ start: solved({ closeOnReject: true, questions: [radio] }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const out = await d.send({ type: 'REJECT', at: at(2) });
    expect(stub.calls.map((c) => c.op)).to.deep.equal(['start', 'reject']);
    expect(out).to.have.length(1);
    expect(out[0]).to.deep.include({ type: 'escalate', reason: 'rejectedClosed' });
    expect(d.actor.getSnapshot().status).to.equal('done');
  });

  it('[B3] "agent" at any point escalates with a summary of the answers so far', async () => {
    const answered = [{ id: '1001', title: 'How do you connect?', text: 'Fibre' }];
    const { d } = setup({ start: searchResponse({ questions: [radio] }), step: searchResponse({ questions: [dropdown], answered }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    await d.send({ type: 'TEXT', at: at(2), text: 'fibre' });
    const out = await d.send({ type: 'AGENT', at: at(3) });
    expect(out).to.deep.equal([{ type: 'escalate', reason: 'customer', summary: { answers: [['How do you connect?', 'Fibre']], tried: [], lang: 'en-US', transcript: 'conv-1' } }]);
  });

  it('[B3] escalates when no question and no solution is left', async () => {
    const { d } = setup({ start: searchResponse({ questions: [radio] }), step: searchResponse({}) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const out = await d.send({ type: 'TEXT', at: at(2), text: 'fibre' });
    expect(out[0]).to.deep.include({ type: 'escalate', reason: 'noSolution' });
    expect(out[0].type === 'escalate' && out[0].summary.answers).to.deep.equal([['Question 1001?', 'Fibre']]);
  });

  it('[B3] a portal failure the core retried is reported plainly; a second one in a row escalates', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [radio] }), step: PlatformError.of('503-100', { reason: 'maintenance' }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const first = await d.send({ type: 'TEXT', at: at(2), text: 'fibre' });
    expect(types(first)).to.deep.equal(['say:portalTrouble', 'ask']);
    const second = await d.send({ type: 'TEXT', at: at(3), text: 'fibre' });
    expect(types(second)).to.deep.equal(['escalate']);
    expect(second[0]).to.deep.include({ reason: 'portalFailure' });
    expect(stub.count('step')).to.equal(2);
  });

  it('[B3] a portal refusal that is not retried escalates at once', async () => {
    const { d } = setup({ start: searchResponse({ questions: [radio] }), step: PlatformError.of('404-101', { name: 'casebaseId' }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const out = await d.send({ type: 'TEXT', at: at(2), text: 'fibre' });
    expect(out).to.have.length(1);
    expect(out[0]).to.deep.include({ type: 'escalate', reason: 'portalFailure' });
  });

  it('[P5] "save" on a live release creates a quickpick and gives a resume code', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [radio] }), createQuickpick: { quickpickId: '900001' } });
    await d.send({ type: 'START', at: at(1), casebaseId: '101' });
    const out = await d.send({ type: 'SAVE', at: at(2) });
    expect(stub.calls[1].input.req).to.deep.include({ casebaseId: '101', casebaseReleaseId: '1011' });
    expect(types(out)).to.deep.equal(['saved', 'ask']);
    expect(out[0]).to.deep.equal({ type: 'saved', code: '101-900001' });
  });

  it('[P5] "save" on a release that is not live makes no quickpick call', async () => {
    const { stub, d } = setup({ start: searchResponse({ questions: [radio], status: 'author' }) });
    await d.send({ type: 'START', at: at(1), casebaseId: '101', useLiveRelease: false });
    const out = await d.send({ type: 'SAVE', at: at(2) });
    expect(types(out)).to.deep.equal(['say:saveNotLive']);
    expect(stub.count('createQuickpick')).to.equal(0);
  });

  it('[P2] "resume" restores a quickpick with the conversation language as Accept-Language', async () => {
    const { stub, d } = setup({ resume: searchResponse({ questions: [dropdown] }) }, { lang: 'fr-FR' });
    const out = await d.send({ type: 'RESUME', at: at(1), code: '101-900001' });
    expect(stub.calls[0].input).to.deep.equal({ req: { casebaseId: '101', quickpickId: '900001' }, call: { acceptLanguage: 'fr-FR', conversationId: 'conv-1' } });
    expect(types(out)).to.deep.equal(['say:resumed', 'ask']);
  });

  it('[P2] a malformed resume code makes no call; an unknown quickpick is reported, not escalated', async () => {
    const { stub, d } = setup({ resume: PlatformError.of('404-101', { name: 'quickpickID 7' }) });
    expect(types(await d.send({ type: 'RESUME', at: at(1), code: 'tomorrow' }))).to.deep.equal(['say:resumeCodeInvalid']);
    expect(stub.count('resume')).to.equal(0);
    expect(types(await d.send({ type: 'RESUME', at: at(2), code: '101-7' }))).to.deep.equal(['say:resumeNotFound']);
    expect(d.value()).to.equal('idle');
  });
});
