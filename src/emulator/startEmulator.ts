/**
 * Starts the emulated platform: the conversation hub (this part) plus any extra parts (portal
 * manager, event manager) on one restify server sharing one auth, one rate limiter, one set of
 * fault knobs, one clock and one call log (emulatorContext.ts). Used by `hubbot emulator` and
 * by tests, which talk to it over plain HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createJsonServer } from '../httpServer/jsonServer.js';
import { SETUP_RESOURCES, type SetupResource } from '../schemas/conversationOperations.js';
import type { RatePlan } from '../rates/rateLookup.js';
import { registerAdminRoutes } from './admin/adminRoutes.js';
import { registerRealisticRoutes } from './admin/realisticRoutes.js';
import { registerAssetRoutes } from './assets/assetRoutes.js';
import { AssetStore } from './assets/assetStore.js';
import { ClientRegistry, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type ClientCredentials, type ClientRegistration } from './auth/clientRegistry.js';
import { TokenIssuer } from './auth/tokenIssuer.js';
import { registerTokenRoute, TOKEN_PATH } from './auth/tokenRoute.js';
import { CallLog, logOfPath } from './callLog.js';
import { captureResponseBody, describeRawRequest, redactBody, redactHeaders } from './callBodies.js';
import { registerCustomerRoutes } from './customer/customerRoutes.js';
import { createAuthorize } from './emulatorAuthorizer.js';
import type { Caller, EmulatorContext, EmulatorPart } from './emulatorContext.js';
import type { EmulatorServices } from './emulatorServices.js';
import { FaultInjector } from './faults/faultInjector.js';
import type { FaultSettingsInput } from './faults/faultSettings.js';
import { CALLBACK_TIMEOUT_MS, CallbackDelivery } from './hub/callbackDelivery.js';
import { CallbackTokens } from './hub/callbackTokens.js';
import type { ConversationStartSignal } from './hub/conversationStartSignal.js';
import { ConversationStore } from './hub/conversationStore.js';
import { EscalationQueue } from './hub/escalationQueue.js';
import { EMULATOR_API, HUB_BASE } from './hub/hubPaths.js';
import { MessageRouter } from './hub/messageRouter.js';
import { registerMessageRoutes } from './hub/messageRoutes.js';
import { ResourceStore } from './hub/resourceStore.js';
import { registerSetupRoutes, type ResourceStores } from './hub/setupRoutes.js';
import { parsePlan } from './limits/planOption.js';
import { DEFAULT_TOLERANCE_MS, TenantRateLimiter, type RateBucketState } from './limits/tenantRateLimiter.js';
import { guardLocalOnly } from './localOnlyGuard.js';
import { driftSet } from './realistic/drifts.js';

/** How `startEmulator` sets up the emulated platform; every field has a default. */
export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** The interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Usage plan of every tenant without its own: Developer, Basic, Enterprise (default) or a custom plan. */
  plan?: RatePlan | string;
  /** The clock (ms since epoch) for token expiry, rate buckets and signed URLs; tests pass their own. */
  now?: () => number;
  /** How long the access tokens it issues live; default one hour. */
  tokenTtlSeconds?: number;
  /** A callback not answering within this is failed; the platform's is 5 s. */
  callbackTimeoutMs?: number;
  /** How early a call may come before its rate token and still pass (jitter allowance). */
  rateToleranceMs?: number;
  /** Tokens a rate bucket holds (default 1: no bursts). */
  rateBurst?: number;
  /** Faults to inject from the start (slow or failed calls, callback failures); see `setFaults`. */
  faults?: FaultSettingsInput;
  /** API clients registered at start, beside the default one. */
  clients?: ClientRegistration[];
  /** HMAC key of the signed asset URLs; random per start by default. */
  signingKey?: Buffer;
  /** How long a signed asset URL stays valid; default 900 s. */
  signedUrlTtlSeconds?: number;
  /** The largest asset upload accepted; default 10 MiB. */
  maxAssetBytes?: number;
  /** Extra parts (portal, event manager) registering their routes on the same server. */
  parts?: EmulatorPart[];
  /** Host names besides loopback ones the emulator takes changes on (a container's name, say); S8. */
  allowedHosts?: string[];
  /**
   * Answer in the real platform's known variants (F3, R7): `true` plays every drift of
   * realistic/drifts.ts, a list only those named (an unknown name throws).
   */
  realistic?: boolean | readonly string[];
  /**
   * How a new conversation is signalled to the bot (N4): default a `customer.info` message with
   * the customer's name and language (hub/conversationStartSignal.ts); your own signal, or
   * `false` for none (the bot then first hears of a conversation with the customer's message).
   */
  conversationStart?: ConversationStartSignal | false;
}

