/**
 * The contract of the one HTTP core that every platform client goes through.
 * Clients describe a call; the core adds the bearer token, throttles on the shared bucket of
 * (tenant, method, path template), retries 429/502/503/timeouts with backoff on that endpoint
 * only, refreshes the token once on 401, and maps every error body to PlatformError.
 */
import type { TraceContext } from '../../observability/traceContext.js';
import type { HttpVerb } from '../../schemas/conversationOperations.js';
import type { ReadNotes } from './parseResponseBody.js';

export type { HttpVerb };

/** Services the core knows the base path of (spec 9). */
export type ServiceId = 'conversationmgr' | 'portalmgr' | 'eventmgr';

/**
 * Gives the access tokens the HTTP core sends: `ClientCredentialsTokenProvider` for the bot's own
 * calls, `StaticTokenProvider` or `callbackTokenProvider` for calls made for a user or a customer.
 */
export interface TokenProvider {
  /**
   * A valid access token; concurrent callers share one token request.
   *
   * @returns the token, fetched or refreshed when needed
   */
  getToken(): Promise<string>;
  /**
   * Called after a 401: drops the cached token only if it is still `failedToken`.
   *
   * @param failedToken - the token the platform refused
   */
  invalidate(failedToken: string): void;
}

/**
 * One call of the platform as a client describes it to the HTTP core: method, service, path and the
 * template that names its rate bucket, and the body, headers and options.
 */
export interface RequestSpec {
  /** The HTTP method. */
  method: HttpVerb;
  /** The platform service called; the core knows its base path. */
  service: ServiceId;
  /** Concrete path relative to the service base, e.g. `/assets/abc` (already URL-encoded per segment). */
  path: string;
  /** Path template naming the rate bucket, e.g. `/assets/{id}` (L2). */
  template: string;
  /** The operation's name (`gh.cases.accept`), which decides whether it may be repeated (repeatPolicy.ts, R5). */
  operation?: string;
  /** Query parameters; undefined ones are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers; undefined ones are left out. */
  headers?: Record<string, string | undefined>;
  /** The body, sent as JSON (a Buffer is sent as it is). */
  body?: unknown;
  /**
   * The body, built when the call's rate slot is granted (after the departure check, T8) rather
   * than before the wait: a caller that batches (the outbox) puts in it everything queued by
   * then. Called once; a repeat of the call (after a 401) sends the same body. Replaces `body`.
   * Whatever it throws is thrown by the call, which is then not sent.
   */
  bodyAtSlot?: () => unknown;
  /** Sent as Accept-Language; error text follows it (E3). */
  acceptLanguage?: string;
  /** Sends `X-platform-error-message: yes` so error bodies carry userMessage. */
  wantUserMessage?: boolean;
  /** A per-call token provider, for portal calls made for a user or customer (A2). */
  tokenProvider?: TokenProvider;
  /** This call's time limit; default the core's. */
  timeoutMs?: number;
  /**
   * An absolute URL called instead of service base + path: the signed contentUrl of an asset
   * (spec 4.2, C6) or of a portal attachment upload. Such a call goes to storage, not to the
   * platform API, so the core sends NO bearer token (the URL carries its own authorisation,
   * and a token must never reach another host), takes no token from a platform bucket and
   * does no token refresh on 401. `service`, `path` and `template` are still given: they
   * name the call in logs and metrics.
   */
  signedUrl?: string;
  /**
   * How the answer body is read: 'json' (default: parsed as JSON when it is JSON), 'bytes'
   * (`data` is a Buffer), or 'stream' (`data` is a Readable the caller consumes), for downloads. A Buffer or Uint8Array `body` is sent as is, with the
   * Content-Type of `headers` and a Content-Length of its byte length; any other body as JSON.
   */
  responseType?: 'json' | 'bytes' | 'stream';
  /**
   * Who waits out a retryable failure (429, 502, 503, 504, timeouts). 'core' (default): the core
   * backs off 1 s, 2 s, 4 s and repeats. 'caller': the core neither sleeps nor repeats; it
   * throws the retryable PlatformError at once (with `retryAfterSeconds` when the platform sent
   * Retry-After), so a caller that multiplexes work (the outbox) holds only the work concerned
   * and keeps its send slot for the rest (T3). A 429 still pushes the shared bucket out for
   * every replica (L5), and a 401 still refreshes the token once.
   */
  backoff?: 'core' | 'caller';
  /** Aborts the call: checked before it is sent (after the throttle wait) and passed to the request. */
  signal?: AbortSignal;
  /**
   * The parent of the call's span (O4), asked when the rate slot is granted (after `bodyAtSlot`):
   * the outbox's POST span, which exists only once its batch is taken. Default: the caller's
   * active trace context.
   */
  traceParent?: () => TraceContext | undefined;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
  /** Where a tolerant read of `data` tells what it left out (R3): the core's logger and metrics. */
  notes?: ReadNotes;
}

/** What the platform clients call through: `PlatformHttpCore`, or a test double. */
export interface HttpCore {
  /**
   * Makes one call, within the rates, with a token, retrying what may be retried.
   *
   * @param spec - the call
   * @returns the answer's status, headers and data
   * @throws PlatformError for a refusal (the platform's error body) or a transport failure
   */
  request<T = unknown>(spec: RequestSpec): Promise<HttpResponse<T>>;
}
