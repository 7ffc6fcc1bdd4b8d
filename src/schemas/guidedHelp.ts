/**
 * The guided-help search response of spec 2.2 (returned by resume-quickpick, and by start and
 * step of a search session per the assumed shapes of docs/platform-contract.md). Questions are in guidedHelpQuestions.ts
 * (re-exported here); request bodies and list answers are in guidedHelpRequests.ts.
 *
 * Leniency: every object keeps unknown fields (z.looseObject) and every field is optional unless
 * 2.2 marks it required. What 2.2 does state is enforced (P3): enums, the articleId pattern,
 * numeric id strings, pagesize <= 75, display content <= 2 MB. The published misspellings
 * (articleTypeAttributes, customAttribute, kbLanguage) are accepted and renamed to the schema's
 * spelling; both published forms of casebase.profiles are accepted as they are.
 */
import { z } from 'zod';
import { articleIdSchema, numericIdSchema } from './patterns.js';
import { KB_LANGUAGE_CODES, kbLanguageCodeSchema } from './languages.js';
import { answeredQuestionSchema, metadataListSchema, unansweredQuestionSchema, withRenamedKey } from './guidedHelpQuestions.js';

export * from './guidedHelpQuestions.js';

/** Spec 2.2 and 8.8: guided help pages hold at most 75 objects. */
export const MAX_PAGE_SIZE = 75;
/**
 * Spec 2.2 and 8.8: display field content is at most "2 MB". Read as 2 MiB (2 * 1024 * 1024)
 * measured in UTF-8 bytes, the encoding of JSON on the wire (RFC 8259), not in UTF-16 code
 * units (`string.length`), which would let non-Latin text through at up to three times the size.
 */
export const MAX_DISPLAY_CONTENT_BYTES = 2 * 1024 * 1024;
/** Spec 2.2 (P9): profile id 1 is always the system profile. */
export const SYSTEM_PROFILE_ID = '1';

export const CASEBASE_STATUSES = ['author', 'live', 'qa'] as const;
export const ACTION_TYPES = ['control', 'article'] as const;
/** caseSearch[].type is capitalised in 2.2, unlike actionSearch[].type. */
export const CASE_TYPES = ['Control', 'Article'] as const;

export const linkSchema = z.looseObject({ rel: z.string().optional(), href: z.string().optional() });
/** `link` fields whose form is not shown (list items): one link object or an array of them. */
export const linkOrLinksSchema = z.union([linkSchema, z.array(linkSchema)]);

/** One schema for every paged guided-help list (profiles, releases, clusters, quickpicks). */
export const paginationInfoSchema = z.looseObject({
  count: z.number().int().nonnegative(),
  pagenum: z.number().int().min(1),
  // Only the maximum is stated; 0 is not refused, so an odd empty page still parses.
  pagesize: z.number().int().nonnegative().max(MAX_PAGE_SIZE),
  link: z.array(linkSchema).optional(),
});

export const profileSchema = z.looseObject({ id: z.string(), name: z.string() });
/** `{profile: [...], paginationInfo}`: casebase.profiles, and also the GET /gh/profiles answer. */
export const profilePageSchema = z.looseObject({
  profile: z.array(profileSchema).optional(),
  paginationInfo: paginationInfoSchema.optional(),
});
const profilePagesSchema = z.array(profilePageSchema);

/**
 * Both published forms: one page object, or an array of them, kept in the form received.
 * Not a z.union: when both branches fail, zod 4 reports a bare "invalid input" at `profiles`
 * and the real problem (say pagesize 76) is lost. Picking the branch by the input's own form
 * keeps every issue with its full path.
 */
export const casebaseProfilesSchema = z.unknown().transform((v, ctx): ProfilePage | ProfilePage[] => {
  const r = Array.isArray(v) ? profilePagesSchema.safeParse(v) : profilePageSchema.safeParse(v);
  if (r.success) return r.data;
  for (const issue of r.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});

export const searchSettingsSchema = z.looseObject({
  closeSessionOnAccept: z.boolean().optional(),
  closeSessionOnReject: z.boolean().optional(),
});

/** A code of the list in any letter case: real answers write `en-us` too (F3); read as the list writes it. */
const kbLanguageCodeReadSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (KB_LANGUAGE_CODES.find((c) => c.toLowerCase() === v.toLowerCase()) ?? v) : v),
  kbLanguageCodeSchema,
);