/**
 * A running emulator (from `startEmulator`): its URLs, the default API client, the knobs tests
 * turn, and `stop`.
 */
export interface RunningEmulator {
  /** Base URL, e.g. http://127.0.0.1:4010 */
  url: string;
  /** The conversation manager base: `${url}/conversation/conversationmgr/v3` */
  hubUrl: string;
  /** The OAuth2 token endpoint (client credentials). */
  tokenUrl: string;
  /** The API client registered at start (tenant `default`), with its id and secret. */
  defaultClient: ClientCredentials;
  /** The shared state of the emulator's parts: clock, auth, rate limiter, faults, call log. */
  context: EmulatorContext;
  /**
   * The emulated hub's services, for tests that look inside (conversations, resources, deliveries).
   */
  services: EmulatorServices;
  /**
   * Registers an API client (its id, tenant, scopes, sender type, whether it acts on behalf of participants) and returns its credentials.
   *
   * @param reg - what the client may do
   */
  registerClient(reg: ClientRegistration): ClientCredentials;
  /** Registers a client and returns a token for it at once (tests). */
  tokenFor(reg?: ClientRegistration, scopes?: string[]): string;
  /**
   * Sets the usage plan (its rates) of a tenant, or of every tenant without its own.
   *
   * @param plan - Developer, Basic, Enterprise or a custom plan
   * @param tenant - the tenant; default all
   */
  setPlan(plan: RatePlan | string, tenant?: string): void;
  /**
   * Replaces the injected faults.
   *
   * @param faults - the new fault settings
   */
  setFaults(faults: FaultSettingsInput): void;
  /** Turns realistic answers (F3, R7) on (`true`: every drift), off, or to the drifts listed. */
  setRealistic(on: boolean | readonly string[]): void;
  /** Makes every issued access token expire now (tests of token renewal). */
  expireTokens(): void;
  /** Resolves when no callback delivery is queued or running. */
  deliveriesIdle(): Promise<void>;
  /** Stops the server and every part. */
  stop(): Promise<void>;
}

function stores(now: () => number): ResourceStores {
  return Object.fromEntries(SETUP_RESOURCES.map((r) => [r, new ResourceStore(now)])) as Record<SetupResource, ResourceStore>;
}

