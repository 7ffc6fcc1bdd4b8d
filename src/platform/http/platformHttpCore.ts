// The platform clients' one HTTP core (documented on the declaration).
import type { Readable } from 'node:stream';
import type { AxiosInstance } from 'axios';
import { createPlatformAxios } from './platformAxios.js';
import { PlatformError } from '../../errors/platformError.js';
import { EndpointThrottle, type ThrottledEndpoint } from '../throttle/endpointThrottle.js';
import { MemoryBucketStore } from '../throttle/memoryBucketStore.js';
import { sleep as realSleep, type Sleep } from '../throttle/sleep.js';
import { CallSpan } from './callSpan.js';
import { basePathsFor, SERVICE_VERSIONS, type BasePaths } from './basePaths.js';
import type { ReadNotes } from './parseResponseBody.js';
import { platformDidNotAct, repeatPolicyOf } from './repeatPolicy.js';
import { DEFAULT_RETRY_DELAYS_MS, parseRetryAfter, retryDelayMs } from './retryPolicy.js';
import { refusedBeforeWrite, transportError } from './transportError.js';
import type { HttpCore, HttpResponse, RequestSpec } from './types.js';
import type { PlatformHttpCoreOptions } from './platformHttpCoreOptions.js';
import { queryString } from './pathSegment.js';

export type { PlatformCallObserver, PlatformHttpCoreOptions, PlatformLogger } from './platformHttpCoreOptions.js';

interface Answer {
  status: number;
  headers: Record<string, string>;
  data: unknown;
}

/**
 * The one HTTP core of the platform clients (its contract is in types.ts). For each call it
 * 1. waits for the endpoint's slot in the shared bucket (L2, L3, L6, L8), and only then builds
 *    the body of a call that gives `bodyAtSlot` (the outbox's batch: what is queued by then),
 * 2. sends with `Authorization: Bearer <token>` from the call's provider or the default (C8, A2),
 *    plus Accept-Language and, when asked, `X-platform-error-message: yes` (E3, E1),
 * 3. on a 401 drops the token (if still the one that failed), gets a new one and retries once (C8),
 * 4. on 429/502/503/timeouts backs off 1 s, 2 s, 4 s on that endpoint only; a 429 also pushes
 *    the shared bucket out for every replica (L5). A call made with `backoff: 'caller'` (the
 *    outbox's) gets the retryable error at once instead, the bucket still pushed out (T3),
 * 5. turns every other answer outside 2xx into a PlatformError, nothing swallowed (E4).
 *
 * Secrets: the Authorization header lives only in the axios request config, and axios errors
 * (which carry that config) are replaced by PlatformErrors without a cause (transportError.ts).
 * Logs name the service, method, path template and status, never headers or bodies.
 */
export class PlatformHttpCore implements HttpCore {
  /** The base path of each service, as the configuration sets them. */
  readonly basePaths: BasePaths;
  private readonly http: AxiosInstance;
  private readonly throttle: EndpointThrottle;
  private readonly sleep: Sleep;
  private readonly retryDelays: readonly number[];

  /** @param opts - base URLs, tenant, plan, token provider, bucket store, timeouts and retries */
  constructor(private readonly opts: PlatformHttpCoreOptions) {
    this.basePaths = basePathsFor(opts.baseUrl, opts.portalBaseUrl);
    this.sleep = opts.sleep ?? realSleep;
    this.retryDelays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.throttle = new EndpointThrottle({
      store: opts.bucketStore ?? new MemoryBucketStore(),
      tenant: opts.tenant,
      plan: opts.customRates ?? opts.plan ?? 'Developer',
      safetyMargin: opts.safetyMargin,
      sleep: this.sleep,
    });
    this.http = createPlatformAxios(opts.timeoutMs ?? 10_000);
  }

  /** What a tolerant read of an answer left out goes to the log (field paths only) and metrics. */
  private readonly readNotes: ReadNotes = {
    unreadable: ({ operation, field, skipped }) => {
      this.opts.logger?.warn({ operation, field, skipped }, skipped === 'item' ? 'platform answer: unreadable list item skipped' : 'platform answer: unreadable field dropped');
      this.opts.observer?.onUnreadable?.(operation, skipped);
    },
  };

  /**
   * Makes one call: waits for the endpoint's rate slot in the shared bucket, sends it with a token,
   * refreshes the token once on a 401, backs off and repeats a retryable failure (unless the caller
   * asks to do so itself), and reads the answer tolerantly.
   *
   * @param asked - the call
   * @returns the answer's status, headers and data
   * @throws PlatformError for a refusal (the platform's error body) or a transport failure
   */
  async request<T = unknown>(asked: RequestSpec): Promise<HttpResponse<T>> {
    const span = new CallSpan(asked);
    try {
      const answer = asked.signedUrl !== undefined ? await this.requestSigned<T>(asked, span) : await this.requestPlatform<T>(asked, span);
      span.answered(answer.status);
      return answer;
    } catch (err) {
      span.failed(err);
      throw err;
    }
  }

