/** The `hubbot` command as installed (bin/hubbot.js loads it): the subcommands of cli/main.ts. */
// First: hides DEP0111 before any subcommand loads restify (see the module).
import './quietNodeWarnings.js';
// Before anything is printed: a reader that closes the pipe early gets no stack trace.
import './quietPipes.js';
import { pathToFileURL } from 'node:url';
import { main } from './main.js';

export function runCli(argv: string[]): Promise<number> {
  return main(argv);
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
