/**
 * The `hubbot` command as installed: the library's subcommands (src/cli/main.ts) plus `start`,
 * which runs a ready bot from this folder.
 */
import { pathToFileURL } from 'node:url';
import { main } from '../src/cli/main.js';

export function runCli(argv: string[]): Promise<number> {
  return main(argv, {
    start: { summary: 'run the emulator, provision and start a ready bot on it, and print how to chat', load: () => import('./startCommand.js') },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      if (code !== 0) process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`hubbot: ${(err as Error).message}`);
      process.exitCode = 1;
    },
  );
}
