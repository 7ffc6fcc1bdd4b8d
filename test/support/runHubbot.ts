/**
 * Runs the `hubbot` command as an operator does (bin/hubbot.js on plain node) and collects what
 * it printed and how it ended: the one runner of the command-line tests.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The command's entry, as package.json's `bin` names it. */
export const HUBBOT_BIN = fileURLToPath(new URL('../../bin/hubbot.js', import.meta.url));

/** How one run of the command ended. */
export interface HubbotRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the start to the exit. */
  ms: number;
}

/** This process's environment without the bot's own settings (PLATFORM_*, REDIS_*, ...), plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(PLATFORM_|REDIS_|BOT_|WEBHOOK_|CALLBACK_|PORTAL_|LOG_)/.test(k)) env[k] = v;
  }
  return { ...env, ...extra };
}

/** Runs `hubbot ...args` to its exit, with `env` (default: this process's environment). */
export async function runHubbot(args: string[], env?: Record<string, string>): Promise<HubbotRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [HUBBOT_BIN, ...args], { env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr, ms: Date.now() - started };
}
