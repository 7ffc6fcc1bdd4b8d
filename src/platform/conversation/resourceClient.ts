/**
 * Create, list, get, update and delete of one setup resource of the conversation manager
 * (spec 4.2): authentications, clientapplications, participants, channels, orchestrations,
 * accounts. The six differ only in their path, the field holding a list's items and their
 * schemas, so one class serves all six.
 */
import { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import type { HttpResponse, RequestSpec } from '../http/types.js';
import type { ConversationOperation, SetupResource } from '../../schemas/conversationOperations.js';
import { parseResponseBody, readableItems } from '../http/parseResponseBody.js';
import { describeIssues } from '../../schemas/describeIssues.js';
import { createdResourceSchema, paginationInfoSchema, type CreatedResource, type PaginationInfo } from '../../schemas/resourceSchemas.js';

/** Per-call options every conversation manager method takes. */
export interface CallOptions {
  /** Error text follows it (E3). */
  acceptLanguage?: string;
  /** Ask for userMessage in error bodies (X-platform-error-message: yes). */
  wantUserMessage?: boolean;
  /** Extra headers, e.g. a correlation id. */
  headers?: Record<string, string>;
  /** Who waits out a retryable failure: the core (default) or the caller (the outbox, T3); see RequestSpec. */
  backoff?: 'core' | 'caller';
  /** Aborts the call (a stopping outbox, T7). */
  signal?: AbortSignal;
  /** The parent of the call's span, asked at its rate slot (the outbox's POST, O4); see RequestSpec. */
  traceParent?: RequestSpec['traceParent'];
}

export interface CallRequest {
  id?: string;
  body?: unknown;
  /** Built once the rate slot is granted, instead of `body` (types.ts). */
  bodyAtSlot?: () => unknown;
  query?: Record<string, string | number | boolean | undefined>;
  options?: CallOptions;
}

/** How the resource clients reach the HTTP core: one operation of conversationOperations.ts. */
export type ConversationCall = (op: ConversationOperation, req?: CallRequest) => Promise<HttpResponse<unknown>>;

export interface ResourceList<T> {
  items: T[];
  paginationInfo?: PaginationInfo;
}

export interface ResourceClientConfig<TItem, TInput> {
  resource: SetupResource;
  itemSchema: z.ZodType<TItem>;
  /**
   * Fields that may hold a list's items, first match wins. The spec shows `authentication` for
   * authentications; for the others the name is not shown, so the singular and plural, in
   * camelCase and lower case, are all accepted.
   */
  listFields: readonly string[];
  /** Checks a create/update body before any network call (only where the spec shows the shape). */
  inputSchema?: z.ZodType<unknown, TInput>;
}

export class ResourceClient<TItem, TInput = Record<string, unknown>> {
  constructor(
    private readonly call: ConversationCall,
    private readonly config: ResourceClientConfig<TItem, TInput>,
  ) {}

  get resource(): SetupResource {
    return this.config.resource;
  }

  /** POST /{resource}: answers `{id}`. */
  async create(input: TInput, options?: CallOptions): Promise<CreatedResource> {
    const op = this.op('create');
    const res = await this.call(op, { body: this.checkInput(input, op), options });
    return parseResponseBody(createdResourceSchema, res.data, op, res.notes);
  }

  /** GET /{resource}: `{paginationInfo, <resource>: [...]}` read as `{items, paginationInfo}`. */
  async list(query?: CallRequest['query'], options?: CallOptions): Promise<ResourceList<TItem>> {
    const op = this.op('list');
    const res = await this.call(op, { query, options });
    // 204 or an empty body: no items.
    if (res.data === undefined || res.data === null || res.data === '') return { items: [] };
    const body = parseResponseBody(paginationHolder, res.data, op, res.notes) as Record<string, unknown>;
    const field = this.config.listFields.find((f) => Array.isArray(body[f]));
    const rawItems = field ? (body[field] as unknown[]) : [];
    // One unreadable item is skipped, never the whole list (R3).
    const items = readableItems(this.config.itemSchema, rawItems, op, field ?? 'items', res.notes);
    return body.paginationInfo ? { items, paginationInfo: body.paginationInfo as PaginationInfo } : { items };
  }

  /** GET /{resource}/{id}. */
  async get(id: string, options?: CallOptions): Promise<TItem> {
    const op = this.op('get');
    const res = await this.call(op, { id, options });
    return parseResponseBody(this.config.itemSchema, res.data, op, res.notes);
  }

  /** PUT /{resource}/{id}. The answer is not shown (4.2); whatever body came back is returned. */
  async update(id: string, input: TInput, options?: CallOptions): Promise<unknown> {
    const op = this.op('update');
    const res = await this.call(op, { id, body: this.checkInput(input, op), options });
    return res.data;
  }

  /** DELETE /{resource}/{id}. Refused by the platform while in use (3.5, C4): a PlatformError. */
  async delete(id: string, options?: CallOptions): Promise<void> {
    await this.call(this.op('delete'), { id, options });
  }

  private op(action: 'create' | 'list' | 'get' | 'update' | 'delete'): ConversationOperation {
    return `${this.config.resource}.${action}`;
  }

  private checkInput(input: TInput, op: string): unknown {
    if (!this.config.inputSchema) return input;
    const parsed = this.config.inputSchema.safeParse(input);
    if (parsed.success) return parsed.data;
    // Paths and messages only: an authentication body holds a client secret.
    throw PlatformError.of('400-101', { reason: `${op}: ${describeIssues(parsed.error.issues)}` });
  }
}

/** A list answer is an object; its pagination is read here, its items one by one with the item schema. */
const paginationHolder = z.looseObject({ paginationInfo: paginationInfoSchema.optional() });

/** The list field names to accept for a resource path segment (see `listFields`). */
export function listFieldCandidates(singularCamel: string): string[] {
  const lower = singularCamel.toLowerCase();
  return [...new Set([singularCamel, lower, `${singularCamel}s`, `${lower}s`])];
}
