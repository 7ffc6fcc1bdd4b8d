/**
 * `hubbot start` (and `npm start`): without PLATFORM_BASE_URL, the local stack — emulator,
 * the bot provisioned on it, and the addresses to chat; with it, the bot alone against that
 * platform (provisioned beforehand with `hubbot provision`).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.js';
import { startLocalStack, type LocalStack } from './localStack.js';
import { formatStep } from '../src/provisioning/provision.js';
import { startHubBotServer } from '../src/server/hubBotServer.js';
import { DEFAULT_BOT, READY_BOTS } from '../bots/readyBots.js';
import { isBotModulePath, loadBotModule } from './botModule.js';

const HELP = `Usage: hubbot start [--bot NAME|MODULE] [--port N] [--emulator-port N]

  --bot NAME           ${Object.entries(READY_BOTS).map(([n, b]) => `${n}: ${b.summary}`).join('; ')} (default ${DEFAULT_BOT})
  --bot MODULE         your own bot: a module path whose default export is the bot option,
                       e.g. hubAgentBot(app) for an Agents SDK AgentApplication
  --port N             the bot's port (BOT_PORT, default 3978)
  --emulator-port N    the local emulator's port (default 4010)

Without PLATFORM_BASE_URL this starts the local emulator and provisions the bot on it.
With PLATFORM_BASE_URL (and PLATFORM_TOKEN_URL, PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET)
the bot runs against that platform.`;

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { bot: { type: 'string' }, port: { type: 'string' }, 'emulator-port': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const name = values.bot ?? DEFAULT_BOT;
  // A path names the developer's own bot module (botModule.ts); anything else a ready bot.
  const ready = isBotModulePath(name) ? { create: await loadBotModule(name) } : READY_BOTS[name];
  if (!ready) {
    console.error(`hubbot start: unknown bot "${name}"; one of: ${Object.keys(READY_BOTS).join(', ')}, or a module path (./my-bot.js)`);
    return 1;
  }
  const env = { ...(values.port ? { BOT_PORT: values.port } : {}) };
  if (process.env.PLATFORM_BASE_URL) {
    const server = await startHubBotServer({ config: loadConfig({ ...process.env, ...env }), bot: ready.create });
    console.log(`hubbot: ${name} bot listening on ${server.url}`);
    holdUntilSignal(() => server.stop());
    return 0;
  }
  const emulatorPort = Number(values['emulator-port'] ?? 4010);
  const botPort = Number(env.BOT_PORT ?? 3978);
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      bot: ready.create,
      env: { BOT_PORT: String(botPort) },
      emulator: { port: emulatorPort },
      onStep: (r) => console.log(`  provision ${formatStep(r)}`),
    });
  } catch (err) {
    const busy = busyPortHint(err, { emulator: emulatorPort, bot: botPort });
    if (!busy) throw err;
    console.error(`hubbot start: ${busy}`);
    return 1;
  }
  const e = stack.emulator.url;
  console.log(`
hubbot: the ${name} bot is running on the local emulator.
  emulator   ${e}   (plan, faults, calls: ${e}/emulator/info)
  bot        ${stack.bot.url}   (health ${stack.bot.url}/healthz, metrics ${stack.bot.url}/metrics)

Chat as a customer in a browser, and watch every call in the inspector:
  web chat   ${e}/chat
  inspector  ${e}/inspector

The emulator's API credentials, for hubbot status or provision and your own calls:
  export PLATFORM_BASE_URL=${e} PLATFORM_TOKEN_URL=${stack.emulator.tokenUrl} PLATFORM_CLIENT_ID=${stack.emulator.defaultClient.clientId} PLATFORM_CLIENT_SECRET=${stack.emulator.defaultClient.clientSecret}
  hubbot status samples/setup.local.json   (what this stack provisioned, for a bot on port 3978)

Or with curl:
  curl -s -X POST ${e}/emulator/conversations -H 'content-type: application/json' -d '{"accountAddress":"${stack.accountAddress}"}'
  curl -s -X POST ${e}/emulator/conversations/<id>/messages -H 'content-type: application/json' -d '{"text":"hello"}'
  curl -s '${e}/emulator/conversations/<id>/received?since=0&waitMs=5000'

Stop with Ctrl+C.`);
  holdUntilSignal(() => stack.stop());
  return 0;
}

/** A port in use, said with the option that moves the server elsewhere (O1). */
function busyPortHint(err: unknown, ports: { emulator: number; bot: number }): string | undefined {
  const e = err as NodeJS.ErrnoException & { port?: number };
  if (e?.code !== 'EADDRINUSE') return undefined;
  if (e.port === ports.emulator) return `port ${ports.emulator} (the emulator's) is already in use; stop what listens there or pass --emulator-port <another port>`;
  if (e.port === ports.bot) return `port ${ports.bot} (the bot's) is already in use; stop what listens there or pass --port <another port>`;
  return `port ${e.port ?? '?'} is already in use`;
}

function holdUntilSignal(stop: () => Promise<void>): void {
  const onSignal = () => {
    void stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
