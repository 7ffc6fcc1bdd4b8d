/**
 * The bot's logger: pino, with secrets hidden before anything is written (see redaction.ts):
 * redact paths for secret-named fields, a walk of each logged object that hides secrets at any
 * depth, an error serializer that strips HTTP clients' configs and scrubs messages, and a hook
 * that scrubs free-text log messages (a token pasted into a message is hidden too).
 */
import { pino, stdSerializers, type DestinationStream, type Level, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { serializeError } from './errorSerializer.js';
import { REDACTED, redactPaths, scrubDeep, scrubText } from './redaction.js';
import { CUSTOMER_DATA_KINDS, maskCustomerData, maskCustomerDataDeep, type CustomerDataKind } from './customerData.js';

export type { Logger } from 'pino';

/** What `createLogger` takes; every field has a default. */
export interface LoggerOptions {
  /** Minimum level; default info (LOG_LEVEL). */
  level?: Level | 'silent';
  /** Added to every line as `name`. */
  name?: string;
  /** Where lines go; default standard output. */
  destination?: DestinationStream;
  /** More redact paths, in pino's syntax (`user.ssn`, `*.card.number`). */
  redact?: string[];
  /** Fields added to every line, e.g. { replica: 'bot-1' }. */
  base?: Record<string, unknown>;
  /**
   * Also walk every logged object (plain data only) to hide secret-named fields at any depth,
   * name/value pairs naming a secret, and secrets inside strings; default true. The redact
   * paths alone reach 5 levels and exact names only.
   */
  deepScrub?: boolean;
  /**
   * 'json' (the default): one JSON document per line, for log collectors. 'pretty': a readable
   * line per entry (time, level, message, fields), for a person at a terminal (O2). Secrets are
   * hidden before either is written.
   */
  format?: LogFormat;
  /**
   * Customer data masked in every line (S13): card numbers, e-mail addresses, phone numbers in
   * messages and in logged fields other than ids and times; default all three. `[]` logs them as
   * they are (CUSTOMER_DATA_REDACTION=off).
   */
  customerData?: readonly CustomerDataKind[];
}

export type LogFormat = 'json' | 'pretty';

/**
 * LOG_FORMAT as written: 'auto' is readable lines when the output is a terminal and JSON
 * otherwise (a file, a pipe, a container's log collector).
 */
export function resolveLogFormat(setting: LogFormat | 'auto' | undefined, output: { isTTY?: boolean } = process.stdout): LogFormat {
  if (setting === 'json' || setting === 'pretty') return setting;
  return output.isTTY ? 'pretty' : 'json';
}

/**
 * Makes the bot's logger: pino, with secrets hidden before anything is written (secret-named
 * fields, secrets at any depth, HTTP clients' configs, tokens pasted into messages). Use it for the
 * bot's own lines too, so they get the same protection.
 *
 * @param opts - level, name, destination, extra redact paths and base fields
 * @returns a pino Logger
 */
export function createLogger(opts: LoggerOptions = {}): Logger {
  const kinds = opts.customerData ?? CUSTOMER_DATA_KINDS;
  const options = {
    level: opts.level ?? 'info',
    name: opts.name,
    base: opts.base,
    redact: { paths: redactPaths(opts.redact), censor: REDACTED },
    serializers: {
      // Serialized after the log formatter runs, so masked here: an error's message may quote the customer.
      err: (e: unknown) => maskCustomerDataDeep(serializeError(e), kinds),
      error: (e: unknown) => maskCustomerDataDeep(serializeError(e), kinds),
      // Request objects: pino's shape, then scrubbed (the URL may carry a secret query field).
      req: (req: Parameters<typeof stdSerializers.req>[0]) => scrubDeep(stdSerializers.req(req)),
    },
    formatters: {
      log: (obj: Record<string, unknown>) => maskCustomerDataDeep((opts.deepScrub === false ? obj : scrubDeep(obj)) as Record<string, unknown>, kinds),
    },
    hooks: {
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? maskCustomerData(scrubText(a), kinds) : a)));
      },
    },
  };
  if (opts.format === 'pretty') {
    // Written synchronously, like pino's own stdout, so a banner printed after start-up comes
    // after its log lines; colours only on a terminal.
    const colorize = opts.destination ? false : Boolean(process.stdout.isTTY);
    const stream = PinoPretty({ destination: opts.destination ?? 1, sync: true, colorize, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
    return pino(options, stream);
  }
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
