/**
 * What every part of the emulator (hub, portal and event manager) shares:
 * one restify JsonServer, one auth (token endpoint, bearer + scope checks), one rate limiter
 * per tenant per method+path at the tenant's plan, one set of fault knobs, one clock, one log
 * of calls for the inspector. The hub part creates it; the portal part registers its routes
 * on it. Parts talk to bots only over HTTP.
 */
import type { SenderType } from '../schemas/messageTypes.js';
import type { JsonServer, RouteContext } from '../httpServer/jsonServer.js';
import type { DriftSet } from './realistic/drifts.js';

/** Who called, from the bearer token. */
export interface Caller {
  clientId: string;
  tenant: string;
  scopes: string[];
  /** For portal calls: the user or customer the token stands for (sessions are per user token). */
  subject?: { kind: 'user' | 'customer' | 'client'; id: string; profileIds?: string[]; admin?: boolean };
  token: string;
  /** The participant type the client's messages must be sent as, when it is bound to one. */
  senderType?: SenderType;
}

export interface EmulatorContext {
  app: JsonServer;
  /** Emulator base URL once listening, e.g. http://127.0.0.1:4010 */
  baseUrl(): string;
  /**
   * Checks the bearer token (401 error body when missing/invalid/expired) and, when `anyOfScopes`
   * is non-empty, that the token holds one of them (403-197). Also applies the rate limit of the
   * caller's tenant for (method, template) (429-001) and the fault knobs. Returns the caller.
   */
  authorize(ctx: RouteContext, call: { service: 'conversationmgr' | 'portalmgr' | 'eventmgr'; template: string; anyOfScopes?: string[] }): Promise<Caller>;
  /** Milliseconds since epoch; tests may replace the clock. */
  now(): number;
  /** Records one line for the inspector / transcript. */
  record(entry: Record<string, unknown>): void;
  /** The drifts of realistic mode that are on (realistic/drifts.ts; F3, R7): none by default. */
  drifts(): DriftSet;
  /** Sets the drifts: `true` every one, `false` none, a list those named (an unknown name throws). */
  setDrifts(setting: boolean | readonly string[]): void;
}

/**
 * One extra part of the emulator (the portal manager, the event manager, ...): it registers
 * its routes on `ctx.app` and guards them with `ctx.authorize`. Parts are passed to
 * `startEmulator({ parts: [...] })`; the command line starts the ones listed in
 * `defaultParts.ts`. Routes are registered before the server listens, so a part must not
 * call `ctx.baseUrl()` while it registers (only inside handlers).
 */
export type EmulatorPart = (ctx: EmulatorContext) => void | Promise<void>;
