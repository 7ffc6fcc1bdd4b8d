/**
 * Runs `hubbot replicas` in process, as the command tests (one Redis, a Redis Cluster) do, and
 * waits until it has printed where everything listens; a command that exits before that fails
 * the wait with everything it printed.
 */
import { run } from '../../cli/replicasCommand.js';

export interface RunningReplicasCommand {
  /** Every line the command printed, out and err, so far. */
  lines: string[];
  /** What it printed up to its ready line, joined. */
  text: string;
  /** The emulator's URL and the account, read from that text. */
  emulatorUrl: string;
  account: string;
  /** Asks the command to stop, as Ctrl+C would. */
  stop(): void;
  /** The command's exit code. */
  exit: Promise<number>;
}

export async function runReplicasCommand(args: string[]): Promise<RunningReplicasCommand> {
  const lines: string[] = [];
  let printed!: () => void;
  const ready = new Promise<void>((r) => (printed = r));
  let stop!: () => void;
  const until = new Promise<void>((r) => (stop = r));
  const io = {
    out: (line: string) => {
      lines.push(line);
      if (line.startsWith('Stop with Ctrl+C')) printed();
    },
    err: (line: string) => lines.push(line),
    env: {},
  };
  const exit = run(args, io, until);
  await Promise.race([ready, exit.then(() => Promise.reject(new Error(lines.join('\n'))))]);
  const text = lines.join('\n');
  // Empty when missing, so the test's own check of the text is what fails.
  const emulatorUrl = /emulator +(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1] ?? '';
  const account = /"accountAddress":"([^"]+)"/.exec(text)?.[1] ?? '';
  return { lines, text, emulatorUrl, account, stop, exit };
}
