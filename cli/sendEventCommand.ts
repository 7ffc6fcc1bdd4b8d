/**
 * `hubbot send-event`: PUTs one knowledge event to a webhook, as the event manager would, and
 * prints each answer's status. `--duplicates N` sends the same notificationId N more times, to
 * watch deduplication (every answer 204, one handling).
 *
 * Fields: `name=value` is a string, `name:=json` a JSON value (number, boolean, object), and a
 * dotted name nests (`payload.articleId=KB-1`); `--json` gives a whole object first.
 * The credentials, when the webhook wants them, come from the environment (an argument would
 * show in the process list): WEBHOOK_HMAC_SECRET signs each request (x-webhook-timestamp,
 * x-webhook-signature, src/schemas/webhookSignature.ts), WEBHOOK_SHARED_SECRET is sent in
 * WEBHOOK_SECRET_HEADER.
 */
import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { webhookSignatureHeaders } from '../src/schemas/webhookSignature.js';
import { consoleIo, parseCommandArgs, type CommandIo } from './commandIo.js';

export const SEND_EVENT_HELP = `Usage: hubbot send-event --kind <eventType> [name=value | name:=json ...] [options]

Sends one knowledge event (HTTP PUT, JSON) to a webhook and prints each answer.

Options:
  --url <url>          webhook URL (default http://127.0.0.1:{BOT_PORT}{BOT_WEBHOOK_PATH})
  --kind <eventType>   the event kind, e.g. article_deleted
  --id <id>            notificationId (default: a new UUID)
  --json <object>      fields as a JSON object (name=value pairs are applied after it)
  --time <iso|none>    eventTime (default: now; "none" leaves it out)
  --kind-field <name>  field carrying the kind (default eventType)
  --duplicates <n>     send the same notificationId n more times (default 0)
  -h, --help           this text

Environment: WEBHOOK_HMAC_SECRET, when set, signs each request (x-webhook-timestamp and
x-webhook-signature); WEBHOOK_SHARED_SECRET is sent in WEBHOOK_SECRET_HEADER when set.
Exit code: 0 when every answer is 2xx, 1 otherwise, 2 on a usage error.`;

export async function run(args: string[], io: CommandIo = consoleIo()): Promise<number> {
  const parsed = parseCommandArgs(
    'send-event',
    SEND_EVENT_HELP,
    args,
    {
      url: { type: 'string' },
      kind: { type: 'string' },
      id: { type: 'string' },
      json: { type: 'string' },
      time: { type: 'string' },
      'kind-field': { type: 'string' },
      duplicates: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  let cfg;
  try {
    cfg = loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) return usage(io, err.message);
    throw err;
  }
  if (!values.kind) return usage(io, '--kind is required');
  const duplicates = values.duplicates === undefined ? 0 : Number(values.duplicates);
  if (!Number.isInteger(duplicates) || duplicates < 0) return usage(io, '--duplicates must be a whole number ≥ 0');

  let body: Record<string, unknown>;
  try {
    body = buildBody(values, positionals);
  } catch (err) {
    return usage(io, (err as Error).message);
  }
  const url = values.url ?? `http://127.0.0.1:${cfg.BOT_PORT}${cfg.BOT_WEBHOOK_PATH}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cfg.WEBHOOK_SHARED_SECRET) headers[cfg.WEBHOOK_SECRET_HEADER] = cfg.WEBHOOK_SHARED_SECRET;

  const text = JSON.stringify(body);
  const total = duplicates + 1;
  let failed = 0;
  for (let i = 1; i <= total; i++) {
    const prefix = `PUT ${url} notificationId=${String(body.notificationId)} (${i}/${total})`;
    try {
      // Signed per request: each carries its own time.
      const signed = cfg.WEBHOOK_HMAC_SECRET ? { ...headers, ...webhookSignatureHeaders(cfg.WEBHOOK_HMAC_SECRET, text, Date.now()) } : headers;
      const r = await fetch(url, { method: 'PUT', headers: signed, body: text, signal: AbortSignal.timeout(15_000) });
      const answer = await r.text();
      if (r.status < 200 || r.status > 299) failed++;
      io.out(`${prefix} -> ${r.status} ${r.statusText}${summary(answer)}`);
    } catch (err) {
      failed++;
      io.out(`${prefix} -> no answer: ${(err as Error).message}`);
    }
  }
  return failed === 0 ? 0 : 1;
}

function usage(io: CommandIo, problem: string): number {
  io.err(`hubbot send-event: ${problem}\n\n${SEND_EVENT_HELP}`);
  return 2;
}

/** The envelope: --json, then name=value fields, then the kind, notificationId and eventTime. */
export function buildBody(values: { kind?: string; id?: string; json?: string; time?: string; 'kind-field'?: string }, fields: string[]): Record<string, unknown> {
  let body: Record<string, unknown> = {};
  if (values.json !== undefined) {
    const v: unknown = JSON.parse(values.json);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('--json must be a JSON object');
    body = v as Record<string, unknown>;
  }
  for (const field of fields) {
    const m = /^([^=:]+)(:=|=)(.*)$/s.exec(field);
    if (!m) throw new Error(`"${field}" is not name=value or name:=json`);
    const [, name, op, raw] = m;
    let value: unknown = raw;
    if (op === ':=') {
      try {
        value = JSON.parse(raw!);
      } catch {
        throw new Error(`"${field}": the value after := is not JSON`);
      }
    }
    setPath(body, name!.split('.'), value);
  }
  body[values['kind-field'] ?? 'eventType'] = values.kind;
  body.notificationId = values.id ?? body.notificationId ?? randomUUID();
  if (values.time !== 'none') body.eventTime = values.time ?? body.eventTime ?? new Date().toISOString();
  return body;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const part of path.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** The error code and message of an error body, if the answer is one. */
function summary(text: string): string {
  if (text === '') return '';
  try {
    const b = JSON.parse(text) as { code?: unknown; developerMessage?: unknown };
    if (typeof b.code === 'string') return ` ${b.code} ${String(b.developerMessage ?? '')}`;
  } catch {
    // not JSON: show nothing of it
  }
  return '';
}