  /** A call of the platform API: rate slot, token, refresh and backoff. */
  private async requestPlatform<T>(asked: RequestSpec, span: CallSpan): Promise<HttpResponse<T>> {
    let spec = asked;
    const provider = spec.tokenProvider ?? this.opts.tokenProvider;
    const ep = this.throttle.endpoint(spec.service, SERVICE_VERSIONS[spec.service], spec.method, spec.template);
    const where = { service: spec.service, method: spec.method, template: spec.template };
    let refreshed = false;
    let retries = 0;
    for (;;) {
      // The token first: a token request after the departure check would delay this call and
      // bring it closer to the next one than the platform allows (T8).
      const token = await provider.getToken().catch((err: unknown) => {
        // The platform's token endpoint refused or could not be reached: operators see it counted.
        this.opts.observer?.onTokenFailure?.(err instanceof PlatformError ? err.status : 0);
        throw err;
      });
      const waitedMs = await this.throttle.acquire(ep);
      throwIfAborted(spec.signal);
      if (spec.bodyAtSlot) spec = { ...spec, body: spec.bodyAtSlot(), bodyAtSlot: undefined };
      span.atSlot(waitedMs);
      let unsent = false;
      const answer = await this.send(spec, token).catch((err: unknown) => {
        throwIfAborted(spec.signal);
        unsent = refusedBeforeWrite(err);
        return transportError(err);
      });
      this.opts.observer?.onAnswer?.(answer.status, where);
      if (!(answer instanceof PlatformError) && answer.status >= 200 && answer.status < 300) {
        this.opts.logger?.debug({ ...where, status: answer.status, waitedMs }, 'platform call');
        return { ...(answer as HttpResponse<T>), notes: this.readNotes };
      }
      const err = answer instanceof PlatformError ? answer : errorOf(answer);
      if (err.status === 401 && !refreshed && !(answer instanceof PlatformError)) {
        refreshed = true;
        provider.invalidate(token);
        this.opts.observer?.onTokenRefresh?.();
        this.opts.logger?.debug({ ...where, status: 401 }, 'platform call: token refused, refreshing once');
        span.repeated();
        continue;
      }
      const delay = retryDelayMs(err, retries, this.retryDelays);
      if (delay === undefined) throw err;
      if (repeatPolicyOf(spec.operation, spec.method, spec.body) === 'once' && !platformDidNotAct(err.status, unsent)) {
        // It may have acted: repeating could create or score twice. Say so instead (R5).
        const operation = spec.operation ?? `${spec.method} ${spec.template}`;
        this.opts.logger?.warn({ ...where, operation, status: err.status, code: err.code }, 'platform call: outcome unknown, not repeated');
        throw PlatformError.of('500-110', { operation, reason: err.code });
      }
      if (spec.backoff === 'caller') {
        // The caller waits, holding only the work concerned (T3); the bucket is still pushed
        // out for every replica, as the platform asked (L5).
        this.opts.logger?.debug({ ...where, status: err.status, code: err.code, delayMs: delay }, 'platform call: retryable failure, left to the caller');
        if (err.status === 429) await this.penalize(ep, delay);
        throw err;
      }
      retries += 1;
      span.repeated();
      this.opts.logger?.warn({ ...where, status: err.status, code: err.code, retry: retries, delayMs: delay }, 'platform call: backing off');
      if (err.status === 429) await this.penalize(ep, delay);
      await this.sleep(delay);
    }
  }

  /**
   * A signed storage URL (types.ts `signedUrl`: asset and attachment uploads and downloads).
   * No bearer token goes there and no platform bucket is drawn from; transient failures
   * (502/503/timeouts) are retried with the same backoff. (Added for the typed clients.)
   */
  private async requestSigned<T>(spec: RequestSpec, span: CallSpan): Promise<HttpResponse<T>> {
    const where = { service: spec.service, method: spec.method, template: spec.template };
    span.atSlot(0);
    for (let retries = 0; ; retries += 1) {
      if (retries > 0) span.repeated();
      const answer = await this.send(spec).catch((err: unknown) => transportError(err));
      if (!(answer instanceof PlatformError) && answer.status >= 200 && answer.status < 300) {
        this.opts.logger?.debug({ ...where, status: answer.status, signed: true }, 'platform call');
        return answer as HttpResponse<T>;
      }
      const err = answer instanceof PlatformError ? answer : errorOf(answer);
      const delay = retryDelayMs(err, retries, this.retryDelays);
      if (delay === undefined) throw err;
      this.opts.logger?.warn({ ...where, status: err.status, code: err.code, retry: retries + 1, delayMs: delay, signed: true }, 'platform call: backing off');
      await this.sleep(delay);
    }
  }

