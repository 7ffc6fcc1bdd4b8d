/**
 * Article suggestions of one portal (spec 4.3, P11): create, modify, list by status, get,
 * delete, related articles, comments (list, add), attachments (list, get) and the attachment
 * upload through a signed URL that answers the altID a suggestion references (P8).
 *
 * The status rules (modify only when pending, delete only when not approved, comment only when
 * Suggested or Pending) and the portal settings are enforced by the platform, which knows the
 * suggestion's status; its refusals reach the caller as PlatformError.
 */
import type { z } from 'zod';
import { parseResponseBody } from '../http/parseResponseBody.js';
import { checkedBody, isEmptyAnswer, readAnswer } from './portalBodies.js';
import type { PageOptions, PortalCallOptions, PortalCaller } from './portalCaller.js';
import { badValue } from './portalParameterChecks.js';
import { downloadAttachment, type DownloadedAttachment } from './attachmentDownload.js';
import {
  addCommentBodySchema,
  attachmentListSchema,
  attachmentPreuploadRequestSchema,
  attachmentPreuploadSchema,
  attachmentSchema,
  attachmentUploadRequestSchema,
  attachmentUploadUrlSchema,
  commentListSchema,
  createSuggestionBodySchema,
  modifySuggestionBodySchema,
  relatedArticlesSchema,
  suggestionListSchema,
  suggestionSchema,
  SUGGESTION_STATUSES,
  type AddCommentBody,
  type Attachment,
  type AttachmentList,
  type CommentList,
  type CreateSuggestionBody,
  type ModifySuggestionBody,
  type RelatedArticles,
  type Suggestion,
  type SuggestionStatus,
} from '../../schemas/suggestionSchemas.js';

export interface SuggestionPage {
  items: Suggestion[];
  paginationInfo?: SuggestionListPagination;
}
type SuggestionListPagination = NonNullable<z.infer<typeof suggestionListSchema>['paginationInfo']>;

export class SuggestionsClient {
  constructor(private readonly caller: PortalCaller) {}

  /** POST /suggestions. Answers 201 with no body (docs/platform-contract.md, assumed shapes). */
  async create(body: CreateSuggestionBody, options?: PortalCallOptions): Promise<void> {
    await this.caller.call('suggestions.create', { body: checkedBody(createSuggestionBodySchema, body, 'suggestion'), options });
  }

  /** PUT /suggestions: own suggestion, status pending, id + modifiedDate + at least one optional attribute. */
  async modify(body: ModifySuggestionBody, options?: PortalCallOptions): Promise<void> {
    await this.caller.call('suggestions.modify', { body: checkedBody(modifySuggestionBodySchema, body, 'suggestion'), options });
  }

  /** GET /suggestions?filter[status]=...: own suggestions by status. */
  async list(status: SuggestionStatus, page: PageOptions = {}, options?: PortalCallOptions): Promise<SuggestionPage> {
    if (!(SUGGESTION_STATUSES as readonly string[]).includes(status)) throw badValue('filter[status]', SUGGESTION_STATUSES.join(', '));
    const res = await this.caller.call('suggestions.list', { query: { 'filter[status]': status }, page, options });
    if (isEmptyAnswer(res.data)) return { items: [] };
    const body = parseResponseBody(suggestionListSchema, res.data, 'suggestions.list', res.notes);
    const items = body.suggestion ?? body.suggestions ?? [];
    return body.paginationInfo ? { items, paginationInfo: body.paginationInfo } : { items };
  }

  /** GET /suggestions/{suggestionID}. */
  async get(suggestionID: string, options?: PortalCallOptions): Promise<Suggestion> {
    const res = await this.caller.call('suggestions.get', { params: { suggestionID }, options });
    return parseResponseBody(suggestionSchema, res.data, 'suggestions.get', res.notes);
  }

  /** DELETE /suggestions/{suggestionID}: refused by the platform once approved. */
  async delete(suggestionID: string, options?: PortalCallOptions): Promise<void> {
    await this.caller.call('suggestions.delete', { params: { suggestionID }, options });
  }

