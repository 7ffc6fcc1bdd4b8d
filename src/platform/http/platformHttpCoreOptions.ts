// What a PlatformHttpCore is built with (documented on each declaration).
import type { CustomPlan, RatePlan } from '../../rates/rateLookup.js';
import type { BucketStore } from '../throttle/bucketStore.js';
import type { Sleep } from '../throttle/sleep.js';
import type { TokenProvider } from './types.js';

/** The part of a logger the core uses (pino's Logger fits). */
export interface PlatformLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * What a `PlatformHttpCore` is built with: the platform's base URL, the tenant and its plan, the
 * token provider, where rate buckets live, and timeouts and retries.
 */
export interface PlatformHttpCoreOptions {
  /** The platform's `{base_url}`. */
  baseUrl: string;
  /** Portal manager v4 base; default `{baseUrl}/knowledge/portalmgr/v4`. */
  portalBaseUrl?: string;
  /** Buckets are per tenant (spec 8.3). */
  tenant: string;
  /** Usage plan or a custom plan (rateLookup.ts); default Developer, the slowest, so never too fast. */
  plan?: RatePlan;
  /** A negotiated plan; wins over `plan`. */
  customRates?: CustomPlan;
  /** Default token provider (client credentials, A1); a call may bring its own (A2). */
  tokenProvider: TokenProvider;
  /** Where buckets live: memory (default, one replica) or Redis (shared by replicas, L8). */
  bucketStore?: BucketStore;
  /** Where calls, retries and refusals are logged (never a token). */
  logger?: PlatformLogger;
  /** Per-call timeout; default 10 s. */
  timeoutMs?: number;
  /** Accept-Language of calls that do not set one. */
  acceptLanguage?: string;
  /** Fraction added to every bucket interval; default 0.02 (endpointThrottle.ts). */
  safetyMargin?: number;
  /** Backoff before each retry; default 1 s, 2 s, 4 s. */
  retryDelaysMs?: readonly number[];
  /** For tests: how the core waits (throttle slots and backoff). */
  sleep?: Sleep;
  /** Told of every answer's status, of each token refresh after a 401 and of each failure to get a token (metrics). */
  observer?: PlatformCallObserver;
}

export interface PlatformCallObserver {
  onAnswer?(status: number, call: { service: string; method: string; template: string }): void;
  onTokenRefresh?(): void;
  /** Getting a token failed: the token endpoint's status, 0 when it could not be reached. */
  onTokenFailure?(status: number): void;
  /** A tolerant read skipped a list item or dropped a field of an answer (R3). */
  onUnreadable?(operation: string, skipped: 'item' | 'field'): void;
}
