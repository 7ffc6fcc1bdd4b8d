/**
 * The vendor's published examples of the portal manager, per operation family, written here in
 * our own words and sample values (docs/platform-contract.md and the facts it draws on): the
 * request the vendor's client sends and the answer its examples show. `answer(form)` gives the
 * answer in the vendor's form (what realistic mode must carry, every field) or in the
 * contract's (what default mode answers where the contract names another form); where the
 * contract is silent both forms are the vendor's. Only the field names, their JSON types and
 * the `exact` values are compared: sample values are ours.
 */

export type Form = 'contract' | 'vendor';
export type Family = 'guided help' | 'quickpicks' | 'suggestions' | 'uploads';

/** What earlier examples of the run learnt (ids from Location headers, dates, signed URLs). */
export interface Learnt {
  suggestionId?: string;
  modifiedDate?: string;
  quickpickId?: string;
  altId?: string;
  contentUrl?: string;
  attachmentId?: string;
}

export interface VendorExample {
  family: Family;
  name: string;
  request(l: Learnt): { method: string; path: string; body?: unknown; headers?: Record<string, string> };
  status: number;
  answer?(form: Form): unknown;
  /** Dotted paths (array items by index) whose values must equal the example's. */
  exact?: string[];
  learn?(r: { body: unknown; headers: Headers }, l: Learnt): void;
}

const P = '/portals/KP-10001';
const GH = `${P}/gh`;
const SG = `${P}/suggestions`;
const LINK = { rel: 'self', href: 'https://portal.example/x' };
const PAGE = { count: 1, pagenum: 1, pagesize: 10 };
/** The vendor's client names the activity header after the vendor (the contract writes "platform"). */
const VENDOR_ACTIVITY = { 'x-vendor-activity-id': '4242' };
const PERSON = { id: 'u1', firstName: 'Ann', lastName: 'Lee' };
const lastOf = (h: Headers) => h.get('location')!.split('/').pop()!;

const profilePage = { profile: [{ id: '1', name: 'System' }], paginationInfo: { count: 1, pagenum: 1, pagesize: 75 } };
const casebase = (form: Form) => ({
  casebaseId: '101',
  name: 'Home internet',
  id: '1011',
  status: 'live',
  // The contract: one object; the vendor's examples and client: an array of pages.
  profiles: form === 'vendor' ? [profilePage] : profilePage,
  searchSettings: { closeSessionOnAccept: true, closeSessionOnReject: false },
  languages: form === 'vendor' ? { kbLanguage: [{ code: 'en-us', name: 'English (US)' }] } : { KbLanguage: [{ code: 'en-US', name: 'English' }] },
  link: LINK,
});
const question = { id: '1001', title: 'How?', type: 'list', format: 'radioButton', shortName: 'how', hasAdditionalInfo: false, hasAction: false, validAnswer: [{ id: '10011', text: 'Fibre', depth: 1, isInvisible: false }] };
const answered = { ...question, previousAnswer: [{ id: '10014' }], answerSource: 'user' };
const caseSearchItem = (form: Form) => ({
  ...(form === 'vendor' ? { id: '5008', passedThreshold: true } : { caseId: '5008', passedThresholdValue: true }),
  title: 'Check the signal',
  shortName: 'signal',
  type: 'Article',
  score: 100,
  acceptCount: 1,
  rejectCount: 0,
  additionalInfo: false,
  metadata: [],
  action: [{ id: '7008', title: 'Signal', type: 'article', shortName: 'kb', acceptCount: 1, rejectCount: 0, metadata: [] }],
});
const articleType = { articleCategoryId: 1, typeName: 'How-to', useStructuredAuthoring: true, articleTypeId: '11' };
const actionSearchItem = (form: Form) => ({
  ...(form === 'vendor'
    ? { id: '7008', alternateId: 'ALT-7008', passedThreshold: true, additionalInfo: false, articleTypeAttributes: articleType }
    : { passedThresholdValue: true, hasAdditionalInfo: false, articleType }),
  actionId: '7008',
  caseId: '5008',
  name: 'Signal',
  shortName: 'kb',
  type: 'article',
  articleId: 'KB-10008',
  score: 100,
  acceptCount: 1,
  rejectCount: 0,
  metadata: [],
});
const searchAnswer = (form: Form) => ({
  casebase: casebase(form),
  unansweredQuestion: [question],
  answeredQuestion: [answered],
  caseSearch: [caseSearchItem(form)],
  actionSearch: [actionSearchItem(form)],
  targetClusters: [{ id: '301' }],
});
const STEP_ANSWERS = [{ id: '1001', answers: [{ id: '10014' }] }, { id: '1002', answers: [{ id: '10022' }] }];

