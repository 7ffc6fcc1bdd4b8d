import { expect } from 'chai';
import {
  caseDecisionBodySchema,
  casebaseReleaseListSchema,
  clusterCaseListSchema,
  clusterListSchema,
  createQuickpickBodySchema,
  profileListSchema,
  quickpickListSchema,
  searchStartBodySchema,
  searchStepBodySchema,
} from '../../src/schemas/guidedHelpRequests.js';
import { fullBody, pagination, type Json } from './guidedHelpBodies.js';

describe('schemas/guidedHelpRequests: bodies and lists of the assumed shapes of docs/platform-contract.md', () => {
  const start = {
    casebaseId: '1001',
    questions: [{ id: '301', answers: [{ id: '3011' }] }, { id: '302', answers: [{ value: 3 }] }],
    profileId: '1',
    sessionVariable: [{ name: 'model', value: 'LX-200' }],
    startOver: false,
    useLiveRelease: true,
    ghsArticleId: 'PRN-000777',
  };

  it('[P7] [R1] parses a start body, and refuses a missing casebaseId, an empty ghsArticleId or an empty answer (no pattern invented for ghsArticleId)', () => {
    expect(searchStartBodySchema.parse({ ...start, extra: 1 })).to.deep.equal({ ...start, extra: 1 });
    expect(searchStartBodySchema.safeParse({ casebaseId: '1001' }).success).to.equal(true);
    const { casebaseId: _omit, ...noCasebase } = start;
    expect(searchStartBodySchema.safeParse(noCasebase).success).to.equal(false);
    expect(searchStartBodySchema.safeParse({ ...start, ghsArticleId: '' }).success).to.equal(false);
    expect(searchStartBodySchema.safeParse({ ...start, ghsArticleId: '123456789012345' }).success).to.equal(true);
    const empty = searchStartBodySchema.safeParse({ casebaseId: '1001', questions: [{ id: '301', answers: [{}] }] });
    expect(empty.success).to.equal(false);
    expect(empty.error!.issues[0]!.path).to.deep.equal(['questions', 0, 'answers', 0]);
  });

  it('[P7] a step body needs questions', () => {
    expect(searchStepBodySchema.safeParse(start).success).to.equal(true);
    expect(searchStepBodySchema.safeParse({ casebaseId: '1001' }).success).to.equal(false);
    expect(searchStepBodySchema.safeParse({ casebaseId: '1001', questions: [] }).success).to.equal(true);
  });

  it('[P7] parses accept/reject and [P5] create-quickpick bodies', () => {
    expect(caseDecisionBodySchema.parse({ id: '5501', name: 'Orange light blinking', profileId: '1' })).to.deep.equal({
      id: '5501',
      name: 'Orange light blinking',
      profileId: '1',
    });
    expect(caseDecisionBodySchema.safeParse({ name: 'x' }).success).to.equal(false);
    const qp = { casebaseReleaseId: '2007', name: 'Printer half-way', comment: 'resume later', linkToActivity: true };
    expect(createQuickpickBodySchema.parse(qp)).to.deep.equal(qp);
    expect(createQuickpickBodySchema.safeParse({ name: 'no release' }).success).to.equal(false);
    expect(createQuickpickBodySchema.safeParse({ casebaseReleaseId: 'r-7' }).success).to.equal(false);
  });

  it('[P3] parses every list shape with one paginationInfo schema (pagesize 76 refused in each)', () => {
    const lists: Array<[string, { safeParse: (v: unknown) => { success: boolean } }, Json]> = [
      ['releases', casebaseReleaseListSchema, { casebase: [fullBody().casebase], paginationInfo: pagination() }],
      ['clusters', clusterListSchema, { cluster: [{ id: '40', name: 'Paper', shortName: 'paper', depth: 1, startup: true }], paginationInfo: pagination() }],
      ['profiles', profileListSchema, { profile: [{ id: '1', name: 'System profile' }], paginationInfo: pagination() }],
      ['quickpicks', quickpickListSchema, { quickpick: [{ id: 'q1', name: 'n', comment: 'c', casebaseReleaseId: '2007', linkToActivity: false, link: { rel: 'self', href: '/q1' } }], paginationInfo: pagination() }],
    ];
    for (const [name, schema, body] of lists) {
      expect(schema.safeParse(body).success, name).to.equal(true);
      const bad = structuredClone(body);
      bad.paginationInfo.pagesize = 76;
      expect(schema.safeParse(bad).success, `${name} with pagesize 76`).to.equal(false);
    }
    const cases = { case: [{ id: '5501', title: 'Orange light', shortName: 'orange', link: [{ rel: 'self', href: '/c/5501' }] }] };
    expect(clusterCaseListSchema.parse(cases)).to.deep.equal(cases);
    expect(clusterCaseListSchema.safeParse({ case: [{ title: 'no id' }] }).success).to.equal(false);
  });
});
