/**
 * Questions of the guided-help search response (spec 2.2): unansweredQuestion[] and
 * answeredQuestion[], with their valid answers, ranges and custom attributes. Also the small
 * pieces the rest of the guided-help schemas share (metadata items, the misspelling helper).
 * Every object is loose: fields the platform adds are kept (spec 6.8 says payloads may grow).
 */
import { z } from 'zod';
import { numericIdSchema } from './patterns.js';

/**
 * Published examples sometimes spell a field differently from the schema (the assumed shapes of docs/platform-contract.md:
 * `customAttribute`, `articleTypeAttributes`, `kbLanguage`). This accepts `from` and moves it to
 * `to` before validation, so callers only ever see the schema's spelling; the rest of the
 * object is kept as it came. When both spellings are present the schema's one wins and the
 * other stays as an unknown field. The input object is never mutated.
 */
export function withRenamedKey<S extends z.ZodType>(from: string, to: string, schema: S) {
  return z.preprocess((v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    if (!Object.hasOwn(v, from) || Object.hasOwn(v, to)) return v;
    const { [from]: moved, ...rest } = v as Record<string, unknown>;
    return { ...rest, [to]: moved };
  }, schema);
}

/**
 * Metadata items. Their fields are shown only for actionSearch.metadata (title,
 * additionalInformation, action); the other metadata arrays of 2.2 do not show theirs, and we
 * assume the same item shape (same name, same response). Every field is optional and extra ones
 * are kept, so an item of another shape still passes unless it reuses these names with
 * another type.
 */
export const metadataItemSchema = z.looseObject({
  title: z.string().optional(),
  additionalInformation: z.string().optional(),
  action: z.string().optional(),
});
export const metadataListSchema = z.array(metadataItemSchema);

export const QUESTION_TYPES = ['numeric', 'enumerated', 'list', 'text'] as const;
/** `mutliSelect` is the platform's own spelling (2.2); `multiSelect` is not a valid format. */
export const QUESTION_FORMATS = [
  'radioButton',
  'dropdown',
  'checkbox',
  'mutliSelect',
  'number',
  'singleLineTextField',
  'multiLineTextField',
] as const;
export const CUSTOM_ATTRIBUTE_TYPES = ['STRING', 'INTEGER', 'BOOLEAN', 'DATETIME'] as const;
export const ANSWER_SOURCES = ['rule', 'data_link_article', 'user'] as const;

export const questionTypeSchema = z.enum(QUESTION_TYPES);
export const questionFormatSchema = z.enum(QUESTION_FORMATS);
export const customAttributeTypeSchema = z.enum(CUSTOM_ATTRIBUTE_TYPES);
export const answerSourceSchema = z.enum(ANSWER_SOURCES);

export const validAnswerSchema = z.looseObject({
  id: z.string().optional(),
  depth: z.number().int().optional(),
  isInvisible: z.boolean().optional(),
  text: z.string().optional(),
  image: z.looseObject({}).optional(),
  conceptName: z.string().optional(),
  conceptId: z.string().optional(),
  lowerValue: z.number().int().optional(),
  upperValue: z.number().int().optional(),
  enumLowerValue: z.string().optional(),
  enumUpperValue: z.string().optional(),
  lowerInclusive: z.boolean().optional(),
  upperInclusive: z.boolean().optional(),
  partialMin: z.number().int().optional(),
  partialMax: z.number().int().optional(),
});

export const validAnswerRangeSchema = z.looseObject({
  id: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  minInclusive: z.boolean().optional(),
  maxInclusive: z.boolean().optional(),
});

export const customAttributeSchema = z.looseObject({
  name: z.string().optional(),
  value: z.string().optional(),
  type: customAttributeTypeSchema.optional(),
});

/** The fields both question arrays share (2.2: unansweredQuestion lists exactly these). */
const questionShape = {
  id: numericIdSchema.optional(),
  title: z.string().optional(),
  type: questionTypeSchema.optional(),
  format: questionFormatSchema.optional(),
  shortName: z.string().optional(),
  hasAdditionalInfo: z.boolean().optional(),
  hasAction: z.boolean().optional(),
  validAnswer: z.array(validAnswerSchema).optional(),
  metadata: metadataListSchema.optional(),
  customAttributes: z.array(customAttributeSchema).optional(),
};

/** An unansweredQuestion[] item (and the common part of every question). */
export const questionSchema = withRenamedKey('customAttribute', 'customAttributes', z.looseObject(questionShape));
export const unansweredQuestionSchema = questionSchema;

/**
 * An answeredQuestion[] item: a question plus what was answered. previousAnswer items are not
 * shown in 2.2, so they are kept as they come (unknown), never refused.
 */
export const answeredQuestionSchema = withRenamedKey(
  'customAttribute',
  'customAttributes',
  z.looseObject({
    ...questionShape,
    previousAnswer: z.array(z.unknown()).optional(),
    validAnswerRange: validAnswerRangeSchema.optional(),
    answerSource: answerSourceSchema.optional(),
  }),
);

export type MetadataItem = z.infer<typeof metadataItemSchema>;
export type QuestionType = z.infer<typeof questionTypeSchema>;
export type QuestionFormat = z.infer<typeof questionFormatSchema>;
export type CustomAttributeType = z.infer<typeof customAttributeTypeSchema>;
export type AnswerSource = z.infer<typeof answerSourceSchema>;
export type ValidAnswer = z.infer<typeof validAnswerSchema>;
export type ValidAnswerRange = z.infer<typeof validAnswerRangeSchema>;
export type CustomAttribute = z.infer<typeof customAttributeSchema>;
export type Question = z.infer<typeof questionSchema>;
export type UnansweredQuestion = Question;
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;
