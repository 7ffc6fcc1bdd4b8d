/**
 * `EmulatorContext.authorize`: the checks every API call of every emulator part goes through,
 * in the order a caller can reason about: the bearer token (401-104 missing or invalid,
 * 401-105 expired), then the operation's scope (403-197, C7), then the rate limit of the
 * caller's tenant for (method, template) (429-001, L2), then the fault knobs (latency, then an
 * injected 429/502/503). A call refused for its token or scope does not use up a rate token.
 */
import { PlatformError } from '../errors/platformError.js';
import { header } from '../httpServer/errorResponse.js';
import type { RouteContext } from '../httpServer/jsonServer.js';
import type { ServiceName, Version } from '../rates/rateLookup.js';
import type { TokenIssuer } from './auth/tokenIssuer.js';
import type { Caller, EmulatorContext } from './emulatorContext.js';
import type { FaultInjector } from './faults/faultInjector.js';
import type { RateBucketState, TenantRateLimiter } from './limits/tenantRateLimiter.js';

/** The version of each service the emulator serves (spec 9.1). */
export const SERVICE_VERSIONS: Record<'conversationmgr' | 'portalmgr' | 'eventmgr', Version> = {
  conversationmgr: 'v3',
  portalmgr: 'v4',
  eventmgr: 'v4',
};

export function createAuthorize(deps: {
  issuer: TokenIssuer;
  limiter: TenantRateLimiter;
  faults: FaultInjector;
  /** Where the caller of a request is kept for the call log. */
  callers: WeakMap<object, Caller>;
  /** Where the state of the request's rate bucket is kept for the call log (the inspector). */
  rates?: WeakMap<object, RateBucketState>;
}): EmulatorContext['authorize'] {
  return async (ctx: RouteContext, call) => {
    const lang = header(ctx.req, 'accept-language');
    const caller = deps.issuer.verify(header(ctx.req, 'authorization'), lang);
    deps.callers.set(ctx.req, caller);
    const needed = call.anyOfScopes ?? [];
    if (needed.length > 0 && !needed.some((s) => caller.scopes.includes(s))) {
      throw PlatformError.of('403-197', { scope: needed.join(' or ') }, { acceptLanguage: lang });
    }
    const method = (ctx.req.method ?? 'GET').toUpperCase();
    const rateCall = { tenant: caller.tenant, service: call.service as ServiceName, version: SERVICE_VERSIONS[call.service], method, template: call.template };
    try {
      deps.limiter.take(rateCall);
    } finally {
      // After the take, or after its 429: either way the inspector shows the bucket as it is.
      deps.rates?.set(ctx.req, deps.limiter.state(rateCall));
    }
    await deps.faults.beforeCall({ service: call.service, method, template: call.template }, lang);
    return caller;
  };
}
