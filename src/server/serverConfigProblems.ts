/**
 * Every reason the configuration cannot run a bot server, found at once (O1): an operator fixes
 * them in one go instead of learning them one start-up at a time. loadConfig has already
 * checked each variable on its own; these are the rules about what a server needs together.
 */
import { ConfigError, type Config } from '../config/config.js';
import { WEBHOOK_AUTH_PROBLEM, webhookAuthMissing } from '../webhook/webhookOptionsFromConfig.js';
import { callbackAuthenticatorOptionsFromConfig } from './serverOptionsFromConfig.js';
import { traceExportProblem } from '../observability/traceExport.js';

export const CALLBACK_AUTH_PROBLEM =
  "BOT_TOKEN_SIGNING_KEY (with BOT_CLIENT_ID and BOT_CLIENT_SECRET) or CALLBACK_ISSUER: the hub's callbacks must be authenticated (spec 5.4)";
export const SIGNING_KEY_PROBLEM = "BOT_TOKEN_SIGNING_KEY: required when BOT_CLIENT_ID is set (the bot's token endpoint signs the hub's tokens with it)";
export const PLATFORM_URL_PROBLEM = 'PLATFORM_BASE_URL: required to reach a platform (or run `hubbot start` without it to use the local emulator)';
export const PLATFORM_CREDENTIALS_PROBLEM = 'PLATFORM_TOKEN_URL, PLATFORM_CLIENT_ID and PLATFORM_CLIENT_SECRET: required to obtain platform tokens';

export interface ServerNeeds {
  /** The server serves its own port, so its knowledge webhook must be authenticated (S4). */
  listen: boolean;
  /** The platform's tokens come from the configuration (not from a token provider given in code). */
  platformCredentials: boolean;
}

export function serverConfigProblems(cfg: Config, needs: ServerNeeds): string[] {
  const problems: string[] = [];
  if (!cfg.PLATFORM_BASE_URL) problems.push(PLATFORM_URL_PROBLEM);
  if (needs.platformCredentials && !(cfg.PLATFORM_TOKEN_URL && cfg.PLATFORM_CLIENT_ID && cfg.PLATFORM_CLIENT_SECRET)) problems.push(PLATFORM_CREDENTIALS_PROBLEM);
  if (!callbackAuthenticatorOptionsFromConfig(cfg)) problems.push(CALLBACK_AUTH_PROBLEM);
  // The server's token endpoint signs with this key; provisioning, which only hands the hub the
  // client id and secret, does not need it, so loadConfig does not ask for it.
  else if (cfg.BOT_CLIENT_ID && !cfg.BOT_TOKEN_SIGNING_KEY) problems.push(SIGNING_KEY_PROBLEM);
  if (needs.listen && webhookAuthMissing(cfg)) problems.push(WEBHOOK_AUTH_PROBLEM);
  const traces = traceExportProblem(cfg.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (traces) problems.push(traces);
  return problems;
}

/** Throws one ConfigError naming every problem, before any connection is opened. */
export function requireServerConfig(cfg: Config, needs: ServerNeeds): void {
  const problems = serverConfigProblems(cfg, needs);
  if (problems.length) throw new ConfigError(problems);
}