export const GUIDED_HELP: VendorExample[] = [
  { family: 'guided help', name: 'list releases', request: () => ({ method: 'GET', path: `${GH}/casebasereleases` }), status: 200, answer: (f) => ({ casebase: [casebase(f)], paginationInfo: PAGE }) },
  { family: 'guided help', name: 'a release by id', request: () => ({ method: 'GET', path: `${GH}/casebasereleases/1011` }), status: 200, answer: (f) => ({ casebase: [casebase(f)] }) },
  {
    family: 'guided help',
    name: 'clusters of a release',
    request: () => ({ method: 'GET', path: `${GH}/casebasereleases/1011/clusters` }),
    status: 200,
    answer: () => ({ cluster: [{ id: '301', name: 'No connection', shortName: 'none', depth: 1, startup: true }], paginationInfo: PAGE }),
  },
  { family: 'guided help', name: 'profiles', request: () => ({ method: 'GET', path: `${GH}/profiles` }), status: 200, answer: () => ({ profile: [{ id: '1', name: 'System' }], paginationInfo: PAGE }) },
  {
    family: 'guided help',
    name: 'start a session (live release, profile, session variables)',
    request: () => ({ method: 'POST', path: `${GH}/search`, body: { casebaseId: '101', useLiveRelease: true, startOver: true, sessionVariable: [{ name: 'channel', value: 'chat' }] } }),
    status: 200,
    answer: (f) => ({ casebase: casebase(f), unansweredQuestion: [question], startupQuestion: [question] }),
  },
  { family: 'guided help', name: 'step with answers', request: () => ({ method: 'PUT', path: `${GH}/search`, body: { casebaseId: '101', questions: STEP_ANSWERS } }), status: 200, answer: searchAnswer },
  {
    family: 'guided help',
    name: 'cases of a cluster',
    request: () => ({ method: 'GET', path: `${GH}/casebasereleases/1011/clusters/301/cases` }),
    status: 200,
    answer: () => ({ case: [{ id: '5001', title: 'Restart', shortName: 'restart', link: LINK }] }),
  },
  {
    family: 'guided help',
    name: 'a case by id with every detail',
    request: () => ({ method: 'GET', path: `${GH}/casebasereleases/1011/cases/5001?caseAdditionalAttributes=all` }),
    status: 200,
    // The contract does not show this answer: the vendor's form in both modes.
    answer: () => ({
      id: '5001',
      title: 'Restart',
      shortName: 'restart',
      caseType: 'Article',
      clusterId: '301',
      releaseId: '1011',
      profileId: '2',
      score: 50,
      passedThresholdValue: false,
      thresholdValue: 60,
      thresholdType: 'percentage',
      acceptCount: 1,
      rejectCount: 0,
      metadata: [],
      createdBy: PERSON,
      createdDate: '2024-01-01T00:00:00Z',
      modifiedBy: PERSON,
      modifiedDate: '2024-01-01T00:00:00Z',
      link: LINK,
      questionDetail: [{ question: { id: '1001', title: 'How?' }, answer: [{ id: '10011', text: 'Fibre' }], scoringValue: 1 }],
      action: [{ id: '7001', title: 'Restart', type: 'article', shortName: 'kb', articleId: 'KB-10001', articleType, acceptCount: 1, rejectCount: 0 }],
    }),
  },
];

export const QUICKPICKS: VendorExample[] = [
  {
    family: 'quickpicks',
    name: 'create with the vendor\'s names and activity header',
    request: () => ({ method: 'POST', path: `${GH}/quickpicks`, headers: VENDOR_ACTIVITY, body: { casebaseReleaseID: '1011', name: 'Slow 4G', comment: 'for later', linkToActivity: true } }),
    status: 201,
    learn: (r, l) => void (l.quickpickId = lastOf(r.headers)),
  },
  {
    family: 'quickpicks',
    name: 'list by release',
    request: () => ({ method: 'GET', path: `${GH}/quickpicks?casebaseReleaseID=1011` }),
    status: 200,
    answer: () => ({ quickpick: [{ id: '9', name: 'Slow 4G', comment: 'for later', casebaseReleaseId: '1011', linkToActivity: true, link: LINK }], paginationInfo: PAGE }),
  },
  {
    family: 'quickpicks',
    name: 'the last one saved for the interaction (a boolean)',
    request: () => ({ method: 'GET', path: `${GH}/quickpicks?getLastSavedQuickPickForInteraction=true`, headers: VENDOR_ACTIVITY }),
    status: 200,
    answer: () => ({ quickpick: [{ id: '9', name: 'Slow 4G', comment: 'for later', casebaseReleaseId: '1011', linkToActivity: true, link: LINK }], paginationInfo: PAGE }),
  },
  {
    family: 'quickpicks',
    name: 'resume',
    request: (l) => ({ method: 'POST', path: `${GH}/quickpicks/${l.quickpickId}`, headers: VENDOR_ACTIVITY }),
    status: 200,
    answer: (f) => ({ casebase: casebase(f), answeredQuestion: [answered], caseSearch: [caseSearchItem(f)] }),
  },
  {
    family: 'guided help',
    name: 'reject a solution (the casebase keeps its session open on reject)',
    request: () => ({ method: 'POST', path: `${GH}/cases/5008/reject`, body: { id: '7008', name: 'Signal', profileId: '2' } }),
    status: 201,
  },
  {
    family: 'guided help',
    name: 'accept a solution',
    request: () => ({ method: 'POST', path: `${GH}/cases/5008/accept`, body: { id: '7008', name: 'Signal', profileId: '2' } }),
    status: 201,
  },
];

