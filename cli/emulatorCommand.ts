/**
 * `hubbot emulator`: runs the platform emulator until interrupted and prints where it listens
 * and under which plan. Options map one to one onto `startEmulator` (src/emulator).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PlatformError } from '../src/errors/platformError.js';
import { defaultParts } from '../src/emulator/defaultParts.js';
import { planLabel, parsePlan } from '../src/emulator/limits/planOption.js';
import { faultSettingsSchema, type FaultSettingsInput } from '../src/emulator/faults/faultSettings.js';
import { startEmulator, type EmulatorOptions } from '../src/emulator/startEmulator.js';
import { DEFAULT_SENDER_TYPE } from '../src/emulator/auth/clientRegistry.js';
import { DRIFT_NAMES, driftSet } from '../src/emulator/realistic/drifts.js';
import type { WebhookTargetInput } from '../src/emulator/events/webhookTargets.js';

export const DEFAULT_EMULATOR_PORT = 4010;

export const EMULATOR_HELP = `Usage: hubbot emulator [options]

Runs the conversation hub (and the other emulated platform parts) on one local server.

Options:
  --port <n>                   port to listen on (default ${DEFAULT_EMULATOR_PORT}; 0 picks a free one)
  --host <addr>                address to listen on (default 127.0.0.1)
  --plan <plan>                Developer, Basic, Enterprise (default), or a custom plan as JSON
  --token-ttl <seconds>        lifetime of issued access tokens (default 3600)
  --callback-timeout <ms>      a callback not answering within this fails (default 5000)
  --seed <n>                   seed of every fault share, for repeatable runs (default 1)
  --latency <ms>[:<endpoint>]  add latency to calls (repeatable)
  --fail <status>:<share>[:<endpoint>]
                               answer 429, 502 or 503 on a share (0..1) of calls (repeatable)
  --duplicate-callbacks <share>  send a share of callback deliveries twice
  --reorder-callbacks <share>    let a share of callback deliveries go after the next one
  --faults <file.json>         fault settings as the admin API takes them (PUT /emulator/faults)
  --webhook <url>              deliver knowledge events to this webhook (repeatable); signed with
                               WEBHOOK_HMAC_SECRET from the environment when it is set, the
                               same variable the bot reads (never on the command line, where
                               other users of the machine could read it)
  --event-time-scale <x>       scale the event manager's 10 s timeout and 30 s retry interval
  --realistic                  answer in the real platform's known variants: every drift below
  --drift <name>               play one drift of realistic mode (repeatable): ${DRIFT_NAMES.join(', ')}
  -h, --help                   show this help

An <endpoint> is "METHOD /template", "/template" or "*", relative to the service base path,
e.g. "POST /conversations/messages" or "/assets/{id}".`;

/** Splits "a:b:rest" on its first `count` colons (an endpoint may hold a colon of its own). */
function splitColons(text: string, count: number): string[] {
  const out: string[] = [];
  let rest = text;
  for (let i = 0; i < count; i++) {
    const at = rest.indexOf(':');
    if (at < 0) break;
    out.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  out.push(rest);
  return out;
}

function number(name: string, text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new Error(`--${name}: "${text}" is not a number`);
  return n;
}

/** The startEmulator options of a command line; throws an Error naming the option at fault. */
/**
 * `--webhook` targets, signed when the environment holds the bot's HMAC key: a bot run apart
 * from the emulator is authenticated by default (S4) and would refuse unsigned deliveries.
 */
export function webhookTargets(urls: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): WebhookTargetInput[] | undefined {
  const hmacSecret = env.WEBHOOK_HMAC_SECRET;
  return urls?.map((url) => (hmacSecret ? { url, hmacSecret } : { url }));
}

export async function parseEmulatorArgs(args: string[]): Promise<EmulatorOptions & { help?: boolean; webhooks?: string[]; eventTimeScale?: number }> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      plan: { type: 'string' },
      'token-ttl': { type: 'string' },
      'callback-timeout': { type: 'string' },
      seed: { type: 'string' },
      latency: { type: 'string', multiple: true },
      fail: { type: 'string', multiple: true },
      'duplicate-callbacks': { type: 'string' },
      'reorder-callbacks': { type: 'string' },
      faults: { type: 'string' },
      webhook: { type: 'string', multiple: true },
      'event-time-scale': { type: 'string' },
      realistic: { type: 'boolean' },
      drift: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  const faults: FaultSettingsInput = values.faults ? JSON.parse(await readFile(values.faults, 'utf8')) : {};
  if (values.seed !== undefined) faults.seed = number('seed', values.seed);
  for (const l of values.latency ?? []) {
    const [ms, endpoint] = splitColons(l, 1);
    faults.latency = [...(faults.latency ?? []), { ms: number('latency', ms), endpoints: [endpoint ?? '*'] }];
  }
  for (const f of values.fail ?? []) {
    const [status, share, endpoint] = splitColons(f, 2);
    faults.errors = [...(faults.errors ?? []), { status: number('fail', status) as 429, share: number('fail', share ?? ''), endpoints: [endpoint ?? '*'] }];
  }
  const callbacks = { ...(faults.callbacks ?? {}) };
  if (values['duplicate-callbacks'] !== undefined) callbacks.duplicateShare = number('duplicate-callbacks', values['duplicate-callbacks']);
  if (values['reorder-callbacks'] !== undefined) callbacks.reorderShare = number('reorder-callbacks', values['reorder-callbacks']);
  faults.callbacks = callbacks;
  const checked = faultSettingsSchema.safeParse(faults);
  if (!checked.success) throw new Error(`fault options: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  let plan: EmulatorOptions['plan'] = 'Enterprise';
  if (values.plan !== undefined) {
    try {
      plan = parsePlan(values.plan);
    } catch (err) {
      throw new Error(`--plan: ${err instanceof PlatformError ? err.developerMessage : (err as Error).message}`);
    }
  }
  return {
    port: values.port === undefined ? DEFAULT_EMULATOR_PORT : number('port', values.port),
    host: values.host,
    plan,
    tokenTtlSeconds: values['token-ttl'] === undefined ? undefined : number('token-ttl', values['token-ttl']),
    callbackTimeoutMs: values['callback-timeout'] === undefined ? undefined : number('callback-timeout', values['callback-timeout']),
    faults,
    webhooks: values.webhook,
    eventTimeScale: values['event-time-scale'] === undefined ? undefined : number('event-time-scale', values['event-time-scale']),
    ...(values.realistic ? { realistic: true } : values.drift?.length ? { realistic: [...driftSet(values.drift)] } : {}),
  };
}

export async function run(args: string[]): Promise<number> {
  let opts: Awaited<ReturnType<typeof parseEmulatorArgs>>;
  try {
    opts = await parseEmulatorArgs(args);
  } catch (err) {
    console.error(`hubbot emulator: ${(err as Error).message}\n\n${EMULATOR_HELP}`);
    return 2;
  }
  if (opts.help) {
    console.log(EMULATOR_HELP);
    return 0;
  }
  const { webhooks, eventTimeScale, ...emulatorOptions } = opts;
  const emulator = await startEmulator({ ...emulatorOptions, parts: defaultParts({ webhooks: webhookTargets(webhooks), eventTimeScale }) });
  console.log(`hubbot emulator listening on ${emulator.url} (plan ${planLabel(parsePlan(opts.plan ?? 'Enterprise'))})`);
  console.log(`  conversation manager: ${emulator.hubUrl}`);
  console.log(`  token endpoint:       ${emulator.tokenUrl} (client ${emulator.defaultClient.clientId}, sends as ${DEFAULT_SENDER_TYPE})`);
  console.log(`  portal manager:       ${emulator.url}/knowledge/portalmgr/v4 (sample portals KP-10001, KP-20002)`);
  console.log(`  emulator API:         ${emulator.url}/emulator/info`);
  const signed = process.env.WEBHOOK_HMAC_SECRET ? ' (signed with WEBHOOK_HMAC_SECRET)' : ' (unsigned: WEBHOOK_HMAC_SECRET is not set)';
  for (const w of webhooks ?? []) console.log(`  knowledge events to:  ${w}${signed}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await emulator.stop();
  return 0;
}
