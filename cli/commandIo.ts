/**
 * Where a subcommand writes and which environment it reads, so tests can run a command in
 * process and read what it printed.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
}

export function consoleIo(): CommandIo {
  return { out: (line) => console.log(line), err: (line) => console.error(line), env: process.env };
}

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: T }>>;

/**
 * A subcommand's arguments parsed (positionals allowed), or its exit code when there is nothing
 * more to do: 2 after a usage error (printed with the help), 0 after printing the help for
 * -h/--help (the options must include `help`). Every subcommand answers these two the same way,
 * so each only handles its own options.
 */
export function parseCommandArgs<T extends Options>(command: string, help: string, args: string[], options: T, io: CommandIo): Parsed<T> | number {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options });
  } catch (err) {
    io.err(`hubbot ${command}: ${(err as Error).message}\n\n${help}`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.out(help);
    return 0;
  }
  return parsed;
}
