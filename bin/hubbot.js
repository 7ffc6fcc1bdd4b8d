#!/usr/bin/env node
// The `hubbot` command. Runs the compiled CLI (dist/) when the package is built, and the
// TypeScript sources through tsx in a source checkout, so `npx hubbot` works in both.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'bots', 'hubbotCli.js');
let entry = built;
if (!existsSync(built)) {
  await import('tsx/esm/api').then(({ register }) => register());
  entry = join(root, 'bots', 'hubbotCli.ts');
}
const { runCli } = await import(pathToFileURL(entry).href);
const code = await runCli(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
