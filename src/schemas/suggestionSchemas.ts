/**
 * Article suggestion shapes of the portal manager v4. The spec lists the operations (4.3) but
 * not their bodies (2.4); these follow the assumed shapes of docs/platform-contract.md, our one documented assumption
 * (README "Assumed shapes"). Request bodies are checked before they leave where the facts state
 * a requirement (required fields, lengths, the "at least one optional attribute" rule of modify,
 * P8); answers are read leniently, unknown fields kept.
 */
import { z } from 'zod';
import { linkOrLinksSchema, linkSchema, paginationInfoSchema } from './guidedHelp.js';
import { withRenamedKey } from './guidedHelpQuestions.js';

export const SUGGESTION_STATUSES = ['suggested', 'pending', 'declined', 'approved'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

const id = z.union([z.string(), z.number()]).transform(String);

export const suggestionCustomAttributeSchema = z.looseObject({
  name: z.string().min(1),
  value: z.array(z.unknown()),
  type: z.string().optional(),
});

export const attachmentRefSchema = z.looseObject({ altId: z.string().min(1) });

/** Body of POST /suggestions. */
export const createSuggestionBodySchema = z.looseObject({
  name: z.string().min(1).max(255),
  content: z.string().min(1).max(10000),
  language: z.looseObject({ code: z.string().min(1) }),
  description: z.string().optional(),
  feedbackArticle: z.looseObject({ id: z.string().min(1) }).optional(),
  attachments: z.looseObject({ attachment: z.array(attachmentRefSchema) }).optional(),
  customAttributes: z.array(suggestionCustomAttributeSchema).optional(),
});

export const MODIFY_OPTIONAL_ATTRIBUTES = ['name', 'description', 'content', 'attachments', 'customAttributes'] as const;

/** Body of PUT /suggestions: id and modifiedDate, plus at least one optional attribute (P8). */
export const modifySuggestionBodySchema = z
  .looseObject({
    id: z.string().min(1),
    modifiedDate: z.string().min(1),
    name: z.string().min(1).max(255).optional(),
    description: z.string().optional(),
    content: z.string().min(1).max(10000).optional(),
    attachments: z
      .looseObject({
        attachment: z.array(attachmentRefSchema).optional(),
        unlink: z.array(linkSchema).optional(),
      })
      .optional(),
    customAttributes: z.array(suggestionCustomAttributeSchema).optional(),
  })
  .refine((b) => MODIFY_OPTIONAL_ATTRIBUTES.some((k) => b[k] !== undefined), {
    message: `at least one of ${MODIFY_OPTIONAL_ATTRIBUTES.join(', ')}`,
  });

/** Body of `POST /suggestions/{suggestionID}/comments`: assumed `{content}` (not published). */
export const addCommentBodySchema = z.looseObject({ content: z.string().min(1) });

/** Body of the assumed signed-upload operation: what the file is. */
export const attachmentUploadRequestSchema = z.looseObject({
  fileName: z.string().min(1),
  contentType: z.string().min(1),
  size: z.number().int().nonnegative(),
});

/** The vendor's preupload request, POST /attachment/preupload (F1): the file's name and size. */
export const attachmentPreuploadRequestSchema = z.looseObject({
  name: z.string().min(1).max(255),
  size: z.number().int().nonnegative(),
});

/** The vendor's preupload answer: the altId to link, and the signed URL to POST the bytes to. */
export const attachmentPreuploadSchema = z.looseObject({ altId: z.string().min(1), contentUrl: z.string().min(1), name: z.string().optional() });

/** Answer of the assumed signed-upload operation. */
export const attachmentUploadUrlSchema = z.looseObject({ contentUrl: z.string().min(1), altId: z.string().min(1) });

/** A suggestion item; the vendor's examples name its custom attributes `customAttribute` (read as `customAttributes`, F5). */
export const suggestionSchema = withRenamedKey('customAttribute', 'customAttributes', z.looseObject({
  id: id.optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  content: z.string().optional(),
  status: z.looseObject({ value: z.string().optional(), displayValue: z.string().optional() }).optional(),
  modifiedBy: z.unknown().optional(),
  modifiedDate: z.string().optional(),
  hasAttachments: z.boolean().optional(),
  hasComments: z.boolean().optional(),
  hasRelatedArticles: z.boolean().optional(),
  language: z.unknown().optional(),
  customAttributes: z.array(z.unknown()).optional(),
}));

export const suggestionListSchema = z.looseObject({
  suggestion: z.array(suggestionSchema).optional(),
  suggestions: z.array(suggestionSchema).optional(),
  paginationInfo: paginationInfoSchema.partial().optional(),
});

export const commentSchema = z.looseObject({
  id: id.optional(),
  content: z.string().optional(),
  createdBy: z.unknown().optional(),
  createdDate: z.string().optional(),
});
export const commentListSchema = z.looseObject({ count: z.number().optional(), comments: z.array(commentSchema).optional() });

export const attachmentSchema = z.looseObject({
  id: id.optional(),
  fileName: z.string().optional(),
  size: z.number().optional(),
  link: linkOrLinksSchema.optional(),
});
export const attachmentListSchema = z.looseObject({ count: z.number().optional(), attachments: z.array(attachmentSchema).optional() });

/** Related articles: not shown anywhere; read as an object, every field kept. */
export const relatedArticlesSchema = z.looseObject({ count: z.number().optional() });

export type CreateSuggestionBody = z.input<typeof createSuggestionBodySchema>;
export type ModifySuggestionBody = z.input<typeof modifySuggestionBodySchema>;
export type AddCommentBody = z.input<typeof addCommentBodySchema>;
export type Suggestion = z.infer<typeof suggestionSchema>;
export type SuggestionList = z.infer<typeof suggestionListSchema>;
export type Comment = z.infer<typeof commentSchema>;
export type CommentList = z.infer<typeof commentListSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type AttachmentList = z.infer<typeof attachmentListSchema>;
export type AttachmentUploadUrl = z.infer<typeof attachmentUploadUrlSchema>;
export type RelatedArticles = z.infer<typeof relatedArticlesSchema>;
