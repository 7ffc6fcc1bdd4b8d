import { expect } from 'chai';
import {
  GuidedHelpBodyError,
  guidedHelpSearchResponseSchema,
  isSystemProfile,
  MAX_DISPLAY_CONTENT_BYTES,
  parseGuidedHelpBody,
  profilesOf,
  QUESTION_FORMATS,
  type GuidedHelpSearchResponse,
} from '../../src/schemas/guidedHelp.js';
import { fullBody, pagination, type Json } from './guidedHelpBodies.js';

/** The strict check of a 2.2 body against the contract's schema (the public reader is tolerant: test/platform/portal/vendorForms.test.ts). */
const parseGuidedHelpResponse = (body: unknown): GuidedHelpSearchResponse => parseGuidedHelpBody(guidedHelpSearchResponseSchema, body, 'guided-help search response');

function issuesOf(body: unknown): string[] {
  const r = guidedHelpSearchResponseSchema.safeParse(body);
  expect(r.success, 'expected the body to be refused').to.equal(false);
  return r.error!.issues.map((i) => i.path.join('.'));
}

describe('schemas/guidedHelp: the search response of 2.2', () => {
  it('[P3] parses a full body and returns every field unchanged', () => {
    const body = fullBody();
    const parsed = parseGuidedHelpResponse(body);
    expect(parsed).to.deep.equal(fullBody());
    expect(parsed.casebase!.status).to.equal('live');
    expect(parsed.answeredQuestion![0]!.validAnswer![0]!.text).to.equal('The orange one');
    expect(parsed.casebase!.searchSettings!.closeSessionOnAccept).to.equal(true);
  });

  it('[P3] parses an empty body (all fields optional)', () => {
    expect(parseGuidedHelpResponse({})).to.deep.equal({});
  });

  it('[P3] accepts every listed enum value', () => {
    for (const status of ['author', 'live', 'qa']) {
      const b = fullBody();
      b.casebase.status = status;
      expect(guidedHelpSearchResponseSchema.safeParse(b).success, status).to.equal(true);
    }
    for (const format of QUESTION_FORMATS) {
      for (const type of ['numeric', 'enumerated', 'list', 'text']) {
        const b = fullBody();
        Object.assign(b.answeredQuestion[0], { format, type });
        Object.assign(b.unansweredQuestion[0], { format, type });
        expect(guidedHelpSearchResponseSchema.safeParse(b).success, `${type}/${format}`).to.equal(true);
      }
    }
    for (const source of ['rule', 'data_link_article', 'user']) {
      const b = fullBody();
      b.answeredQuestion[0].answerSource = source;
      expect(guidedHelpSearchResponseSchema.safeParse(b).success, source).to.equal(true);
    }
    for (const t of ['STRING', 'INTEGER', 'BOOLEAN', 'DATETIME']) {
      const b = fullBody();
      b.answeredQuestion[0].customAttributes[0].type = t;
      expect(guidedHelpSearchResponseSchema.safeParse(b).success, t).to.equal(true);
    }
  });

  it('[P3] refuses a casebase status outside author/live/qa', () => {
    const b = fullBody();
    b.casebase.status = 'published';
    expect(issuesOf(b)).to.deep.equal(['casebase.status']);
    b.casebase.status = 'Live';
    expect(issuesOf(b)).to.deep.equal(['casebase.status']);
  });

  it('[P3] refuses a bad question format and type, answer source and custom attribute type', () => {
    const b = fullBody();
    b.answeredQuestion[0].format = 'slider';
    b.unansweredQuestion[0].type = 'date';
    b.answeredQuestion[0].answerSource = 'agent';
    b.answeredQuestion[0].customAttributes[1].type = 'FLOAT';
    expect(issuesOf(b)).to.have.members([
      'answeredQuestion.0.format',
      'answeredQuestion.0.customAttributes.1.type',
      'answeredQuestion.0.answerSource',
      'unansweredQuestion.0.type',
    ]);
  });

  it('[P3] accepts the spelling mutliSelect and refuses multiSelect', () => {
    const ok = fullBody();
    ok.answeredQuestion[0].format = 'mutliSelect';
    ok.unansweredQuestion[0].format = 'mutliSelect';
    const parsed = parseGuidedHelpResponse(ok);
    expect(parsed.answeredQuestion![0]!.format).to.equal('mutliSelect');
    expect(parsed.unansweredQuestion![0]!.format).to.equal('mutliSelect');

    const bad = fullBody();
    bad.unansweredQuestion[0].format = 'multiSelect';
    expect(issuesOf(bad)).to.deep.equal(['unansweredQuestion.0.format']);
  });

  it('[P3] refuses a bad articleId wherever one is expected', () => {
    const b = fullBody();
    b.actionSearch[0].articleId = 'PRN123';
    b.dynamicSearch[0].virtualCase[0].detailField[0].id = 'P-0001';
    b.dynamicSearch[0].virtualCase[0].displayField[0].id = 'PRN-123';
    expect(issuesOf(b)).to.have.members([
      'actionSearch.0.articleId',
      'dynamicSearch.0.virtualCase.0.detailField.0.id',
      'dynamicSearch.0.virtualCase.0.displayField.0.id',
    ]);
  });

  it('[P3] refuses non-numeric ids where 2.2 says numeric', () => {
    const b = fullBody();
    b.casebase.casebaseId = 'cb-1';
    b.actionSearch[0].actionId = '9001a';
    b.targetClusters[1].id = 'forty';
    expect(issuesOf(b)).to.have.members(['casebase.casebaseId', 'actionSearch.0.actionId', 'targetClusters.1.id']);
  });

  it('[P3] accepts pagesize 75 and refuses pagesize 76', () => {
    const ok = fullBody();
    ok.casebase.profiles.paginationInfo.pagesize = 75;
    expect(guidedHelpSearchResponseSchema.safeParse(ok).success).to.equal(true);
    const bad = fullBody();
    bad.casebase.profiles.paginationInfo.pagesize = 76;
    expect(issuesOf(bad)).to.deep.equal(['casebase.profiles.paginationInfo.pagesize']);
  });

  it('[P3] requires the fields 2.2 marks required (profile id and name, pagination count/pagenum/pagesize)', () => {
    const b = fullBody();
    delete b.casebase.profiles.profile[1].name;
    delete b.casebase.profiles.paginationInfo.count;
    expect(issuesOf(b)).to.have.members(['casebase.profiles.profile.1.name', 'casebase.profiles.paginationInfo.count']);
  });

  describe('display field content: at most 2 MB (2 * 1024 * 1024 UTF-8 bytes)', () => {
    const withContent = (content: string) => {
      const b = fullBody();
      b.dynamicSearch[0].virtualCase[0].displayField[0].content = content;
      return b;
    };

    it('[P3] accepts content of exactly 2 MB', () => {
      expect(MAX_DISPLAY_CONTENT_BYTES).to.equal(2097152);
      const content = 'a'.repeat(MAX_DISPLAY_CONTENT_BYTES);
      const parsed = parseGuidedHelpResponse(withContent(content));
      expect(parsed.dynamicSearch![0]!.virtualCase![0]!.displayField![0]!.content).to.have.length(2097152);
    });

    it('[P3] refuses content of 2 MB + 1 byte', () => {
      expect(issuesOf(withContent('a'.repeat(MAX_DISPLAY_CONTENT_BYTES + 1)))).to.deep.equal([
        'dynamicSearch.0.virtualCase.0.displayField.0.content',
      ]);
    });

    it('[P3] measures in UTF-8 bytes, not characters', () => {
      // 'é' is 2 bytes: 1 MiB of them is exactly 2 MiB.
      expect(guidedHelpSearchResponseSchema.safeParse(withContent('é'.repeat(1024 * 1024))).success).to.equal(true);
      expect(issuesOf(withContent('é'.repeat(1024 * 1024) + 'a'))).to.have.length(1);
      // '€' is 3 bytes: 699,051 characters (far under 2 M characters) are 2,097,153 bytes.
      expect(issuesOf(withContent('€'.repeat(699051)))).to.have.length(1);
      expect(guidedHelpSearchResponseSchema.safeParse(withContent('€'.repeat(699050))).success).to.equal(true);
    });
  });

  it('[P3] accepts casebase.profiles as an object and as an array of such objects', () => {
    const asObject = parseGuidedHelpResponse(fullBody());
    const arrayBody = fullBody();
    const page2 = { profile: [{ id: '15', name: 'Customers' }], paginationInfo: pagination({ pagenum: 2 }) };
    arrayBody.casebase.profiles = [arrayBody.casebase.profiles, page2];
    const asArray = parseGuidedHelpResponse(arrayBody);

    expect(asObject.casebase!.profiles).to.not.be.an('array');
    expect(asArray.casebase!.profiles).to.be.an('array').with.length(2);
    expect(profilesOf(asObject.casebase!.profiles).map((p) => p.id)).to.deep.equal(['1', '14']);
    expect(profilesOf(asArray.casebase!.profiles).map((p) => p.id)).to.deep.equal(['1', '14', '15']);
    expect(profilesOf(undefined)).to.deep.equal([]);

    // The rules still apply inside the array form.
    arrayBody.casebase.profiles[1].paginationInfo.pagesize = 76;
    expect(issuesOf(arrayBody)).to.deep.equal(['casebase.profiles.1.paginationInfo.pagesize']);
  });

  it('[P3] keeps unknown fields at every level', () => {
    const b = fullBody();
    b.extraTop = { nested: [1, 2] };
    b.casebase.extraCasebase = 'x';
    b.casebase.profiles.profile[0].extraProfile = true;
    b.casebase.profiles.paginationInfo.extraPage = 1;
    b.casebase.profiles.paginationInfo.link[0].extraLink = 'l';
    b.casebase.searchSettings.closeSessionOnTimeout = true;
    b.casebase.languages.extraLanguages = 'y';
    b.casebase.languages.KbLanguage[0].extraKb = 'z';
    b.actionSearch[0].extraAction = 1;
    b.actionSearch[0].articleType.extraType = 2;
    b.actionSearch[0].metadata[0].extraMeta = 3;
    b.answeredQuestion[0].extraQ = 4;
    b.answeredQuestion[0].validAnswer[0].extraVa = 5;
    b.answeredQuestion[0].validAnswerRange.step = 0.5;
    b.answeredQuestion[0].customAttributes[0].extraCa = 6;
    b.caseSearch[0].extraCase = 7;
    b.caseSearch[0].action[0].extraCaseAction = 8;
    b.dynamicSearch[0].extraDyn = 9;
    b.dynamicSearch[0].dynamicCluster[0].extraDc = 10;
    b.dynamicSearch[0].virtualCase[0].extraVc = 11;
    b.dynamicSearch[0].virtualCase[0].detailField[0].extraDf = 12;
    b.dynamicSearch[0].virtualCase[0].displayField[0].extraDisp = 13;
    b.unansweredQuestion[0].extraU = 14;
    b.targetClusters[0].extraTc = 15;
    const expected = structuredClone(b);
    expect(parseGuidedHelpResponse(b)).to.deep.equal(expected);
  });

  it('[P3] accepts the published misspellings and renames them to the schema spelling', () => {
    const b = fullBody();
    b.actionSearch[0].articleTypeAttributes = b.actionSearch[0].articleType;
    delete b.actionSearch[0].articleType;
    b.answeredQuestion[0].customAttribute = b.answeredQuestion[0].customAttributes;
    delete b.answeredQuestion[0].customAttributes;
    b.unansweredQuestion[0].customAttribute = b.unansweredQuestion[0].customAttributes;
    delete b.unansweredQuestion[0].customAttributes;
    b.casebase.languages = { kbLanguage: b.casebase.languages.KbLanguage, extra: 'kept' };
    const input = structuredClone(b);

    const parsed = parseGuidedHelpResponse(b) as GuidedHelpSearchResponse & Json;
    expect(b).to.deep.equal(input, 'the input is not mutated');
    const expected = fullBody();
    expected.casebase.languages.extra = 'kept';
    expect(parsed).to.deep.equal(expected);
    expect(parsed.actionSearch![0]).to.not.have.property('articleTypeAttributes');
    expect(parsed.answeredQuestion![0]).to.not.have.property('customAttribute');
    expect(parsed.casebase!.languages).to.not.have.property('kbLanguage');
    expect(parsed.actionSearch![0]!.articleType!.typeName).to.equal('Troubleshooting');
  });

  it('[P3] still validates a misspelled field, and reports it under the schema spelling', () => {
    const b = fullBody();
    b.answeredQuestion[0].customAttribute = [{ name: 'n', value: 'v', type: 'FLOAT' }];
    delete b.answeredQuestion[0].customAttributes;
    b.casebase.languages = { kbLanguage: [{ code: 'fi-FI' }] };
    expect(issuesOf(b)).to.have.members(['answeredQuestion.0.customAttributes.0.type', 'casebase.languages.KbLanguage.0.code']);
  });

  it('[P3] keeps the correct spelling when both spellings are present', () => {
    const b = fullBody();
    b.answeredQuestion[0].customAttribute = 'legacy';
    const parsed = parseGuidedHelpResponse(b) as Json;
    expect(parsed.answeredQuestion[0].customAttributes).to.deep.equal(fullBody().answeredQuestion[0].customAttributes);
    expect(parsed.answeredQuestion[0].customAttribute).to.equal('legacy');
  });

  it('[P3] [R2] checks KbLanguage codes against the 2.2 list, never their names (display text)', () => {
    const b = fullBody();
    b.casebase.languages.KbLanguage.push({ name: 'Finnish (Finland)', code: 'fi-FI' });
    expect(issuesOf(b)).to.have.members(['casebase.languages.KbLanguage.2.code']);
    const real = fullBody();
    real.casebase.languages.KbLanguage.push({ name: 'English (US)', code: 'en-US' });
    expect(guidedHelpSearchResponseSchema.safeParse(real).success).to.equal(true);
  });

  it('[P3] parseGuidedHelpResponse throws one error naming the path of each problem', () => {
    const b = fullBody();
    b.casebase.status = 'draft';
    b.casebase.profiles.paginationInfo.pagesize = 76;
    b.actionSearch[0].articleId = 'bad';
    let caught: unknown;
    try {
      parseGuidedHelpResponse(b);
    } catch (e) {
      caught = e;
    }
    expect(caught).to.be.instanceOf(GuidedHelpBodyError);
    const err = caught as GuidedHelpBodyError;
    expect(err.issues.map((i) => i.path)).to.have.members([
      'casebase.status',
      'casebase.profiles.paginationInfo.pagesize',
      'actionSearch[0].articleId',
    ]);
    expect(err.message).to.contain('casebase.status').and.contain('actionSearch[0].articleId').and.contain('pagesize');
    expect(() => parseGuidedHelpResponse('not json')).to.throw(GuidedHelpBodyError, /\(root\)/);
    expect(() => parseGuidedHelpResponse(null)).to.throw(GuidedHelpBodyError);
    expect(() => parseGuidedHelpResponse([])).to.throw(GuidedHelpBodyError);
  });
});

describe('schemas/guidedHelp: system profile', () => {
  it('[P9] recognises profile id 1 as the system profile', () => {
    expect(isSystemProfile('1')).to.equal(true);
    expect(isSystemProfile(1)).to.equal(true);
    expect(isSystemProfile({ id: '1' })).to.equal(true);
    for (const other of ['2', '10', '11', '0', '', 'one', ' 1', 2, 0, undefined, null, { id: '14' }]) {
      expect(isSystemProfile(other as string), JSON.stringify(other)).to.equal(false);
    }
  });

  it('[P9] finds the system profile in a parsed response, in either profiles form', () => {
    const b = fullBody();
    const fromObject = profilesOf(parseGuidedHelpResponse(b).casebase!.profiles).filter(isSystemProfile);
    b.casebase.profiles = [b.casebase.profiles];
    const fromArray = profilesOf(parseGuidedHelpResponse(b).casebase!.profiles).filter(isSystemProfile);
    expect(fromObject).to.deep.equal([{ id: '1', name: 'System profile' }]);
    expect(fromArray).to.deep.equal(fromObject);
  });
});