const suggestion = (form: Form, one: boolean) => ({
  id: '5',
  name: 'LED colours',
  description: '',
  content: 'What each colour means.',
  status: { value: 'pending', displayValue: 'Pending' },
  modifiedBy: PERSON,
  modifiedDate: '2024-01-01T00:00:00Z',
  hasAttachments: false,
  hasComments: false,
  hasRelatedArticles: false,
  // A list in realistic mode lowers the code; a suggestion read by id keeps it as sent.
  language: { code: form === 'vendor' && !one ? 'en-us' : 'en-US', label: 'English (United States)' },
  ...(form === 'vendor' ? { customAttribute: [{ name: 'product', value: ['router'], type: 'STRING' }], link: one ? LINK : [LINK] } : { customAttributes: [{ name: 'product', value: ['router'], type: 'STRING' }] }),
});

export const SUGGESTIONS: VendorExample[] = [
  {
    family: 'suggestions',
    name: 'create',
    request: () => ({ method: 'POST', path: SG, body: { name: 'LED colours', content: 'What each colour means.', language: { code: 'en-US' }, customAttributes: [{ name: 'product', value: ['router'], type: 'STRING' }] } }),
    status: 201,
    learn: (r, l) => void (l.suggestionId = lastOf(r.headers)),
  },
  { family: 'suggestions', name: 'list', request: () => ({ method: 'GET', path: `${SG}?filter[status]=pending` }), status: 200, answer: (f) => ({ suggestion: [suggestion(f, false)], paginationInfo: PAGE }), exact: ['suggestion.0.language.code'] },
  {
    family: 'suggestions',
    name: 'get by id',
    request: (l) => ({ method: 'GET', path: `${SG}/${l.suggestionId}` }),
    status: 200,
    answer: (f) => suggestion(f, true),
    exact: ['language.code'],
    learn: (r, l) => void (l.modifiedDate = (r.body as { modifiedDate: string }).modifiedDate),
  },
  {
    family: 'suggestions',
    name: 'related articles (none yet: the shape of the list)',
    request: (l) => ({ method: 'GET', path: `${SG}/${l.suggestionId}/relatedArticles` }),
    status: 200,
    answer: () => ({ count: 0, relatedArticles: [] }),
    exact: ['count'],
  },
  { family: 'suggestions', name: 'comment', request: (l) => ({ method: 'POST', path: `${SG}/${l.suggestionId}/comments`, body: { content: 'Add the orange one.' } }), status: 201 },
  {
    family: 'suggestions',
    name: 'comments',
    request: (l) => ({ method: 'GET', path: `${SG}/${l.suggestionId}/comments` }),
    status: 200,
    answer: () => ({ count: 1, comments: [{ id: '7', content: 'Add the orange one.', createdBy: PERSON, createdDate: '2024-01-01T00:00:00Z' }] }),
  },
];

export const UPLOADS: VendorExample[] = [
  {
    family: 'uploads',
    name: 'preupload',
    request: () => ({ method: 'POST', path: '/attachment/preupload', body: { name: 'leds.txt', size: 5 } }),
    status: 200,
    answer: () => ({ altId: 'a1', name: 'leds.txt', contentUrl: 'https://portal.example/upload' }),
    exact: ['name'],
    learn: (r, l) => {
      const b = r.body as { altId: string; contentUrl: string };
      l.altId = b.altId;
      l.contentUrl = b.contentUrl;
    },
  },
  { family: 'uploads', name: 'upload the bytes', request: (l) => ({ method: 'POST', path: l.contentUrl!, body: 'hello', headers: { 'content-type': 'application/octet-stream' } }), status: 201 },
  {
    family: 'uploads',
    name: 'link the upload to the suggestion',
    request: (l) => ({ method: 'PUT', path: SG, body: { id: l.suggestionId, modifiedDate: l.modifiedDate, attachments: { attachment: [{ altId: l.altId }] } } }),
    status: 204,
  },
  {
    family: 'uploads',
    name: 'attachments of the suggestion',
    request: (l) => ({ method: 'GET', path: `${SG}/${l.suggestionId}/attachments` }),
    status: 200,
    answer: (f) => ({ count: 1, attachments: [{ id: '3', fileName: 'leds.txt', size: 5, link: f === 'vendor' ? [LINK] : LINK }] }),
    learn: (r, l) => void (l.attachmentId = (r.body as { attachments: { id: string }[] }).attachments[0]!.id),
  },
  {
    family: 'uploads',
    name: 'an attachment by id',
    request: (l) => ({ method: 'GET', path: `${SG}/attachments/${l.attachmentId}` }),
    status: 200,
    answer: () => ({ id: '3', fileName: 'leds.txt', size: 5, link: LINK }),
  },
  { family: 'suggestions', name: 'delete', request: (l) => ({ method: 'DELETE', path: `${SG}/${l.suggestionId}` }), status: 204 },
];

/** Every family, in the order one run replays them (each example may use what the earlier ones learnt). */
export const VENDOR_EXAMPLES: VendorExample[] = [...GUIDED_HELP, ...QUICKPICKS, ...SUGGESTIONS, ...UPLOADS];
