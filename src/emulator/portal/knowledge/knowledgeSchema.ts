/**
 * The shape of the emulator's sample knowledge files (src/emulator/portal/data/*.json): the
 * portals, and one file per casebase. This is authoring data, not a platform shape: the
 * platform's answers (spec 2.2 and the assumed shapes of docs/platform-contract.md) are rendered from it. Validated when the
 * emulator loads it, so a mistake in a data file fails at start with the file and the path named.
 *
 * Cross-references (a case naming a question that does not exist, ...) are checked after this
 * parse, in knowledgeIndex.ts, because zod sees one file at a time.
 */
import { z } from 'zod';
import { CASEBASE_STATUSES, CASE_TYPES, ACTION_TYPES } from '../../../schemas/guidedHelp.js';
import { CUSTOM_ATTRIBUTE_TYPES, QUESTION_FORMATS, QUESTION_TYPES } from '../../../schemas/guidedHelpQuestions.js';
import { KB_LANGUAGE_CODES, type KbLanguageCode } from '../../../schemas/languages.js';
import { ARTICLE_ID_PATTERN, NUMERIC_ID_PATTERN, PORTAL_ID_PATTERN } from '../../../schemas/patterns.js';

const numericId = z.string().regex(NUMERIC_ID_PATTERN, 'must be a numeric id string');
const articleId = z.string().regex(ARTICLE_ID_PATTERN, 'must be 2-4 letters, a dash, 4-15 digits');
const languageCode = z.enum(KB_LANGUAGE_CODES as [KbLanguageCode, ...KbLanguageCode[]]);

/** Text in several languages, keyed by KbLanguage code; en-US is required as the last fallback. */
export const localizedTextSchema = z
  .partialRecord(languageCode, z.string().min(1))
  .refine((t) => typeof t['en-US'] === 'string', 'needs at least an en-US text');

/** A metadata text: one string for every language, or one per language like titles (U2). */
const metadataText = z.union([z.string(), localizedTextSchema]);
const metadataSchema = z.array(z.object({ title: metadataText, additionalInformation: metadataText.optional(), action: z.string().optional() }));
export type MetadataData = z.infer<typeof metadataSchema>[number];

export const profileDataSchema = z.strictObject({ id: numericId, name: localizedTextSchema });

export const portalDataSchema = z.strictObject({
  id: z.string().regex(PORTAL_ID_PATTERN, 'a portal id: 2-4 letters, a dash, 4-15 digits'),
  name: z.string().min(1),
  defaultLanguage: languageCode,
  defaultProfileId: numericId,
  casebaseIds: z.array(numericId),
  profiles: z.array(profileDataSchema).min(1),
  /** The portal settings that gate suggestions (spec 4.3, P8); the admin API toggles them. */
  settings: z.strictObject({
    manageSuggestion: z.boolean(),
    allowCustomerAccess: z.boolean(),
    mySuggestions: z.boolean(),
  }),
});

export const portalsFileSchema = z.strictObject({ portals: z.array(portalDataSchema).min(1) });

export const releaseDataSchema = z.strictObject({
  id: numericId,
  status: z.enum(CASEBASE_STATUSES),
  name: localizedTextSchema,
  /** Portal profiles that may use this release; the system profile (1) is always among them. */
  profileIds: z.array(numericId),
});

export const clusterDataSchema = z.strictObject({
  id: numericId,
  name: localizedTextSchema,
  shortName: z.string().min(1),
  depth: z.number().int().min(1),
  startup: z.boolean().default(false),
});

export const answerDataSchema = z.strictObject({
  id: numericId,
  text: localizedTextSchema,
  conceptName: z.string().optional(),
  /** Numeric questions: the bucket of values this answer stands for. */
  lowerValue: z.number().int().optional(),
  upperValue: z.number().int().optional(),
  lowerInclusive: z.boolean().optional(),
  upperInclusive: z.boolean().optional(),
});

export const rangeDataSchema = z.strictObject({
  id: numericId,
  min: z.number(),
  max: z.number(),
  minInclusive: z.boolean(),
  maxInclusive: z.boolean(),
});

