/**
 * What the other guided-help calls send and receive. Spec 2.4 and 4.3 leave these "not shown";
 * the shapes are the published ones, one documented assumption each (docs/platform-contract.md,
 * "What the contract leaves open, and what we assume"). Objects are loose: unknown fields are kept. Ids the
 * spec calls numeric (casebase and release ids, question ids) are checked in the bodies we
 * send, so a bad one is refused before the network; ids of assumed list items are plain strings.
 */
import { z } from 'zod';
import { numericIdSchema } from './patterns.js';
import { casebaseSchema, linkOrLinksSchema, paginationInfoSchema, profilePageSchema } from './guidedHelp.js';

/**
 * One answer to a question: an answer id for list/enumerated questions, a value for numeric and
 * text ones. An answer with neither says nothing, so it is refused.
 */
export const questionAnswerSchema = z
  .looseObject({
    id: z.string().optional(),
    value: z.union([z.string(), z.number()]).optional(),
  })
  .refine((a) => a.id !== undefined || a.value !== undefined, 'an answer needs an id or a value');

export const answeredQuestionInputSchema = z.looseObject({
  id: numericIdSchema,
  answers: z.array(questionAnswerSchema),
});

export const sessionVariableSchema = z.looseObject({
  name: z.string().min(1),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

/**
 * Start a session, POST /gh/search. `useLiveRelease` picks the live release (else the authoring
 * one): the "casebase plus release type" start of 4.3; `ghsArticleId` starts from a guided-help
 * session article. `profileId` defaults to the portal's profile when left out (1 = system).
 */
export const searchStartBodySchema = z.looseObject({
  casebaseId: numericIdSchema,
  questions: z.array(answeredQuestionInputSchema).optional(),
  profileId: z.string().optional(),
  sessionVariable: z.array(sessionVariableSchema).optional(),
  startOver: z.boolean().optional(),
  useLiveRelease: z.boolean().optional(),
  // The contract gives this id no pattern, and the platform documents 15-digit ones: none invented.
  ghsArticleId: z.string().min(1).optional(),
});

/** Perform a step, PUT /gh/search: the same body with `questions` required. */
export const searchStepBodySchema = searchStartBodySchema.extend({
  questions: z.array(answeredQuestionInputSchema),
});

/** Accept or reject a solution, `POST /gh/cases/{caseID}/accept|reject`: the solution and the profile. */
export const caseDecisionBodySchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().optional(),
  profileId: z.string().optional(),
});

/** Create a quickpick, POST /gh/quickpicks (linkToActivity is the one field 2.4 shows). */
export const createQuickpickBodySchema = z.looseObject({
  casebaseReleaseId: numericIdSchema,
  name: z.string().optional(),
  comment: z.string().optional(),
  linkToActivity: z.boolean().optional(),
});

/** GET /gh/casebasereleases: items are casebase objects of 2.2. 204 when there are none. */
export const casebaseReleaseListSchema = z.looseObject({
  casebase: z.array(casebaseSchema).optional(),
  paginationInfo: paginationInfoSchema.optional(),
});

export const clusterSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  shortName: z.string().optional(),
  depth: z.number().int().optional(),
  startup: z.boolean().optional(),
});

/** `GET /gh/casebasereleases/{id}/clusters`. */
export const clusterListSchema = z.looseObject({
  cluster: z.array(clusterSchema).optional(),
  paginationInfo: paginationInfoSchema.optional(),
});

export const clusterCaseSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  shortName: z.string().optional(),
  link: linkOrLinksSchema.optional(),
});

/** `GET /gh/casebasereleases/{id}/clusters/{clusterID}/cases` (no paginationInfo published). */
export const clusterCaseListSchema = z.looseObject({
  case: z.array(clusterCaseSchema).optional(),
});

/** GET /gh/profiles: the same shape as casebase.profiles in its object form, so the same schema. */
export const profileListSchema = profilePageSchema;

export const quickpickSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  comment: z.string().optional(),
  casebaseReleaseId: z.string().optional(),
  linkToActivity: z.boolean().optional(),
  link: linkOrLinksSchema.optional(),
});

/** GET /gh/quickpicks; 204 when there are none. */
export const quickpickListSchema = z.looseObject({
  quickpick: z.array(quickpickSchema).optional(),
  paginationInfo: paginationInfoSchema.optional(),
});

export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;
export type AnsweredQuestionInput = z.infer<typeof answeredQuestionInputSchema>;
export type SessionVariable = z.infer<typeof sessionVariableSchema>;
export type SearchStartBody = z.infer<typeof searchStartBodySchema>;
export type SearchStepBody = z.infer<typeof searchStepBodySchema>;
export type CaseDecisionBody = z.infer<typeof caseDecisionBodySchema>;
export type CreateQuickpickBody = z.infer<typeof createQuickpickBodySchema>;
export type CasebaseReleaseList = z.infer<typeof casebaseReleaseListSchema>;
export type Cluster = z.infer<typeof clusterSchema>;
export type ClusterList = z.infer<typeof clusterListSchema>;
export type ClusterCase = z.infer<typeof clusterCaseSchema>;
export type ClusterCaseList = z.infer<typeof clusterCaseListSchema>;
export type ProfileList = z.infer<typeof profileListSchema>;
export type Quickpick = z.infer<typeof quickpickSchema>;
export type QuickpickList = z.infer<typeof quickpickListSchema>;
