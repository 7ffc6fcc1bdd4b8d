#!/usr/bin/env node
// The `hubbot` command. In an installed package it runs the compiled CLI (dist/) on plain node.
// In a source checkout (the TypeScript sources are beside it) it runs them through tsx, so a
// stale dist/ never runs in place of the code being edited.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'cli', 'hubbotCli.ts');
let entry = join(root, 'dist', 'cli', 'hubbotCli.js');
if (existsSync(source)) {
  await import('tsx/esm/api').then(({ register }) => register());
  entry = source;
}
const { runCli } = await import(pathToFileURL(entry).href);
const code = await runCli(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
