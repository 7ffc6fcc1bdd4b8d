/**
 * A CommandIo for running a hubbot subcommand in process: it keeps what the command printed
 * (out in `lines`, err in `errors`) for the test to read, and gives the command `env` as its
 * environment instead of the test process's own.
 */
import type { CommandIo } from '../../cli/commandIo.js';

export function captureIo(env: Record<string, string | undefined> = {}): CommandIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => void lines.push(l), err: (l) => void errors.push(l), env };
}
