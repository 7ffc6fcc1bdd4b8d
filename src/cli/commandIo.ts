/**
 * Where a subcommand writes and which environment it reads, so tests can run a command in
 * process and read what it printed.
 */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
}

export function consoleIo(): CommandIo {
  return { out: (line) => console.log(line), err: (line) => console.error(line), env: process.env };
}
