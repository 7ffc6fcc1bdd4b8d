/**
 * `hubbot provision FILE [--dry-run] [--resend-secrets]`, `hubbot teardown FILE [--dry-run]` and
 * `hubbot status FILE`: the setup description put on (or taken off) the hub named by the
 * PLATFORM_* environment, one line per step as it completes.
 */
import { loadConfig } from '../src/config/config.js';
import { loadSetupFile } from '../src/provisioning/setupDescription.js';
import { formatStep, provision, ProvisioningError, status, teardown } from '../src/provisioning/provision.js';
import { connectPlatform } from '../src/server/platformConnection.js';
import { consoleIo, parseCommandArgs, type CommandIo } from './commandIo.js';
import { platformFix } from './commandFailure.js';

type Action = 'provision' | 'teardown' | 'status';

const HELP: Record<Action, string> = {
  provision:
    'Usage: hubbot provision FILE [--dry-run] [--resend-secrets]\n  Creates or updates, in order: authentication, client application, participant, channel, orchestration, account.\n  --resend-secrets  sends a secret the hub reads back masked again (after rotating it): masked, it cannot be compared.',
  teardown: 'Usage: hubbot teardown FILE [--dry-run]\n  Deletes the resources of FILE in reverse order.',
  status: 'Usage: hubbot status FILE\n  Shows which resources of FILE exist on the platform and whether they match.',
};

/**
 * Runs one action. A wrong setup file, configuration or platform answer is thrown to the
 * command runner (cli/main.ts), which prints it as one line (O1); a provisioning stopped
 * midway is reported here, with what was done before it.
 */
export async function runAction(action: Action, args: string[], io: CommandIo = consoleIo()): Promise<number> {
  const flags = { 'dry-run': { type: 'boolean' as const }, help: { type: 'boolean' as const, short: 'h' }, 'resend-secrets': { type: 'boolean' as const } };
  const parsed = parseCommandArgs(action, HELP[action], args, flags, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (values['resend-secrets'] && action !== 'provision') {
    io.err(`hubbot ${action}: --resend-secrets is for provision only\n\n${HELP[action]}`);
    return 2;
  }
  if (positionals.length !== 1) {
    io.err(`hubbot ${action}: name one setup file\n\n${HELP[action]}`);
    return 2;
  }
  const description = await loadSetupFile(positionals[0]);
  const platform = connectPlatform(loadConfig(io.env));
  const print = (r: Parameters<typeof formatStep>[0]) => io.out(formatStep(r));
  try {
    if (action === 'provision') {
      if (values['dry-run']) io.out('Dry run: nothing will be created or changed.');
      await provision(platform.conversations, description, { dryRun: values['dry-run'], resendSecrets: values['resend-secrets'] === true, onStep: print, env: io.env });
    } else if (action === 'teardown') {
      await teardown(platform.conversations, description, { dryRun: values['dry-run'], onStep: print });
    } else {
      for (const r of await status(platform.conversations, description, { env: io.env })) print(r);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof ProvisioningError)) throw err;
    const { step, error } = err.failed;
    const fix = error ? platformFix(error.code) : undefined;
    const done = err.done.map((d) => `${d.step} ${d.action}`).join(', ');
    io.err(`hubbot ${action}: stopped at ${step}: ${error?.code} ${error?.message}${fix ? `; ${fix}` : ''}${done ? ` (done before it: ${done}; run the command again to continue)` : ''}`);
    return 1;
  }
}

export const run = (args: string[]) => runAction('provision', args);