/**
 * Starts the emulated platform: the conversation hub plus any extra parts (portal, event manager,
 * web chat) on one server, sharing one auth, rate limiter, fault knobs, clock and call log. For
 * tests and a developer's laptop, never production.
 *
 * @param opts - port, plan, clock, faults, clients and parts
 * @returns the running emulator
 */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const now = opts.now ?? Date.now;
  const log = new CallLog(now);
  const clients = new ClientRegistry();
  const defaultClient = clients.register({ clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET, actOnBehalf: true });
  for (const c of opts.clients ?? []) clients.register(c);
  const issuer = new TokenIssuer(now, opts.tokenTtlSeconds ?? 3600);
  const limiter = new TenantRateLimiter(now, parsePlan(opts.plan ?? 'Enterprise'), opts.rateToleranceMs ?? DEFAULT_TOLERANCE_MS, opts.rateBurst ?? 1);
  const faults = new FaultInjector(opts.faults ?? {});
  const timeoutMs = opts.callbackTimeoutMs ?? CALLBACK_TIMEOUT_MS;
  const delivery = new CallbackDelivery({ now, log, faults, tokens: new CallbackTokens(log, timeoutMs), timeoutMs });
  const resourceStores = stores(now);
  const conversations = new ConversationStore(now);
  const assets = new AssetStore(now);
  const escalations = new EscalationQueue(now);
  const router = new MessageRouter({ stores: resourceStores, conversations, delivery, escalations, assets, log, startSignal: opts.conversationStart });
  const services: EmulatorServices = { now, log, clients, issuer, limiter, faults, stores: resourceStores, conversations, assets, escalations, delivery, router };

  const requestBodies = new WeakMap<object, unknown>();
  const app = createJsonServer({ name: 'hubbot-emulator', onBody: (req, body) => void requestBodies.set(req, body) });
  guardLocalOnly(app.server.server, opts.allowedHosts ?? (opts.host && opts.host !== '0.0.0.0' ? [opts.host] : []));
  const callers = new WeakMap<object, Caller>();
  const rates = new WeakMap<object, RateBucketState>();
  let baseUrl = '';
  let drifts = driftSet(opts.realistic);
  const context: EmulatorContext = {
    app,
    baseUrl: () => baseUrl,
    now,
    record: (entry) => void log.record(entry),
    authorize: createAuthorize({ issuer, limiter, faults, callers, rates }),
    drifts: () => drifts,
    setDrifts: (setting) => void (drifts = driftSet(setting)),
  };
  recordCalls(app.server.server, log, { callers, rates, requestBodies });

  registerTokenRoute(app, {
    clients,
    issuer,
    beforeHandling: () => faults.beforeCall({ service: 'token', method: 'POST', template: TOKEN_PATH }),
    onForm: (req, form) => void requestBodies.set(req, form),
  });
  registerSetupRoutes(context, resourceStores);
  registerMessageRoutes(context, { router, conversations });
  const declareAsset = registerAssetRoutes(context, assets, {
    signingKey: opts.signingKey ?? randomBytes(32),
    urlTtlMs: (opts.signedUrlTtlSeconds ?? 900) * 1000,
    maxAssetBytes: opts.maxAssetBytes ?? 10 * 1024 * 1024,
  });
  registerCustomerRoutes(context, { stores: resourceStores, conversations, router, declareAsset });
  registerAdminRoutes(context, services);
  registerRealisticRoutes(context);
  for (const part of opts.parts ?? []) await part(context);

  baseUrl = await app.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    url: baseUrl,
    hubUrl: `${baseUrl}${HUB_BASE}`,
    tokenUrl: `${baseUrl}${TOKEN_PATH}`,
    defaultClient,
    context,
    services,
    registerClient: (reg) => clients.register(reg),
    tokenFor: (reg = {}, scopes) => issuer.issue(clients.get(clients.register(reg).clientId)!, scopes).accessToken,
    setPlan: (plan, tenant) => (tenant === undefined ? limiter.setDefaultPlan(parsePlan(plan)) : limiter.setTenantPlan(tenant, parsePlan(plan))),
    setFaults: (f) => void faults.set(f),
    setRealistic: (on) => context.setDrifts(on),
    expireTokens: () => issuer.expireAll(),
    deliveriesIdle: () => delivery.idle(),
    stop: async () => {
      await Promise.race([delivery.close(), new Promise((r) => setTimeout(r, timeoutMs + 100).unref())]);
      await app.close();
    },
  };
}

/**
 * One call-log line per answered request (method, path without query, status, duration,
 * caller, rate bucket, and the request and response bodies with secrets redacted:
 * callBodies.ts), for the inspector. The inspector's own polling of /emulator/calls is left out.
 */
function recordCalls(
  server: import('node:http').Server,
  log: CallLog,
  seen: { callers: WeakMap<object, Caller>; rates: WeakMap<object, RateBucketState>; requestBodies: WeakMap<object, unknown> },
): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    const path = (req.url ?? '/').replace(/[?#].*$/, '');
    if (req.method === 'GET' && path === `${EMULATOR_API}/calls`) return;
    const response = captureResponseBody(res);
    res.once('finish', () => {
      const caller = seen.callers.get(req);
      const rate = seen.rates.get(req);
      const request = seen.requestBodies.get(req);
      const responseBody = response.body();
      const raw = request === undefined ? describeRawRequest(req.headers) : undefined;
      log.record({
        kind: 'call',
        log: logOfPath(path),
        method: req.method,
        path,
        status: res.statusCode,
        ms: Date.now() - started,
        ...(caller ? { clientId: caller.clientId, tenant: caller.tenant } : {}),
        ...(rate ? { rate } : {}),
        requestHeaders: redactHeaders(req.headers),
        ...(request !== undefined ? { request: redactBody(request) } : raw !== undefined ? { request: raw } : {}),
        responseHeaders: redactHeaders(res.getHeaders()),
        ...(responseBody === undefined ? {} : { response: responseBody }),
      });
    });
  });
}
