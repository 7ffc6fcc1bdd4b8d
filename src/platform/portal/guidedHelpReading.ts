/**
 * How the guided-help answers are read, in one place, so the client and the public
 * `parseGuidedHelpResponse` read alike (one parser, rule F4's "one tolerant reader"):
 *
 * - a search answer (start, step, resume-quickpick; 2.2) through the tolerant reader (R1-R3);
 * - one casebase release, in the contract's form (the bare casebase) or the vendor's
 *   (`{casebase: [ ... ]}`, one or more releases), unwrapped to the release asked for (F1);
 * - one case, in the vendor's form (a bare case, question details under `questionDetail`) or
 *   the older list form (`{case: [item]}`, details under `question`) (F1).
 *
 * A read that cannot give the id, name and status of a release, or the id of a case, is a
 * PlatformError 502-101: never an object with undefined fields and no word said.
 */
import { z } from 'zod';
import {
  CASEBASE_STATUSES,
  caseActionSchema,
  casebaseSchema,
  guidedHelpSearchResponseSchema,
  metadataListSchema,
  questionSchema,
  type GuidedHelpSearchResponse,
} from '../../schemas/guidedHelp.js';
import { clusterCaseSchema } from '../../schemas/guidedHelpRequests.js';
import { numericIdSchema } from '../../schemas/patterns.js';
import { parseResponseBody, type ReadNotes } from '../http/parseResponseBody.js';
import { readListedOne, unwrapListedOne } from '../http/readListedOne.js';

/** One release read by id: what a caller needs to tell releases apart is required. */
export const casebaseReleaseSchema = casebaseSchema.extend({
  id: numericIdSchema,
  name: z.string(),
  status: z.enum(CASEBASE_STATUSES),
});
export type CasebaseRelease = z.infer<typeof casebaseReleaseSchema>;

/**
 * A question detail of a case read by id, in either form (F1, F5): the vendor's
 * `{question: {id, title}, answer: [{id, text}], scoringValue}` or a flat question. The
 * vendor's item is also read with the question's `id` and `title` at its top, so a reader of
 * the flat form finds them where it looks; both forms keep every field they came with.
 */
const caseConditionSchema = z.looseObject({
  question: z.looseObject({ id: numericIdSchema.optional(), title: z.string().optional() }).optional(),
  answer: z.array(z.looseObject({ id: z.string().optional(), text: z.string().optional() })).optional(),
  scoringValue: z.number().optional(),
});
function questionAtTop(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const q = (item as { question?: unknown }).question;
  if (typeof q !== 'object' || q === null || Array.isArray(q)) return item;
  const { id, title } = q as { id?: unknown; title?: unknown };
  return { ...(id === undefined ? {} : { id }), ...(title === undefined ? {} : { title }), ...item };
}
export const caseQuestionDetailSchema = z.preprocess(questionAtTop, z.intersection(questionSchema, caseConditionSchema));

/** One case read by id. Its fields are not in the contract: the vendor's names, all but `id` optional. */
export const caseDetailSchema = clusterCaseSchema.extend({
  type: z.string().optional(),
  clusterId: z.string().optional(),
  score: z.number().optional(),
  passedThresholdValue: z.boolean().optional(),
  acceptCount: z.number().int().optional(),
  rejectCount: z.number().int().optional(),
  metadata: metadataListSchema.optional(),
  questionDetail: z.array(caseQuestionDetailSchema).optional(),
  action: z.array(caseActionSchema).optional(),
  caseType: z.string().optional(),
  releaseId: z.string().optional(),
  profileId: z.string().optional(),
  thresholdValue: z.number().optional(),
  thresholdType: z.string().optional(),
  modifiedDate: z.string().optional(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

/** A search answer (2.2) read tolerantly: what does not fit is left out and noted (R1-R3). */
export function readSearchResponse(data: unknown, operation: string, notes?: ReadNotes): GuidedHelpSearchResponse {
  return parseResponseBody(guidedHelpSearchResponseSchema, data, operation, notes);
}

/**
 * The 200 body of start, step and resume-quickpick (2.2), read as the client reads it: fields
 * that do not fit are left out (and told to `notes`), the vendor's spellings are accepted; a
 * body that is not a search answer at all is a PlatformError 502-101 naming the fields at fault.
 */
export function parseGuidedHelpResponse(body: unknown, notes?: ReadNotes): GuidedHelpSearchResponse {
  return readSearchResponse(body, 'parseGuidedHelpResponse', notes);
}

/** GET /gh/casebasereleases/{id}, in either form, as the release asked for. */
export function readCasebaseRelease(data: unknown, casebaseReleaseID: string, operation: string, notes?: ReadNotes): CasebaseRelease {
  return readListedOne(casebaseReleaseSchema, data, { listField: 'casebase', idField: 'id', id: casebaseReleaseID }, operation, notes);
}

/** A field under the vendor's name when the answer used the other one (and not both). */
function renamed(value: unknown, from: string, to: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (!Object.hasOwn(value, from) || Object.hasOwn(value, to)) return value;
  const { [from]: moved, ...rest } = value as Record<string, unknown>;
  return { ...rest, [to]: moved };
}

/** GET .../cases/{caseID}, in either form, as the case asked for (question details under `questionDetail`). */
export function readCaseDetail(data: unknown, caseID: string, operation: string, notes?: ReadNotes): CaseDetail {
  const one = unwrapListedOne(data, { listField: 'case', idField: 'id', id: caseID }, operation);
  // Renamed before the read, so a misfit inside the details is dropped where it is, not the whole case.
  const vendorNames = renamed(renamed(one, 'question', 'questionDetail'), 'passedThreshold', 'passedThresholdValue');
  return parseResponseBody(caseDetailSchema, vendorNames, operation, notes);
}