export const kbLanguageSchema = z.looseObject({
  // Display text: never checked against the list (R2); real answers say "English (US)".
  name: z.string().optional(),
  code: kbLanguageCodeReadSchema.optional(),
});
export const casebaseLanguagesSchema = withRenamedKey(
  'kbLanguage',
  'KbLanguage',
  z.looseObject({ KbLanguage: z.array(kbLanguageSchema).optional() }),
);

/** casebase of 2.2; also an item of the casebase-release list. */
export const casebaseSchema = z.looseObject({
  casebaseId: numericIdSchema.optional(),
  name: z.string().optional(),
  id: numericIdSchema.optional(),
  status: z.enum(CASEBASE_STATUSES).optional(),
  profiles: casebaseProfilesSchema.optional(),
  searchSettings: searchSettingsSchema.optional(),
  languages: casebaseLanguagesSchema.optional(),
  link: linkSchema.optional(),
});

export const articleTypeSchema = z.looseObject({
  articleCategoryId: z.number().int().optional(),
  typeName: z.string().optional(),
  useStructuredAuthoring: z.boolean().optional(),
  articleTypeId: numericIdSchema.optional(),
});

/** Published alias: `passedThreshold` for `passedThresholdValue` (docs/platform-clients.md, assumed shapes). */
const withThresholdAlias = <S extends z.ZodType>(schema: S) => withRenamedKey('passedThreshold', 'passedThresholdValue', schema);

/** Published aliases: `articleTypeAttributes`, `additionalInfo` (F3), `passedThreshold`. */
export const actionSearchItemSchema = withRenamedKey(
  'articleTypeAttributes',
  'articleType',
  withRenamedKey('additionalInfo', 'hasAdditionalInfo', withThresholdAlias(z.looseObject({
    acceptCount: z.number().int().optional(),
    rejectCount: z.number().int().optional(),
    hasAdditionalInfo: z.boolean().optional(),
    metadata: metadataListSchema.optional(),
    articleId: articleIdSchema.optional(),
    caseId: numericIdSchema.optional(),
    passedThresholdValue: z.boolean().optional(),
    shortName: z.string().optional(),
    score: z.number().int().optional(),
    name: z.string().optional(),
    actionId: numericIdSchema.optional(),
    type: z.enum(ACTION_TYPES).optional(),
    articleType: articleTypeSchema.optional(),
  }))),
);

export const caseActionSchema = z.looseObject({
  id: z.string().optional(),
  title: z.string().optional(),
  type: z.string().optional(),
  shortName: z.string().optional(),
  rejectCount: z.number().int().optional(),
  acceptCount: z.number().int().optional(),
  metadata: metadataListSchema.optional(),
});

/** Published aliases: a case's `id` for `caseId`, `passedThreshold` (docs/platform-clients.md, assumed shapes). */
export const caseSearchItemSchema = withRenamedKey('id', 'caseId', withThresholdAlias(z.looseObject({
  acceptCount: z.number().int().optional(),
  rejectCount: z.number().int().optional(),
  action: z.array(caseActionSchema).optional(),
  additionalInfo: z.boolean().optional(),
  metadata: metadataListSchema.optional(),
  caseId: z.string().optional(),
  passedThresholdValue: z.boolean().optional(),
  shortName: z.string().optional(),
  score: z.number().optional(),
  title: z.string().optional(),
  type: z.enum(CASE_TYPES).optional(),
})));

/** Size of a string in UTF-8 bytes, without copying it. */
export function utf8ByteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

export const displayContentSchema = z
  .string()
  .refine((s) => utf8ByteLength(s) <= MAX_DISPLAY_CONTENT_BYTES, `content must be at most 2 MB (${MAX_DISPLAY_CONTENT_BYTES} bytes in UTF-8)`);

export const detailFieldSchema = z.looseObject({
  id: articleIdSchema.optional(),
  detailLink: z.string().optional(),
  detailType: z.string().optional(),
  fieldName: z.string().optional(),
});

export const displayFieldSchema = z.looseObject({
  id: articleIdSchema.optional(),
  content: displayContentSchema.optional(),
  fieldName: z.unknown().optional(),
});

export const virtualCaseSchema = z.looseObject({
  id: z.string().optional(),
  dynamicClusterId: z.string().optional(),
  title: z.string().optional(),
  virtualCaseId: z.string().optional(),
  detailField: z.array(detailFieldSchema).optional(),
  displayField: z.array(displayFieldSchema).optional(),
});

