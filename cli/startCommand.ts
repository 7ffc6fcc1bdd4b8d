/**
 * `hubbot start` (and `npm start`): without PLATFORM_BASE_URL, the local stack — emulator,
 * the bot provisioned on it, and the addresses to chat; with it, the bot alone against that
 * platform (provisioned beforehand with `hubbot provision`).
 *
 * Standard output carries the server's log lines; what is meant for a person (provisioning
 * ticks, the banner) goes there only on a terminal, and to standard error otherwise, so a log
 * collector reading a pipe gets JSON lines only (M7).
 */
import { parseArgs } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { localSetupDescription, startLocalStack, type LocalStack } from './localStack.js';
import { formatStep } from '../src/provisioning/provision.js';
import { startHubBotServer } from '../src/server/hubBotServer.js';
import type { HubBotServer } from '../src/server/hubBotServerTypes.js';
import { DEFAULT_BOT, READY_BOTS } from '../bots/readyBots.js';
import { isBotModulePath, loadBotModule } from './botModule.js';
import { hubbotCommandName } from './commandName.js';

const HELP = `Usage: hubbot start [--bot NAME|MODULE] [--port N] [--emulator-port N]

  --bot NAME           ${Object.entries(READY_BOTS).map(([n, b]) => `${n}: ${b.summary}`).join('; ')} (default ${DEFAULT_BOT})
  --bot MODULE         your own bot: a module path whose default export is the bot option,
                       e.g. hubAgentBot(app) for an Agents SDK AgentApplication
  --port N             the bot's port (BOT_PORT, default 3978; 0 picks a free one)
  --emulator-port N    the local emulator's port (default 4010; 0 picks a free one)

Without PLATFORM_BASE_URL this starts the local emulator and provisions the bot on it.
With PLATFORM_BASE_URL (and PLATFORM_TOKEN_URL, PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET)
the bot runs against that platform.`;

/** Lines for a person: on stdout at a terminal, else on stderr (stdout then carries JSON logs only). */
const say = (line: string) => (process.stdout.isTTY ? console.log(line) : console.error(line));

/** A port option's value, or undefined when it is not one (0 picks a free port). */
function portOf(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined) return fallback;
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 65535 ? n : undefined;
}

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { bot: { type: 'string' }, port: { type: 'string' }, 'emulator-port': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  for (const option of ['port', 'emulator-port'] as const) {
    if (portOf(values[option], 0) === undefined) {
      console.error(`hubbot start: --${option} "${values[option]}" is not a port (a whole number from 0 to 65535)`);
      return 2;
    }
  }
  const name = values.bot ?? DEFAULT_BOT;
  // A path names the developer's own bot module (botModule.ts); anything else a ready bot.
  const ready = isBotModulePath(name) ? { create: await loadBotModule(name) } : READY_BOTS[name];
  if (!ready) {
    console.error(`hubbot start: unknown bot "${name}"; one of: ${Object.keys(READY_BOTS).join(', ')}, or a module path (./my-bot.js)`);
    return 2;
  }
  const env = { ...(values.port ? { BOT_PORT: values.port } : {}) };
  if (process.env.PLATFORM_BASE_URL) {
    const server = await startHubBotServer({ config: loadConfig({ ...process.env, ...env }), bot: ready.create });
    say(`hubbot: ${name} bot listening on ${server.url}`);
    holdUntilSignal(server, () => server.stop());
    return 0;
  }
  // Checked before anything listens: a wrong BOT_PORT or secret stops here, with exit 2 (M7).
  loadConfig({ ...process.env, ...env });
  const emulatorPort = portOf(values['emulator-port'], 4010)!;
  const botPort = portOf(env.BOT_PORT ?? process.env.BOT_PORT, 3978)!;
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      bot: ready.create,
      env: { BOT_PORT: String(botPort) },
      emulator: { port: emulatorPort },
      onStep: (r) => say(`  provision ${formatStep(r)}`),
    });
  } catch (err) {
    const busy = busyPortHint(err, { emulator: emulatorPort, bot: botPort });
    if (!busy) throw err;
    console.error(`hubbot start: ${busy}`);
    return 1;
  }
  say(await banner(name, stack));
  holdUntilSignal(stack.bot, () => stack.stop());
  return 0;
}

/** What a person needs to use the running stack; every address and hint for the ports in use (M8). */
async function banner(name: string, stack: LocalStack): Promise<string> {
  const e = stack.emulator.url;
  const hubbot = hubbotCommandName();
  // The setup this very stack provisioned, so `status` of it compares equal on any port.
  const setupFile = join(tmpdir(), `hubbot-local-setup-${new URL(stack.bot.url).port}.json`);
  await writeFile(setupFile, `${JSON.stringify(localSetupDescription(stack.bot.url, stack.config), null, 2)}\n`);
  return `
hubbot: the ${name} bot is running on the local emulator.
  emulator   ${e}   (plan, faults, calls: ${e}/emulator/info)
  bot        ${stack.bot.url}   (health ${stack.bot.url}/healthz, metrics ${stack.bot.url}/metrics)

Chat as a customer in a browser, and watch every call in the inspector:
  web chat   ${e}/chat
  inspector  ${e}/inspector

The emulator's API credentials, for hubbot status or provision and your own calls:
  export PLATFORM_BASE_URL=${e} PLATFORM_TOKEN_URL=${stack.emulator.tokenUrl} PLATFORM_CLIENT_ID=${stack.emulator.defaultClient.clientId} PLATFORM_CLIENT_SECRET=${stack.emulator.defaultClient.clientSecret}
  ${hubbot} status ${setupFile}   (what this stack provisioned)

Or with curl:
  curl -s -X POST ${e}/emulator/conversations -H 'content-type: application/json' -d '{"accountAddress":"${stack.accountAddress}"}'
  curl -s -X POST ${e}/emulator/conversations/<id>/messages -H 'content-type: application/json' -d '{"text":"hello"}'
  curl -s '${e}/emulator/conversations/<id>/received?since=0&waitMs=5000'

Stop with Ctrl+C.`;
}

/** A port in use, said with the option that moves the server elsewhere (O1). */
function busyPortHint(err: unknown, ports: { emulator: number; bot: number }): string | undefined {
  const e = err as NodeJS.ErrnoException & { port?: number };
  if (e?.code !== 'EADDRINUSE') return undefined;
  if (e.port === ports.emulator) return `port ${ports.emulator} (the emulator's) is already in use; stop what listens there or pass --emulator-port <another port>`;
  if (e.port === ports.bot) return `port ${ports.bot} (the bot's) is already in use; stop what listens there or pass --port <another port>`;
  return `port ${e.port ?? '?'} is already in use`;
}

/**
 * Stops on SIGINT or SIGTERM and logs one line saying what was drained (M7): the conversations
 * whose turns were running, the replies still queued, and whether they finished within the
 * grace or were handed back to the other replicas (T7).
 */
function holdUntilSignal(server: HubBotServer, stop: () => Promise<void>): void {
  const onSignal = (signal: NodeJS.Signals) => {
    const running = server.worker.activeConversations;
    const queued = server.outbox.depth;
    const started = Date.now();
    const logger = server.deps.logger;
    void stop()
      .then(
        () => logger.info({ signal, runningConversations: running, queuedReplies: queued, ms: Date.now() - started }, `stopped on ${signal}: drained ${running} conversation(s) with a running turn and ${queued} queued reply(ies); what did not finish in SHUTDOWN_GRACE_MS was handed back to the inbox`),
        (err: unknown) => logger.error({ err, signal }, `stop on ${signal} failed`),
      )
      .finally(() => logger.flush(() => process.exit(0)));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