  /** GET /suggestions/{suggestionID}/relatedArticles (shape not shown: every field kept). */
  async relatedArticles(suggestionID: string, options?: PortalCallOptions): Promise<RelatedArticles> {
    const res = await this.caller.call('suggestions.relatedArticles', { params: { suggestionID }, options });
    return readAnswer(relatedArticlesSchema, res.data, 'suggestions.relatedArticles', {}, res.notes);
  }

  /** GET /suggestions/{suggestionID}/comments. */
  async listComments(suggestionID: string, options?: PortalCallOptions): Promise<CommentList> {
    const res = await this.caller.call('suggestions.comments.list', { params: { suggestionID }, options });
    return readAnswer(commentListSchema, res.data, 'suggestions.comments.list', { count: 0, comments: [] }, res.notes);
  }

  /** POST /suggestions/{suggestionID}/comments: by the owner or an administrator, status Suggested or Pending. */
  async addComment(suggestionID: string, body: AddCommentBody, options?: PortalCallOptions): Promise<void> {
    const checked = checkedBody(addCommentBodySchema, body, 'comment');
    await this.caller.call('suggestions.comments.add', { params: { suggestionID }, body: checked, options });
  }

  /** GET /suggestions/{suggestionID}/attachments. */
  async listAttachments(suggestionID: string, options?: PortalCallOptions): Promise<AttachmentList> {
    const res = await this.caller.call('suggestions.attachments.list', { params: { suggestionID }, options });
    return readAnswer(attachmentListSchema, res.data, 'suggestions.attachments.list', { count: 0, attachments: [] }, res.notes);
  }

  /** GET /suggestions/attachments/{attachmentID}: attachment details (with its download link). */
  async getAttachment(attachmentID: string, options?: PortalCallOptions): Promise<Attachment> {
    const res = await this.caller.call('suggestions.attachments.get', { params: { attachmentID }, options });
    return parseResponseBody(attachmentSchema, res.data, 'suggestions.attachments.get', res.notes);
  }

  /**
   * GET /suggestions/attachments/{attachmentID}, then its content: streamed, refused past
   * `maxBytes` (default 25 MiB) with 413-101.
   */
  async downloadAttachment(attachmentID: string, opts: { maxBytes?: number; options?: PortalCallOptions } = {}): Promise<DownloadedAttachment> {
    return downloadAttachment(this.caller, await this.getAttachment(attachmentID, opts.options), opts.maxBytes);
  }

  /**
   * Uploads a file for a suggestion and answers its altID, to reference in `attachments` of
   * create or modify. Two steps: ask the (assumed, see portalOperations.ts) signed-upload
   * operation for a URL, then PUT the bytes there with the declared type and size.
   */
  async uploadAttachment(bytes: Uint8Array, file: { fileName: string; contentType: string }, options?: PortalCallOptions): Promise<string> {
    const declared = checkedBody(attachmentUploadRequestSchema, { ...file, size: bytes.byteLength }, 'attachment');
    const res = await this.caller.call('suggestions.attachments.uploadUrl', { body: declared, options });
    const signed = parseResponseBody(attachmentUploadUrlSchema, res.data, 'suggestions.attachments.uploadUrl', res.notes);
    await this.caller.uploadSigned(signed.contentUrl, bytes, file.contentType);
    return signed.altId;
  }

  /**
   * Uploads a file the vendor's way (F1) and answers its altId, to reference in `attachments`
   * of create or modify: POST /attachment/preupload with `{name, size}`, then POST the bytes
   * (application/octet-stream) to the signed `contentUrl` it answers.
   */
  async preuploadAttachment(bytes: Uint8Array, file: { name: string }, options?: PortalCallOptions): Promise<string> {
    const declared = checkedBody(attachmentPreuploadRequestSchema, { name: file.name, size: bytes.byteLength }, 'attachment');
    const res = await this.caller.call('attachments.preupload', { body: declared, options });
    const signed = parseResponseBody(attachmentPreuploadSchema, res.data, 'attachments.preupload', res.notes);
    await this.caller.uploadSigned(signed.contentUrl, bytes, 'application/octet-stream', 'POST');
    return signed.altId;
  }
}