  private async penalize(ep: ThrottledEndpoint, delay: number): Promise<void> {
    // A store that cannot be reached must not turn a retryable 429 into a different failure.
    await this.throttle.penalize(ep, delay).catch((e: unknown) => {
      this.opts.logger?.warn({ key: ep.key, err: (e as Error)?.message }, 'rate bucket: penalty not recorded');
    });
  }

  /** Sends one call; without `token` (signed URLs) no Authorization header is set. */
  private async send(spec: RequestSpec, token?: string): Promise<Answer> {
    const bytes = spec.responseType === 'bytes';
    const stream = spec.responseType === 'stream';
    const headers: Record<string, string> = { accept: bytes ? '*/*' : 'application/json' };
    for (const [k, v] of Object.entries(spec.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
    const lang = spec.acceptLanguage ?? this.opts.acceptLanguage;
    if (lang) headers['accept-language'] = lang;
    if (spec.wantUserMessage) headers['x-platform-error-message'] = 'yes';
    let data: string | Buffer | undefined;
    if (spec.body instanceof Uint8Array) {
      // Raw bytes (an upload) go as they are, with the caller's Content-Type and their own length.
      data = Buffer.from(spec.body.buffer, spec.body.byteOffset, spec.body.byteLength);
      headers['content-length'] = String(data.byteLength);
      headers['content-type'] ??= 'application/octet-stream';
    } else if (spec.body !== undefined) {
      data = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    // Set last, so a caller's headers can never replace or drop it.
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    else delete headers.authorization;

    const res = await this.http.request<string | ArrayBuffer>({
      method: spec.method,
      url: spec.signedUrl ?? this.urlOf(spec),
      headers,
      data,
      timeout: spec.timeoutMs,
      signal: spec.signal,
      responseType: stream ? 'stream' : bytes ? 'arraybuffer' : 'text',
      transformRequest: AS_IS,
      transformResponse: AS_IS,
      validateStatus: () => true,
    });
    const resHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers ?? {})) {
      if (v !== undefined && v !== null) resHeaders[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    if (stream) {
      // A download streamed to the caller; an error answer is still read as its (JSON) error body.
      const body = res.data as unknown as Readable;
      if (res.status >= 200 && res.status < 300) return { status: res.status, headers: resHeaders, data: body };
      return { status: res.status, headers: resHeaders, data: parseBody(await textOf(body, 64 * 1024)) };
    }
    if (bytes) {
      const buf = Buffer.from(res.data as ArrayBuffer);
      // A download answers bytes; an error answer is still read as its (JSON) error body.
      const ok = res.status >= 200 && res.status < 300;
      return { status: res.status, headers: resHeaders, data: ok ? buf : parseBody(buf.toString('utf8')) };
    }
    return { status: res.status, headers: resHeaders, data: parseBody(res.data) };
  }

  private urlOf(spec: RequestSpec): string {
    const path = spec.path.startsWith('/') ? spec.path : `/${spec.path}`;
    // Lone surrogates of an id kept (URLSearchParams would write U+FFFD: another id, S17).
    const qs = queryString(Object.entries(spec.query ?? {}).flatMap(([k, v]): [string, string][] => (v !== undefined ? [[k, String(v)]] : [])));
    return `${this.basePaths[spec.service]}${path}${qs ? `?${qs}` : ''}`;
  }
}

/** Bodies (JSON text or bytes already: axios would parse the JSON again to check it, each POST) and answers (read by parseBody) as they are. */
const AS_IS = [(d: unknown) => d];

/**
 * Makes the HTTP core of the platform clients. Give it a `RedisBucketStore` when several replicas
 * share the tenant's rates.
 *
 * @param opts - base URLs, tenant, plan, token provider, bucket store, timeouts and retries
 */
export function createPlatformHttpCore(opts: PlatformHttpCoreOptions): PlatformHttpCore {
  return new PlatformHttpCore(opts);
}

/** A call its caller aborted (a stopping outbox): retryable, so work it carried is done again elsewhere. */
function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw PlatformError.of('503-100', { reason: 'the call was aborted' });
}

/** An answer outside 2xx; a 2.3 body is read as it is, anything else still becomes an error (E4). */
function errorOf(answer: Answer): PlatformError {
  const e = PlatformError.fromResponse(answer.status, answer.data);
  const retryAfterSeconds = parseRetryAfter(answer.headers['retry-after']);
  if (retryAfterSeconds === undefined) return e;
  return new PlatformError({ status: e.status, code: e.code, developerMessage: e.developerMessage, details: e.details, userMessage: e.userMessage, retryAfterSeconds });
}

/** The text of a (small) error answer that came as a stream, cut at `max` bytes. */
async function textOf(body: Readable, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= max) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, max);
}

/** JSON when it parses, the text otherwise (an HTML page from a proxy), undefined when empty. */
function parseBody(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
