/**
 * The one configuration loader: zod over environment variables. A wrong value fails at start
 * with one line per variable naming what it expects, never a stack trace; secrets are never
 * echoed back in those messages.
 */
import { z } from 'zod';
import { SENDER_TYPES } from '../schemas/messageTypes.js';
import { clusterSettings } from '../redis/redisSettings.js';

const PLANS = ['Developer', 'Basic', 'Enterprise'] as const;

// http(s) only: `localhost:5500` parses as a URL of scheme `localhost:` and would fail later, unnamed.
const optionalUrl = z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).optional();
const port = z.coerce.number().int().min(0).max(65535);
const csv = z
  .string()
  .optional()
  .transform((s) => (s ? s.split(/[\s,]+/).filter(Boolean) : []));

/** Variable name → schema. docs/configuration.md lists the same names. */
export const configSchema = z.object({
  PLATFORM_BASE_URL: optionalUrl.describe('the platform base URL, e.g. https://api.example.com'),
  PLATFORM_TOKEN_URL: optionalUrl.describe('the OAuth2 token endpoint for client credentials'),
  PLATFORM_CLIENT_ID: z.string().min(1).optional(),
  PLATFORM_CLIENT_SECRET: z.string().min(1).optional(),
  PLATFORM_SCOPES: csv,
  PLATFORM_TENANT: z.string().min(1).default('default'),
  PLATFORM_PLAN: z.enum(PLANS).default('Enterprise'),
  PORTAL_BASE_URL: optionalUrl.describe('portal manager base; default {PLATFORM_BASE_URL}/knowledge/portalmgr/v4'),
  PORTAL_ID: z
    .string()
    .regex(/^[A-Za-z]{2,4}-\d{4,15}$/, 'a portal id: 2-4 letters, a dash, 4-15 digits')
    .optional(),
  PORTAL_TOKEN_MODE: z
    .enum(['on-behalf-of-customer', 'client'])
    .default('on-behalf-of-customer')
    .describe('on-behalf-of-customer (a token per conversation, portal sessions per customer) or client (the bot\'s own token)'),
  PORTAL_PROFILE_ID: z.string().regex(/^\d+$/, 'a numeric guided-help profile id').optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL').optional(),
  // A Redis Cluster instead (D1): seed nodes, `host:port` or redis:// / rediss:// URLs, comma separated.
  REDIS_CLUSTER_NODES: z.string().min(1).optional().describe('host:port,host:port,... or redis:// / rediss:// URLs'),
  // Nodes that announce addresses the bot cannot reach (NAT, containers): announced=reachable host:port pairs.
  REDIS_CLUSTER_ADDRESS_MAP: z.string().min(1).optional().describe('announced-host:port=reachable-host:port,...'),
  REDIS_USERNAME: z.string().min(1).optional(),
  REDIS_PASSWORD: z.string().min(1).optional(),
  REDIS_TLS: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('true or false'),
  // How long the first connection to Redis may take before start-up fails (O1); reconnections after it are not bounded.
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  BOT_HOST: z.string().default('127.0.0.1'),
  BOT_PORT: port.default(3978),
  BOT_SENDER_TYPE: z.enum(SENDER_TYPES).default('custom_bot'),
  BOT_CALLBACK_PATH: z.string().startsWith('/').default('/api/hub/callback'),
  BOT_WEBHOOK_PATH: z.string().startsWith('/').default('/webhook'),
  BOT_CLIENT_ID: z.string().min(1).optional(),
  BOT_CLIENT_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  BOT_TOKEN_SIGNING_KEY: z.string().min(32, 'at least 32 characters').optional(),
  // Keys rotated out but still accepted until their tokens expire (S3).
  BOT_TOKEN_PREVIOUS_SIGNING_KEYS: csv,
  BOT_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().max(86_400, 'at most a day (S14)').default(3600),
  BOT_TOKEN_ISSUER: z.string().min(1).default('hubbot'),
  BOT_TOKEN_AUDIENCE: z.string().min(1).default('hubbot-callback'),
  CALLBACK_ISSUER: z.string().min(1).optional().describe('the iss of an external issuer of callback tokens'),
  CALLBACK_JWKS_URL: optionalUrl.describe('the JWKS URL of the external callback token issuer'),
  CALLBACK_SHARED_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  CALLBACK_TENANT_CLAIM: z.string().min(1).optional(),
  CALLBACK_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  WEBHOOK_SHARED_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  WEBHOOK_IP_ALLOWLIST: csv,
  WEBHOOK_SECRET_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name').default('x-webhook-secret'),
  // Knowledge events must be authenticated (a secret, a signature or an allowlist) unless this says none (S4).
  WEBHOOK_AUTH: z.enum(['required', 'none']).default('required').describe('required (the default) or none'),
  WEBHOOK_HMAC_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  // Old HMAC secrets still accepted while the event manager changes over to the new one (S12).
  WEBHOOK_HMAC_PREVIOUS_SECRETS: csv.refine((l) => l.every((s) => s.length >= 32), 'each at least 32 characters'),
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  WEBHOOK_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(64 * 1024),
  INBOX_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(128),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  // What a slow or silent client may hold (S1).
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  HTTP_MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(1).default(1000),
  HTTP_MAX_UNAUTHENTICATED_PER_ADDRESS: z.coerce.number().int().min(1).default(16),
  // The body deadline of every route but the hub's callback: their callers are not authenticated while the body comes (S10).
  HTTP_UNAUTHENTICATED_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  // Listeners of their own for the knowledge webhook and for /healthz, /readyz (and /metrics), on BOT_HOST (S10).
  WEBHOOK_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OPERATIONS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The hub's callbacks come in bursts from a few addresses, each counted only while its token
  // is being checked: 16 refused a real burst (64 connections) in the adapter benchmark.
  HTTP_MAX_UNAUTHENTICATED_CALLBACKS_PER_ADDRESS: z.coerce.number().int().min(1).default(512),
  // Load balancers / reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges).
  TRUSTED_PROXIES: csv,
  // The token endpoint's failure limiter, per address and per client id (S2).
  BOT_TOKEN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  BOT_TOKEN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  BOT_TOKEN_BLOCK_SECONDS: z.coerce.number().int().min(1).default(300),
  // /metrics apart from the public routes (S8): a port of its own (on 127.0.0.1), and/or a bearer token.
  // On SIGTERM, how long running turns may take to finish before their leases are handed back (T7).
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // Without METRICS_TOKEN, /metrics on the public port answers loopback callers only, unless this is true (S14).
  METRICS_PUBLIC: z.enum(['true', 'false']).default('false').transform((v) => v === 'true').describe('true or false (the default)'),
  // Transcripts of every conversation (H4): kept in Redis with REDIS_URL, else in memory.
  TRANSCRIPTS: z.enum(['on', 'off']).default('on').describe('on (the default) or off'),
  // Customer data masked in transcripts, dead letters and logs (S13): the kinds to mask, or off.
  CUSTOMER_DATA_REDACTION: z
    .string()
    .default('cards,emails,phones')
    .transform((s) => s.split(/[\s,]+/).filter(Boolean))
    .refine((kinds) => (kinds.length === 1 && kinds[0] === 'off') || (kinds.length > 0 && kinds.every((k) => ['cards', 'emails', 'phones'].includes(k))), 'cards, emails and/or phones, or off')
    .transform((kinds) => (kinds[0] === 'off' ? ('off' as const) : kinds))
    .describe('cards,emails,phones (the default), a part of them, or off'),
  TRANSCRIPT_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  // Conversation state (botbuilder Storage items) is forgotten this long after its last write,
  // on Redis and in memory alike: an ended or idle conversation does not stay for ever. At least
  // an hour: a live conversation's reference is written again once an hour.
  STATE_TTL_SECONDS: z.coerce.number().int().min(3600).default(24 * 3600),
  // How long the customer waits for an agent after a transfer before being offered a choice (H2).
  HANDOVER_WAIT_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(120),
  DEFAULT_LANGUAGE: z.string().default('en-US'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Readable lines on a terminal, JSON otherwise (auto), or either forced (O2).
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto').describe('auto (the default), pretty or json'),
  // Traces (O4): the OTLP/HTTP collector's base URL (spans go to <it>/v1/traces); unset, none are exported.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  // The service.name of the exported spans.
  OTEL_SERVICE_NAME: z.string().min(1).default('hubbot'),
});

/**
 * The bot's configuration, read from the environment by `loadConfig`: the platform's URLs and
 * credentials, the portal, Redis, the bot server's host, port, paths and token settings, the
 * webhook's secrets, the log level. Each field is named as its environment variable; the
 * configuration table of the documentation lists them with their defaults.
 */
export type Config = z.infer<typeof configSchema>;

/**
 * Thrown by `loadConfig` when the environment does not give a valid configuration. Its message
 * lists every problem, one a line, so all of them can be fixed at once.
 */
export class ConfigError extends Error {
  /** Each problem found, as `VARIABLE: what is wrong`. */
  readonly problems: string[];

  /** @param problems - each problem found, as `VARIABLE: what is wrong` */
  constructor(problems: string[]) {
    super(`Configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Loads the configuration from `env` (process.env by default). Empty strings count as unset;
 * defaults fill what is not set; related settings are checked together (e.g. `PLATFORM_TOKEN_URL`
 * is required with `PLATFORM_BASE_URL`).
 *
 * @param env - the variables to read; default `process.env`
 * @returns the parsed configuration
 * @throws ConfigError listing every problem found
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') relevant[key] = v;
  }
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      const described = configSchema.shape[name as keyof typeof configSchema.shape]?.description;
      return `${name}: ${issue.message}${described ? ` (expected ${described})` : ''}`;
    });
    throw new ConfigError(problems);
  }
  const cfg = parsed.data;
  const pairs: [keyof Config, keyof Config][] = [
    ['PLATFORM_CLIENT_ID', 'PLATFORM_CLIENT_SECRET'],
    ['BOT_CLIENT_ID', 'BOT_CLIENT_SECRET'],
  ];
  const problems: string[] = [];
  for (const [a, b] of pairs) {
    if ((cfg[a] === undefined) !== (cfg[b] === undefined)) problems.push(`${a} and ${b}: set both or neither`);
  }
  if (cfg.REDIS_URL && cfg.REDIS_CLUSTER_NODES) problems.push('REDIS_URL and REDIS_CLUSTER_NODES: set one or neither');
  else if (cfg.REDIS_CLUSTER_NODES) {
    try {
      clusterSettings(cfg.REDIS_CLUSTER_NODES, cfg);
    } catch (err) {
      problems.push((err as Error).message); // names the seed, its password masked
    }
  }
  if (cfg.PLATFORM_BASE_URL && !cfg.PLATFORM_TOKEN_URL) problems.push('PLATFORM_TOKEN_URL: required when PLATFORM_BASE_URL is set');
  if (cfg.CALLBACK_JWKS_URL && cfg.CALLBACK_SHARED_SECRET) problems.push('CALLBACK_JWKS_URL and CALLBACK_SHARED_SECRET: set one or neither');
  if ((cfg.CALLBACK_JWKS_URL || cfg.CALLBACK_SHARED_SECRET) !== undefined && !cfg.CALLBACK_ISSUER) problems.push('CALLBACK_ISSUER: required with CALLBACK_JWKS_URL or CALLBACK_SHARED_SECRET');
  if (cfg.CALLBACK_ISSUER && !cfg.CALLBACK_JWKS_URL && !cfg.CALLBACK_SHARED_SECRET) problems.push('CALLBACK_ISSUER: needs CALLBACK_JWKS_URL or CALLBACK_SHARED_SECRET');
  if (problems.length) throw new ConfigError(problems);
  return cfg;
}
