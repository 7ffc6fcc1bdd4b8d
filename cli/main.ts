/**
 * The `hubbot` command: maps a subcommand to the module that runs it. Each subcommand module
 * exports `run(args: string[]): Promise<number>` (the exit code); modules are imported only
 * when their subcommand is used, so `hubbot emulator` does not load the bot, and the other
 * way round. Add a subcommand by adding one line to COMMANDS.
 */
import { describeFailure } from './commandFailure.js';

export type CommandModule = { run(args: string[]): Promise<number> };
export type CommandEntry = { summary: string; load: () => Promise<CommandModule> };

/** Every subcommand; `start` runs a ready bot of bots/ (this folder sits above bots/). */
const COMMANDS: Record<string, CommandEntry> = {
  start: { summary: 'run the emulator, provision and start a ready bot on it, and print how to chat', load: () => import('./startCommand.js') },
  emulator: { summary: 'run the platform emulator (conversation hub, rate limits, faults)', load: () => import('./emulatorCommand.js') },
  provision: { summary: 'create or update the bot\'s resources on the hub from a setup file', load: () => import('./provisionCommand.js') },
  teardown: { summary: 'delete the resources of a setup file, in reverse order', load: () => import('./teardownCommand.js') },
  status: { summary: 'show which resources of a setup file exist on the hub', load: () => import('./statusCommand.js') },
  'send-event': { summary: 'send a knowledge event to a webhook (with --duplicates to test deduplication)', load: () => import('./sendEventCommand.js') },
  replicas: { summary: 'run the emulator and several bot replicas behind a proxy on one Redis (kill one to see failover)', load: () => import('./replicasCommand.js') },
  'dead-letters': { summary: 'list or requeue knowledge events, or (--inbox) customer messages, that kept failing', load: () => import('./deadLettersCommand.js') },
  tokens: { summary: 'revoke callback tokens of the bot, on every replica', load: () => import('./tokensCommand.js') },
  report: { summary: 'the contact-center figures of every replica, per topic: started, solved, rejected, handed over, abandoned, containment', load: () => import('./reportCommand.js') },
  transcript: { summary: 'print the transcript of a conversation, as text or JSON (--json)', load: () => import('./transcriptCommand.js') },
};

function usage(commands: Record<string, CommandEntry>): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`);
  return `Usage: hubbot <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'hubbot <command> --help' for the options of a command.`;
}

export async function main(argv: string[], extra: Record<string, CommandEntry> = {}): Promise<number> {
  const commands = { ...extra, ...COMMANDS };
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    // No command is a usage error (2, as the exit code table of docs/operations.md says).
    if (name === undefined) console.error(usage(commands));
    else console.log(usage(commands));
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`hubbot: unknown command "${name}"\n\n${usage(commands)}`);
    return 2;
  }
  try {
    return await (await command.load()).run(args);
  } catch (err) {
    // Whatever a command did not handle itself is still one line and an exit code (O1).
    const failure = describeFailure(name, err);
    console.error(failure.line);
    return failure.exitCode;
  }
}