export const dynamicSearchItemSchema = z.looseObject({
  dynamicCluster: z.array(z.looseObject({ id: z.string().optional(), title: z.string().optional() })).optional(),
  parentClusterId: z.string().optional(),
  type: z.string().optional(),
  virtualCase: z.array(virtualCaseSchema).optional(),
});

export const targetClusterSchema = z.looseObject({ id: numericIdSchema.optional() });

export const guidedHelpSearchResponseSchema = z.looseObject({
  casebase: casebaseSchema.optional(),
  actionSearch: z.array(actionSearchItemSchema).optional(),
  answeredQuestion: z.array(answeredQuestionSchema).optional(),
  caseSearch: z.array(caseSearchItemSchema).optional(),
  dynamicSearch: z.array(dynamicSearchItemSchema).optional(),
  unansweredQuestion: z.array(unansweredQuestionSchema).optional(),
  // Elements not shown in 2.2: kept as they come.
  startupQuestion: z.array(z.unknown()).optional(),
  targetClusters: z.array(targetClusterSchema).optional(),
});

export type Link = z.infer<typeof linkSchema>;
export type PaginationInfo = z.infer<typeof paginationInfoSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type ProfilePage = z.infer<typeof profilePageSchema>;
export type CasebaseProfiles = z.infer<typeof casebaseProfilesSchema>;
export type SearchSettings = z.infer<typeof searchSettingsSchema>;
export type KbLanguage = z.infer<typeof kbLanguageSchema>;
export type CasebaseStatus = (typeof CASEBASE_STATUSES)[number];
export type Casebase = z.infer<typeof casebaseSchema>;
export type ArticleType = z.infer<typeof articleTypeSchema>;
export type ActionSearchItem = z.infer<typeof actionSearchItemSchema>;
export type CaseAction = z.infer<typeof caseActionSchema>;
export type CaseSearchItem = z.infer<typeof caseSearchItemSchema>;
export type DetailField = z.infer<typeof detailFieldSchema>;
export type DisplayField = z.infer<typeof displayFieldSchema>;
export type VirtualCase = z.infer<typeof virtualCaseSchema>;
export type DynamicSearchItem = z.infer<typeof dynamicSearchItemSchema>;
export type TargetCluster = z.infer<typeof targetClusterSchema>;
/**
 * The portal's answer to a guided-help start, step or resume: the session, the question asked and
 * the solutions found.
 */
export type GuidedHelpSearchResponse = z.infer<typeof guidedHelpSearchResponseSchema>;

/** P9: profile id 1 is the system profile (a numeric string compared as a number, so `01` too). */
export function isSystemProfile(profile: string | number | { id: string | number } | undefined | null): boolean {
  const id = typeof profile === 'object' && profile !== null ? profile.id : profile;
  if (typeof id === 'number') return id === 1;
  return typeof id === 'string' && /^[0-9]+$/.test(id) && Number(id) === Number(SYSTEM_PROFILE_ID);
}

/** Every profile of casebase.profiles, whichever published form it came in. */
export function profilesOf(profiles: CasebaseProfiles | undefined): Profile[] {
  if (!profiles) return [];
  const pages = Array.isArray(profiles) ? profiles : [profiles];
  return pages.flatMap((p) => p.profile ?? []);
}

export interface BodyIssue {
  /** Where the problem is, as `casebase.profiles.paginationInfo.pagesize` or `actionSearch[0].articleId`. */
  path: string;
  message: string;
}

/** A guided-help body that does not match its schema; `issues` names the path of each problem. */
export class GuidedHelpBodyError extends Error {
  readonly issues: readonly BodyIssue[];
  constructor(what: string, issues: BodyIssue[]) {
    super(`${what} does not match its schema: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'GuidedHelpBodyError';
    this.issues = issues;
  }
}

/** `a.b[0].c`; keys that are not identifiers are quoted (`a["x-y"]`); the root is `(root)`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(root)';
}

/** Parses `body` with `schema`, or throws a GuidedHelpBodyError listing every problem by path. */
export function parseGuidedHelpBody<S extends z.ZodType>(schema: S, body: unknown, what = 'guided-help body'): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new GuidedHelpBodyError(
    what,
    result.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message })),
  );
}
