/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
import { expect } from 'chai';
import { PlatformError } from '../../../src/errors/platformError.js';
import { KnowledgeBase } from '../../../src/emulator/portal/knowledge/knowledgeBase.js';
import { GuidedHelpEngine, type PortalUser } from '../../../src/emulator/portal/guided/guidedHelpEngine.js';
import { renderSearchResponse } from '../../../src/emulator/portal/guided/searchResponse.js';
import type { GuidedSession } from '../../../src/emulator/portal/guided/guidedSession.js';
import { guidedHelpSearchResponseSchema, parseGuidedHelpBody } from '../../../src/schemas/guidedHelp.js';

const user: PortalUser = { tenant: 't1', id: 'alice', kind: 'user' };

function refusal(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('emulator portal: guided-help engine', () => {
  let kb: KnowledgeBase;
  let engine: GuidedHelpEngine;
  const portal = () => kb.portal('KP-10001')!;
  const view = (s: GuidedSession, lang = 'en-US') =>
    parseGuidedHelpBody(guidedHelpSearchResponseSchema, 
      renderSearchResponse({ kb, portal: portal(), ref: engine.releaseOf(s), profileId: s.profileId, answers: s.answers, lang, linkBase: 'http://x' }),
    );
  beforeEach(() => {
    kb = KnowledgeBase.load();
    engine = new GuidedHelpEngine(kb, () => 1000);
  });

  it('narrows candidates and raises scores until a solution passes the threshold', () => {
    const s = engine.start(user, portal(), { casebaseId: '101' });
    const v0 = view(s);
    expect(v0.casebase!.status).to.equal('live');
    expect(v0.caseSearch).to.deep.equal([]);
    expect(v0.startupQuestion!.map((q: any) => q.id)).to.have.members(['1001', '1002']);
    expect(v0.unansweredQuestion![0]!.id).to.equal('1002'); // bears on the most cases

    engine.step(user, portal(), { casebaseId: '101', questions: [{ id: '1002', answers: [{ id: '10021' }] }] });
    const v1 = view(s);
    const ids1 = v1.caseSearch!.map((c) => c.caseId);
    expect(ids1).to.include.members(['5001', '5002', '5003']);
    expect(ids1).to.not.include('5004'); // slow-speed case ruled out by "no connection"
    expect(v1.caseSearch!.every((c) => !c.passedThresholdValue)).to.equal(true);
    expect(v1.unansweredQuestion!.map((q) => q.id)).to.include('1003'); // asked only for no connection / drops

    engine.step(user, portal(), { casebaseId: '101', questions: [{ id: '1001', answers: [{ id: '10011' }] }] });
    const v2 = view(s);
    const fibre = v2.caseSearch!.find((c) => c.caseId === '5003')!;
    expect(fibre.score).to.be.greaterThan(v1.caseSearch!.find((c) => c.caseId === '5003')!.score!);
    expect(fibre.passedThresholdValue).to.equal(true);
    expect(v2.caseSearch![0]!.caseId).to.equal('5003');
    expect(v2.actionSearch!.find((a) => a.caseId === '5003')!.articleId).to.equal('KB-10003');
  });

  it('gives rule answers with answerSource rule and session-article answers with data_link_article', () => {
    const s = engine.start(user, portal(), { casebaseId: '101', ghsArticleId: 'GHS-10001', questions: [{ id: '1002', answers: [{ id: '10024' }] }] });
    const v = view(s);
    const sources = Object.fromEntries(v.answeredQuestion!.map((q) => [q.id, q.answerSource]));
    expect(sources).to.deep.equal({ '1001': 'data_link_article', '1002': 'user', '1003': 'rule' });
  });

  it('refuses a numeric answer outside validAnswerRange, with inclusive and exclusive bounds (400-196)', () => {
    engine.start(user, portal(), { casebaseId: '202' });
    const step = (value: number) => engine.step(user, portal(), { casebaseId: '202', questions: [{ id: '2003', answers: [{ value }] }] });
    expect(refusal(() => step(0)).code).to.equal('400-196'); // min 0 exclusive
    step(999); // max 999 inclusive
    expect(refusal(() => step(999.5)).code).to.equal('400-196');
    expect(refusal(() => engine.step(user, portal(), { casebaseId: '202', questions: [{ id: '2003', answers: [{ value: 'abc' }] }] })).code).to.equal('400-196');
  });

  it('refuses several answers to a single-choice question and unknown answer ids', () => {
    engine.start(user, portal(), { casebaseId: '101' });
    const e1 = refusal(() => engine.step(user, portal(), { casebaseId: '101', questions: [{ id: '1001', answers: [{ id: '10011' }, { id: '10012' }] }] }));
    expect(e1.code).to.equal('400-196');
    const e2 = refusal(() => engine.step(user, portal(), { casebaseId: '101', questions: [{ id: '1005', answers: [{ id: '10011' }] }] }));
    expect(e2.code).to.equal('400-196');
    engine.step(user, portal(), { casebaseId: '101', questions: [{ id: '1005', answers: [{ id: '10051' }, { id: '10052' }] }] });
  });

  it('[P9] lets the system profile see cases restricted to other profiles', () => {
    const answers = [{ id: '1001', answers: [{ id: '10011' }] }, { id: '1002', answers: [{ id: '10021' }] }];
    const customer = engine.start(user, portal(), { casebaseId: '101', questions: answers });
    expect(view(customer).caseSearch!.map((c) => c.caseId)).to.not.include('5010');
    const system = engine.start(user, portal(), { casebaseId: '101', profileId: '1', questions: answers });
    expect(view(system).caseSearch!.map((c) => c.caseId)).to.include('5010');
  });

  it('[P7] holds the draft case in the author release only', () => {
    const answers = [{ id: '1002', answers: [{ id: '10023' }] }, { id: '1008', answers: [{ id: '10081' }] }];
    const live = engine.start(user, portal(), { casebaseId: '101', questions: answers });
    expect(view(live).caseSearch!.map((c) => c.caseId)).to.not.include('5009');
    const author = engine.start(user, portal(), { casebaseId: '101', useLiveRelease: false, questions: answers });
    expect(view(author).casebase!.status).to.equal('author');
    expect(view(author).caseSearch!.map((c) => c.caseId)).to.include('5009');
  });

  it('[P10] closes the session on accept when closeSessionOnAccept is set, not on reject when closeSessionOnReject is not', () => {
    engine.start(user, portal(), { casebaseId: '101' });
    expect(engine.decide(user, portal(), '5001', { id: '7001' }, false).closed).to.equal(false);
    expect(engine.decide(user, portal(), '5001', { id: '5001' }, true).closed).to.equal(true);
    expect(refusal(() => engine.step(user, portal(), { casebaseId: '101', questions: [] })).code).to.equal('403-198');
  });

  it('shows text in the language asked for, a region without its own text in its language', () => {
    const s = engine.start(user, portal(), { casebaseId: '101' });
    expect(view(s, 'fr-FR').unansweredQuestion!.find((q) => q.id === '1001')!.title).to.equal('Comment êtes-vous connecté à internet ?');
    expect(view(s, 'fr-CA').casebase!.name).to.equal('Internet à la maison 2024.2');
    expect(view(s, 'fr-BE').casebase!.name).to.equal('Internet maison 2024.2');
  });

  it('keeps sessions apart per user', () => {
    engine.start(user, portal(), { casebaseId: '101' });
    const bob: PortalUser = { ...user, id: 'bob' };
    expect(refusal(() => engine.step(bob, portal(), { casebaseId: '101', questions: [] })).code).to.equal('403-198');
  });
});
