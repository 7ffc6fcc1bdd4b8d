/**
 * `hubbot provision FILE [--dry-run]`, `hubbot teardown FILE [--dry-run]` and
 * `hubbot status FILE`: the setup description put on (or taken off) the hub named by the
 * PLATFORM_* environment, one line per step as it completes.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.js';
import { loadSetupFile } from '../src/provisioning/setupDescription.js';
import { formatStep, provision, ProvisioningError, status, teardown } from '../src/provisioning/provision.js';
import { connectPlatform } from '../src/server/platformConnection.js';

type Action = 'provision' | 'teardown' | 'status';

const HELP: Record<Action, string> = {
  provision: 'Usage: hubbot provision FILE [--dry-run]\n  Creates or updates, in order: authentication, client application, participant, channel, orchestration, account.',
  teardown: 'Usage: hubbot teardown FILE [--dry-run]\n  Deletes the resources of FILE in reverse order.',
  status: 'Usage: hubbot status FILE\n  Shows which resources of FILE exist on the platform and whether they match.',
};

export async function runAction(action: Action, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help || positionals.length !== 1) {
    console.log(HELP[action]);
    return values.help ? 0 : 1;
  }
  const description = await loadSetupFile(positionals[0]);
  const platform = connectPlatform(loadConfig());
  const print = (r: Parameters<typeof formatStep>[0]) => console.log(formatStep(r));
  try {
    if (action === 'provision') {
      if (values['dry-run']) console.log('Dry run: nothing will be created or changed.');
      await provision(platform.conversations, description, { dryRun: values['dry-run'], onStep: print });
    } else if (action === 'teardown') {
      await teardown(platform.conversations, description, { dryRun: values['dry-run'], onStep: print });
    } else {
      for (const r of await status(platform.conversations, description)) print(r);
    }
    return 0;
  } catch (err) {
    if (err instanceof ProvisioningError) {
      console.error(`\n${action} stopped at ${err.failed.step}: ${err.failed.error?.code} ${err.failed.error?.message}`);
      if (err.done.length) console.error(`Done before it: ${err.done.map((d) => `${d.step} (${d.action}${d.id ? `, id ${d.id}` : ''})`).join(', ')}. Run the command again to continue.`);
      return 2;
    }
    throw err;
  }
}

export const run = (args: string[]) => runAction('provision', args);
