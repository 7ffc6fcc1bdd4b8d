/**
 * The one error type of the project (E4): every platform refusal, whether received by our
 * clients or produced by our servers, is a PlatformError carrying status, code,
 * developerMessage, details and userMessage. Servers turn it back into the body of spec 2.3
 * with `toErrorBody`.
 */
import { errorBodySchema, statusOfCode, type ErrorBody, type ErrorDetail } from '../schemas/errorBody.js';
import { catalogLanguage, ERROR_CATALOG, renderCatalogText, type CatalogCode } from './errorCatalog.js';

export interface PlatformErrorInit {
  status: number;
  code: string;
  developerMessage: string;
  details?: ErrorDetail[];
  userMessage?: string;
  /** Seconds a client should wait before retrying (429, 503), when known. */
  retryAfterSeconds?: number;
  /** Set for errors made from the catalog, so a server can render them in the caller's language. */
  params?: Record<string, string | number>;
  cause?: unknown;
}

export class PlatformError extends Error {
  readonly status: number;
  readonly code: string;
  readonly developerMessage: string;
  readonly details: ErrorDetail[];
  readonly userMessage?: string;
  readonly retryAfterSeconds?: number;
  readonly params?: Record<string, string | number>;

  constructor(init: PlatformErrorInit) {
    super(`${init.code}: ${init.developerMessage}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'PlatformError';
    this.status = init.status;
    this.code = init.code;
    this.developerMessage = init.developerMessage;
    this.details = init.details ?? [];
    this.userMessage = init.userMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.params = init.params;
  }

  /** Builds an error from a catalog code, its text in the language of `acceptLanguage` (E3). */
  static of(code: CatalogCode, params: Record<string, string | number> = {}, opts: { acceptLanguage?: string; details?: ErrorDetail[]; retryAfterSeconds?: number } = {}): PlatformError {
    const text = renderCatalogText(code, params, catalogLanguage(opts.acceptLanguage));
    return new PlatformError({
      status: statusOfCode(code)!,
      code,
      // E2 fixes the 429 developerMessage whatever the language; its userMessage is localised.
      developerMessage: code === '429-001' ? 'Too many requests.' : text,
      userMessage: text,
      details: opts.details ?? Object.entries(params).map(([key, value]) => ({ key, value: String(value) })),
      retryAfterSeconds: opts.retryAfterSeconds,
      params,
    });
  }

  /** The same error in another language (E3); errors not from the catalog are returned as they are. */
  localized(acceptLanguage: string | undefined): PlatformError {
    if (!this.params || !(this.code in ERROR_CATALOG)) return this;
    return PlatformError.of(this.code as CatalogCode, this.params, { acceptLanguage, details: this.details, retryAfterSeconds: this.retryAfterSeconds });
  }

  /**
   * Reads an HTTP error response. A body in the shape of 2.3 is taken as it is; anything else
   * (an HTML page from a proxy, an empty body) still becomes a PlatformError with a code made
   * from the status, so nothing is swallowed.
   */
  static fromResponse(status: number, body: unknown): PlatformError {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      return new PlatformError({ status, ...parsed.data });
    }
    return new PlatformError({
      status,
      code: `${status}-000`,
      developerMessage: `HTTP ${status} without an error body`,
    });
  }

  /** The body of spec 2.3; userMessage only when the caller asked for it (X-platform-error-message: yes). */
  toErrorBody(opts: { includeUserMessage?: boolean } = {}): ErrorBody {
    const body: ErrorBody = { code: this.code, developerMessage: this.developerMessage };
    if (this.details.length > 0) body.details = this.details;
    if (opts.includeUserMessage && this.userMessage !== undefined) body.userMessage = this.userMessage;
    return body;
  }

  /** Statuses a client retries: throttling and transient upstream failures. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

/** The 429 body of spec 7.3 and E2. */
export function tooManyRequests(retryAfterSeconds?: number): PlatformError {
  return PlatformError.of('429-001', {}, { retryAfterSeconds, details: [] });
}

/** True when the request asked for userMessage (header X-platform-error-message: yes). */
export function wantsUserMessage(headerValue: string | string[] | undefined): boolean {
  const v = Array.isArray(headerValue) ? headerValue[0] : headerValue;
  return (v ?? '').trim().toLowerCase() === 'yes';
}