export const customAttributeDataSchema = z.strictObject({
  /** The name used by `ghCustomAdditionalAttributes=question.custom.<internalName>`. */
  internalName: z.string().regex(/^[A-Za-z0-9_]+$/, 'letters, digits and underscores'),
  name: z.string().min(1),
  value: z.string(),
  type: z.enum(CUSTOM_ATTRIBUTE_TYPES),
});

const MULTI_FORMATS = ['checkbox', 'mutliSelect'];
const FORMATS_BY_TYPE: Record<(typeof QUESTION_TYPES)[number], readonly string[]> = {
  numeric: ['number'],
  text: ['singleLineTextField', 'multiLineTextField'],
  list: ['radioButton', 'dropdown', 'checkbox', 'mutliSelect'],
  enumerated: ['radioButton', 'dropdown', 'checkbox', 'mutliSelect'],
};

/** True for formats that take several answers at once. */
export function isMultiAnswerFormat(format: string): boolean {
  return MULTI_FORMATS.includes(format);
}

export const questionDataSchema = z
  .strictObject({
    id: numericId,
    shortName: z.string().min(1),
    title: localizedTextSchema,
    type: z.enum(QUESTION_TYPES),
    format: z.enum(QUESTION_FORMATS),
    startup: z.boolean().default(false),
    hasAdditionalInfo: z.boolean().default(false),
    metadata: metadataSchema.default([]),
    answers: z.array(answerDataSchema).default([]),
    range: rangeDataSchema.optional(),
    customAttributes: z.array(customAttributeDataSchema).default([]),
    /** Asked only once another question got one of these answers. */
    askWhen: z.strictObject({ questionId: numericId, answerIds: z.array(numericId).min(1) }).optional(),
  })
  .superRefine((q, ctx) => {
    if (!FORMATS_BY_TYPE[q.type].includes(q.format)) {
      ctx.addIssue({ code: 'custom', path: ['format'], message: `format ${q.format} does not fit type ${q.type} (use ${FORMATS_BY_TYPE[q.type].join(', ')})` });
    }
    if (q.type === 'numeric' && !q.range) ctx.addIssue({ code: 'custom', path: ['range'], message: 'a numeric question needs a range' });
    if ((q.type === 'list' || q.type === 'enumerated') && q.answers.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['answers'], message: 'a list or enumerated question needs at least two answers' });
    }
    if (q.type === 'numeric') {
      q.answers.forEach((a, i) => {
        if (a.lowerValue === undefined || a.upperValue === undefined) {
          ctx.addIssue({ code: 'custom', path: ['answers', i], message: 'a numeric answer bucket needs lowerValue and upperValue' });
        }
      });
    }
  });

/** What makes a case fit: the answers to one question, or words in a text answer. */
export const conditionDataSchema = z
  .strictObject({
    questionId: numericId,
    answerIds: z.array(numericId).min(1).optional(),
    /** Text questions: any of these words (case-insensitive) in the answer matches. */
    contains: z.array(z.string().min(1)).min(1).optional(),
    weight: z.number().positive().default(1),
  })
  .refine((c) => (c.answerIds === undefined) !== (c.contains === undefined), 'give answerIds or contains, not both');

export const caseDataSchema = z.strictObject({
  id: numericId,
  clusterId: numericId,
  title: localizedTextSchema,
  shortName: z.string().min(1),
  type: z.enum(CASE_TYPES),
  /** Percent score a case needs to pass; defaults to the casebase threshold. */
  threshold: z.number().min(0).max(100).optional(),
  acceptCount: z.number().int().min(0).default(0),
  rejectCount: z.number().int().min(0).default(0),
  conditions: z.array(conditionDataSchema).min(1),
  actionIds: z.array(numericId).min(1),
  metadata: metadataSchema.default([]),
  /** Only these profiles see the case (the system profile sees every case); all when absent. */
  profileIds: z.array(numericId).optional(),
  /** Only releases of these statuses hold the case (a draft lives in the author release only). */
  releaseStatuses: z.array(z.enum(CASEBASE_STATUSES)).optional(),
});

