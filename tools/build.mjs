#!/usr/bin/env node
/**
 * `npm run build` (and `prepare`): compiles into a folder of its own, then swaps it in for dist/
 * with two renames. An interrupted or failed build (Ctrl+C during the minute tsc takes on a busy
 * machine, a type error) leaves the previous dist/ whole: the installed-package entry points and
 * the package tests never meet half a build. Plain node, so it runs wherever `npm install` does.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const staging = join(root, `dist.build-${process.pid}`);
const retired = join(root, `dist.old-${process.pid}`);
const dist = join(root, 'dist');

// Leftovers of builds that were killed before they could clean up.
for (const name of readdirSync(root)) if (/^dist\.(build|old)-\d+$/.test(name)) rmSync(join(root, name), { recursive: true, force: true });

const cleanUp = () => rmSync(staging, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', staging], { stdio: 'inherit' });
if (compiled.status !== 0) {
  cleanUp();
  process.stderr.write(`build: tsc failed (${compiled.signal ?? `exit ${compiled.status}`}); dist/ is unchanged\n`);
  process.exit(compiled.status || 1);
}
// The emulator's sample knowledge (JSON read at run time) goes with its code.
cpSync(join(root, 'src/emulator/portal/data'), join(staging, 'src/emulator/portal/data'), { recursive: true });

if (existsSync(dist)) renameSync(dist, retired);
renameSync(staging, dist);
rmSync(retired, { recursive: true, force: true });
