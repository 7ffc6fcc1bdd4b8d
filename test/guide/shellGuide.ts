/**
 * Runs the shell blocks of a Markdown guide as a reader pastes them (M1): each ```sh block in
 * order, with `bash -e`, in one temporary folder, in an environment holding only PATH, a
 * temporary HOME and what earlier blocks exported. A block marked just above with
 * `<!-- guide-test: in the background, ready at "TEXT" -->` is a long-running command (a
 * server): it is started in the background and the next block waits until it has printed TEXT.
 * A block marked `<!-- guide-test: not run: REASON -->` is left out (say, one that starts
 * servers of its own, to show the flags).
 * The only change made to a block is the ports: each of `ports` becomes a free one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../support/waitFor.js';

export interface GuideBlock {
  code: string;
  /** Set for a block run in the background: the text that says it is ready. */
  readyAt?: string;
}

const BLOCK = /(?:<!-- guide-test: (?:in the background, ready at "([^"]+)"|(not run): [^>]*?) -->\n)?```sh\n([\s\S]*?)```/g;

/** The shell blocks of `markdown` (from `from` on, up to `to` when given), in order. */
export function shellBlocks(file: string, section?: { from: string; to: string }): GuideBlock[] {
  let text = readFileSync(file, 'utf8');
  if (section) text = text.slice(text.indexOf(section.from), text.indexOf(section.to, text.indexOf(section.from)));
  return [...text.matchAll(BLOCK)].filter((m) => !m[2]).map((m) => ({ code: m[3]!, ...(m[1] ? { readyAt: m[1] } : {}) }));
}

export interface BlockRun {
  code: string;
  exitCode: number | null;
  output: string;
}

/** A reader's shell session: the folder, the exported variables, and the servers started in it. */
export class GuideSession {
  readonly env: Record<string, string>;
  private readonly background: { child: ChildProcess; output: () => string }[] = [];

  constructor(
    readonly dir: string,
    private readonly ports: Record<string, number>,
    path: string,
  ) {
    this.env = { PATH: path, HOME: join(dir, 'home') };
  }

  private withPorts(code: string): string {
    return Object.entries(this.ports).reduce((c, [from, to]) => c.replace(new RegExp(`\\b${from}\\b`, 'g'), String(to)), code);
  }

  /** Runs one block; a background block resolves once it printed its ready text. */
  async run(block: GuideBlock): Promise<BlockRun> {
    const code = this.withPorts(block.code);
    if (block.readyAt) {
      const child = spawn('bash', ['-e', '-c', code], { cwd: this.dir, env: this.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let output = '';
      child.stdout!.setEncoding('utf8').on('data', (c: string) => (output += c));
      child.stderr!.setEncoding('utf8').on('data', (c: string) => (output += c));
      this.background.push({ child, output: () => output });
      await waitFor(() => output.includes(block.readyAt!) || child.exitCode !== null, { what: `"${block.readyAt}" from: ${code}`, timeoutMs: 120_000 });
      return { code, exitCode: child.exitCode, output };
    }
    // The block, then what it exported, so the next block starts where this one left off.
    const exports = join(this.dir, '.exports');
    const script = `${code}\nexport -p > ${JSON.stringify(exports)}`;
    const child = spawn('bash', ['-e', '-c', script], { cwd: this.dir, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
    const [exitCode] = (await once(child, 'exit')) as [number | null];
    if (exitCode === 0) this.readExports(exports);
    return { code, exitCode, output };
  }

  private readExports(file: string): void {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^declare -x ([A-Za-z_][A-Za-z0-9_]*)="(.*)"$/.exec(line);
      if (m && !['OLDPWD', 'PWD', 'SHLVL', '_'].includes(m[1])) this.env[m[1]] = m[2].replace(/\\(["\\$`])/g, '$1');
    }
  }

  /** Output of the background commands so far (for a failing test's message). */
  backgroundOutput(): string {
    return this.background.map((b) => b.output()).join('\n---\n');
  }

  /** Stops the servers the session started (their whole process group), last first. */
  async stop(): Promise<void> {
    for (const { child } of [...this.background].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      process.kill(-child.pid!, 'SIGTERM');
      await once(child, 'exit');
    }
  }
}
