// The project's one error type (documented on the class) and its helpers.
import { statusOfCode, type ErrorBody, type ErrorDetail } from '../schemas/errorBody.js';
import { catalogLanguage, ERROR_CATALOG, renderCatalogText, type CatalogCode } from './errorCatalog.js';

/**
 * What a `PlatformError` is made of: the fields of the contract's error body (section 2.3 of
 * docs/platform-contract.md) and, optionally, the retry delay and catalog parameters.
 */
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

/**
 * The one error type of the project (E4): every platform refusal, whether received by our
 * clients or produced by our servers, is a PlatformError carrying status, code,
 * developerMessage, details and userMessage. Servers turn it back into the body of spec 2.3
 * with `toErrorBody`.
 */
export class PlatformError extends Error {
  /** The HTTP status of the refusal (400, 401, 403, 404, 409, 413, 429, 500, 503 ...). */
  readonly status: number;
  /** The platform's error code, `status-number` (e.g. `400-112`), as in the error catalog. */
  readonly code: string;
  /** What went wrong, for the developer (English). */
  readonly developerMessage: string;
  /** Per-field details of the refusal, when the platform gives them; empty otherwise. */
  readonly details: ErrorDetail[];
  /** A text fit to show a person, in their language, when the platform gives one. */
  readonly userMessage?: string;
  /** Seconds to wait before trying again (429, 503), when known. */
  readonly retryAfterSeconds?: number;
  /**
   * The catalog parameters the message was rendered with, so a server can render it again in the
   * caller's language.
   */
  readonly params?: Record<string, string | number>;

  /** @param init - the error's fields; `details` defaults to none */
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
   * Reads an HTTP error response tolerantly (R4): each field of the 2.3 body is kept when it is
   * well typed, whatever the others hold, so a caller branching on `404-101` still sees it when
   * `details` carries a number or `userMessage` is null. A code we do not know is kept as it
   * came. A body that is not an error body at all (an HTML page from a proxy, an empty body)
   * still becomes a PlatformError with a code made from the status: nothing is swallowed.
   */
  static fromResponse(status: number, body: unknown): PlatformError {
    const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const code = typeof b.code === 'string' && b.code.trim() !== '' ? b.code.trim() : undefined;
    const developerMessage = typeof b.developerMessage === 'string' ? b.developerMessage : undefined;
    return new PlatformError({
      status,
      code: code ?? `${status}-000`,
      developerMessage: developerMessage ?? (code ? `HTTP ${status}` : `HTTP ${status} without an error body`),
      details: readDetails(b.details),
      ...(typeof b.userMessage === 'string' ? { userMessage: b.userMessage } : {}),
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

/** The well-typed details of an error body: `{key, value}` with a string key; scalar values read as text. */
function readDetails(details: unknown): ErrorDetail[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d): ErrorDetail[] => {
    if (typeof d !== 'object' || d === null || typeof (d as { key?: unknown }).key !== 'string') return [];
    const { key, value } = d as { key: string; value?: unknown };
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    return [text === undefined ? { key } : { key, value: text }];
  });
}
