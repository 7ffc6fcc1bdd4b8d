/**
 * What an operator reads when a command fails (O1): one line naming what went wrong and, when
 * there is one, the fix; and an exit code (2: the input is wrong — configuration, file, option;
 * 1: the outside world refused or is unreachable). Never a stack trace: the errors the commands
 * meet are known, and anything else is still one line with its message.
 */
import { ConfigError } from '../src/config/config.js';
import { PlatformError } from '../src/errors/platformError.js';
import { SetupFileError } from '../src/provisioning/setupDescription.js';
import { RedisUnreachableError } from '../src/redis/redisConnection.js';

export interface CommandFailure {
  line: string;
  exitCode: 1 | 2;
}

/** The platform codes whose fix is known, keyed by code. */
const PLATFORM_FIXES: Record<string, string> = {
  '401-106': 'the platform refused the client credentials; check PLATFORM_CLIENT_ID and PLATFORM_CLIENT_SECRET',
  '502-102': 'the platform could not be reached; check PLATFORM_BASE_URL and PLATFORM_TOKEN_URL',
  '504-100': 'the platform did not answer in time; check PLATFORM_BASE_URL and PLATFORM_TOKEN_URL',
};

/** What to do about a platform error code, when the project knows. */
export function platformFix(code: string): string | undefined {
  return PLATFORM_FIXES[code];
}

export function describeFailure(command: string, err: unknown): CommandFailure {
  const prefix = `hubbot ${command}:`;
  if (err instanceof ConfigError) return { line: `${prefix} configuration is invalid: ${err.problems.join('; ')}`, exitCode: 2 };
  if (err instanceof SetupFileError) return { line: `${prefix} ${err.file}: ${err.problems.join('; ')}`, exitCode: 2 };
  if (err instanceof RedisUnreachableError) return { line: `${prefix} ${err.message}; check REDIS_URL (or pass --redis-url)`, exitCode: 1 };
  if (err instanceof PlatformError) {
    const fix = PLATFORM_FIXES[err.code];
    const said = `${err.code} ${err.developerMessage}`;
    return { line: `${prefix} ${fix ? `${fix} (${said})` : `the platform refused: ${said}`}`, exitCode: 1 };
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code?.startsWith('ERR_PARSE_ARGS')) return { line: `${prefix} ${(err as Error).message} (see hubbot ${command} --help)`, exitCode: 2 };
  if (code === 'EADDRINUSE') {
    const port = (err as { port?: number }).port;
    return { line: `${prefix} port ${port ?? '?'} is already in use; stop what listens there or choose another port`, exitCode: 1 };
  }
  return { line: `${prefix} ${err instanceof Error ? err.message : String(err)}`, exitCode: 1 };
}