export const actionDataSchema = z.strictObject({
  id: numericId,
  name: localizedTextSchema,
  shortName: z.string().min(1),
  type: z.enum(ACTION_TYPES),
  articleId: articleId.optional(),
  articleType: z
    .strictObject({ articleCategoryId: z.number().int(), typeName: z.string(), useStructuredAuthoring: z.boolean(), articleTypeId: numericId })
    .optional(),
  acceptCount: z.number().int().min(0).default(0),
  rejectCount: z.number().int().min(0).default(0),
  metadata: metadataSchema.default([]),
});

/** An answer a rule gives by itself once another answer is known (answerSource `rule`). */
export const ruleDataSchema = z.strictObject({
  when: z.strictObject({ questionId: numericId, answerIds: z.array(numericId).min(1) }),
  then: z.strictObject({ questionId: numericId, answerIds: z.array(numericId).min(1) }),
});

export const dynamicSearchDataSchema = z.strictObject({
  type: z.string().min(1),
  parentClusterId: numericId,
  /** Shown once this (text) question is answered; virtual cases whose keywords occur in the answer. */
  triggerQuestionId: numericId,
  dynamicCluster: z.strictObject({ id: numericId, title: localizedTextSchema }),
  virtualCases: z.array(
    z.strictObject({
      id: numericId,
      title: localizedTextSchema,
      keywords: z.array(z.string().min(1)).min(1),
      articleId,
      summary: localizedTextSchema,
    }),
  ),
});

/** A guided-help session article: starting from it fixes the casebase, release type and some answers. */
export const sessionArticleDataSchema = z.strictObject({
  articleId,
  useLiveRelease: z.boolean(),
  profileId: numericId.optional(),
  answers: z.array(z.strictObject({ questionId: numericId, answerIds: z.array(numericId).min(1) })).default([]),
});

export const casebaseFileSchema = z.strictObject({
  casebaseId: numericId,
  name: localizedTextSchema,
  /** What the casebase covers, in the customer's words: the author's text that topic matching reads (U5). */
  description: localizedTextSchema.optional(),
  /** The author's search words per language (U5); a language without its own has none. */
  keywords: z.partialRecord(languageCode, z.array(z.string().min(1))).optional(),
  defaultLanguage: languageCode,
  languages: z.array(languageCode).min(1),
  threshold: z.number().min(0).max(100),
  searchSettings: z.strictObject({ closeSessionOnAccept: z.boolean(), closeSessionOnReject: z.boolean() }),
  releases: z.array(releaseDataSchema).min(1),
  clusters: z.array(clusterDataSchema).min(1),
  questions: z.array(questionDataSchema).min(1),
  rules: z.array(ruleDataSchema).default([]),
  cases: z.array(caseDataSchema).min(1),
  actions: z.array(actionDataSchema).min(1),
  dynamicSearches: z.array(dynamicSearchDataSchema).default([]),
  sessionArticles: z.array(sessionArticleDataSchema).default([]),
});

export type LocalizedText = z.infer<typeof localizedTextSchema>;
export type PortalData = z.infer<typeof portalDataSchema>;
export type ProfileData = z.infer<typeof profileDataSchema>;
export type ReleaseData = z.infer<typeof releaseDataSchema>;
export type ClusterData = z.infer<typeof clusterDataSchema>;
export type QuestionData = z.infer<typeof questionDataSchema>;
export type AnswerData = z.infer<typeof answerDataSchema>;
export type ConditionData = z.infer<typeof conditionDataSchema>;
export type CaseData = z.infer<typeof caseDataSchema>;
export type ActionData = z.infer<typeof actionDataSchema>;
export type RuleData = z.infer<typeof ruleDataSchema>;
export type DynamicSearchData = z.infer<typeof dynamicSearchDataSchema>;
export type SessionArticleData = z.infer<typeof sessionArticleDataSchema>;
export type CasebaseData = z.infer<typeof casebaseFileSchema>;
