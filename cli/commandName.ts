/**
 * How a person runs `hubbot` here, for the hints the commands print (M8): `npx hubbot` where the
 * package is installed; in a checkout, where `hubbot` is not on PATH (and `npx hubbot` would
 * install the checkout into npx's cache and rebuild it), `node bin/hubbot.js`.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export function hubbotCommandName(cwd = process.cwd()): string {
  if (!import.meta.url.endsWith('.ts')) return 'npx hubbot';
  const bin = relative(cwd, fileURLToPath(new URL('../bin/hubbot.js', import.meta.url)));
  return `node ${bin.includes(' ') ? JSON.stringify(bin) : bin}`;
}
