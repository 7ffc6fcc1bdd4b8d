/**
 * How the portal manager clients describe a call to the HTTP core: the route of the operation
 * (portalOperations.ts) with the bound portalID, the per-call options every portal call takes
 * (a token provider for a user or customer, A2; Accept-Language; `$lang`; the activity, tenant
 * and interaction identifier headers), and the checks common to every call.
 */
import type { Readable } from 'node:stream';
import type { HttpCore, HttpResponse, TokenProvider } from '../http/types.js';
import { DEFAULT_ACCEPT_LANGUAGE } from '../../schemas/languages.js';
import { ACTIVITY_HEADER, assertPaging, assertQueryLanguage, INTEGRATION_HEADER, INTERACTION_HEADER } from './portalParameterChecks.js';
import { PORTAL_OPERATIONS, portalPathFor, type PortalOperation, type PortalRoute } from './portalOperations.js';

/** Options every portal call takes. */
export interface PortalCallOptions {
  /** Token of the user or customer the call is made for, or on behalf of (A2). Default: the core's. */
  tokenProvider?: TokenProvider;
  /** Accept-Language (required by the portal); default: the client's. Error text follows it (E3). */
  acceptLanguage?: string;
  /** `$lang`, the language of the resource (one of QUERY_LANGUAGES); default: the portal's. */
  lang?: string;
  /** x-platform-activity-id: numeric interaction identifier. */
  activityId?: string;
  /** x-ext-integration-id: numeric tenant identifier. */
  integrationId?: string;
  /** x-ext-interaction-id: interaction identifier from another CRM application. */
  interactionId?: string;
  /** Ask for userMessage in error bodies (X-platform-error-message: yes). */
  wantUserMessage?: boolean;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** Paging of the list operations (docs/platform-contract.md, assumed shapes): `$pagenum` 1-999, `$pagesize` 1-75. */
export interface PageOptions {
  pagenum?: number;
  pagesize?: number;
}

export interface PortalCallRequest {
  params?: Record<string, string | undefined>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  options?: PortalCallOptions;
  page?: PageOptions;
}

export class PortalCaller {
  private readonly routes: Record<PortalOperation, PortalRoute>;

  constructor(
    private readonly core: HttpCore,
    readonly portalID: string,
    readonly defaultAcceptLanguage: string = DEFAULT_ACCEPT_LANGUAGE,
    overrides: Partial<Record<PortalOperation, PortalRoute>> = {},
  ) {
    this.routes = { ...PORTAL_OPERATIONS, ...overrides };
  }

  route(op: PortalOperation): PortalRoute {
    return this.routes[op];
  }

  /** The Accept-Language a call will carry. */
  acceptLanguageOf(options: PortalCallOptions = {}): string {
    return options.acceptLanguage ?? this.defaultAcceptLanguage;
  }

  /** All headers a call will carry besides Accept-Language, names in lower case. */
  headersOf(options: PortalCallOptions = {}): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.headers ?? {})) out[k.toLowerCase()] = v;
    if (options.activityId !== undefined) out[ACTIVITY_HEADER] = options.activityId;
    if (options.integrationId !== undefined) out[INTEGRATION_HEADER] = options.integrationId;
    if (options.interactionId !== undefined) out[INTERACTION_HEADER] = options.interactionId;
    return out;
  }

  /** The query a call will carry: its own, `$lang` and paging, checked (before any network call). */
  queryOf(req: PortalCallRequest): Record<string, string | number | boolean> {
    const lang = req.options?.lang;
    assertQueryLanguage(lang);
    assertPaging(req.page ?? {});
    const out: Record<string, string | number | boolean> = {};
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) out[k] = v;
    if (lang !== undefined) out.$lang = lang;
    if (req.page?.pagenum !== undefined) out.$pagenum = req.page.pagenum;
    if (req.page?.pagesize !== undefined) out.$pagesize = req.page.pagesize;
    return out;
  }

  async call<T = unknown>(op: PortalOperation, req: PortalCallRequest = {}): Promise<HttpResponse<T>> {
    const { method, template } = this.routes[op];
    const path = portalPathFor(template, { ...req.params, portalID: this.portalID }, op);
    const o = req.options ?? {};
    const query = this.queryOf(req);
    return this.core.request<T>({
      method,
      service: 'portalmgr',
      path,
      template,
      operation: op,
      headers: this.headersOf(o),
      acceptLanguage: this.acceptLanguageOf(o),
      ...(Object.keys(query).length ? { query } : {}),
      ...(req.body === undefined ? {} : { body: req.body }),
      ...(o.wantUserMessage === undefined ? {} : { wantUserMessage: o.wantUserMessage }),
      ...(o.tokenProvider === undefined ? {} : { tokenProvider: o.tokenProvider }),
    });
  }

  /** A GET of a signed download URL, streamed (no bearer token goes there). */
  async downloadSigned(contentUrl: string): Promise<HttpResponse<Readable>> {
    const label = `${PORTAL_OPERATIONS['suggestions.attachments.get'].template}/signed-download`;
    return this.core.request<Readable>({ method: 'GET', service: 'portalmgr', path: label, template: label, signedUrl: contentUrl, responseType: 'stream' });
  }

  /**
   * Bytes sent to a signed upload URL, through the same core (no bearer token goes there): a PUT
   * for the assumed uploadurl operation, a POST for the vendor's preupload (F1).
   */
  async uploadSigned(contentUrl: string, bytes: Uint8Array, contentType: string, method: 'PUT' | 'POST' = 'PUT'): Promise<void> {
    const op = method === 'PUT' ? 'suggestions.attachments.uploadUrl' : 'attachments.preupload';
    const label = `${PORTAL_OPERATIONS[op].template}/signed-upload`;
    await this.core.request({
      method,
      service: 'portalmgr',
      path: label,
      template: label,
      signedUrl: contentUrl,
      headers: { 'content-type': contentType },
      body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
  }
}
