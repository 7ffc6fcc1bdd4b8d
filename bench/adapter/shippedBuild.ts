/**
 * The bench host (botHost.ts) runs this package from its compiled dist/, what ships, not from
 * the TypeScript sources: tsx compiles sources with esbuild's keepNames, whose `__name` helpers
 * cost about 13 µs a round trip that the published build does not have, and a per-turn figure
 * with that in it would not be the package's. The host imports the package by its own name;
 * without the `hubbot-source` condition (the fork does not pass it) package.json "exports" send
 * every entry to dist/. These checks make a stale or bypassed build fail loudly instead of
 * measuring something else.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** What tsconfig.build.json compiles into dist/. */
const SOURCE_DIRS = ['src', 'bots', 'dialogs', 'cli'];
/** Written by every build (`npm run build` empties dist/ first), so its time is the build's. */
const BUILT_ENTRY = join(root, 'dist', 'src', 'index.js');

/** The newest source file under `dir` (its path and mtime), for the staleness check. */
function newestSource(dir: string): { file: string; mtimeMs: number } | undefined {
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|json)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/**
 * Driver side, before the host is forked: dist/ exists and no source is newer than it.
 * `npm run bench` and `npm run bench:profile` build first, so this trips only when the bench
 * is started another way (e.g. `npx tsx bench/run.ts adapter`) after an edit.
 */
export function assertDistFresh(): void {
  let builtMs: number;
  try {
    builtMs = statSync(BUILT_ENTRY).mtimeMs;
  } catch {
    throw new Error(`the bench host runs the package from dist/, and ${relative(root, BUILT_ENTRY)} is missing: run \`npm run build\` (npm run bench builds first)`);
  }
  for (const dir of SOURCE_DIRS) {
    const newest = newestSource(join(root, dir));
    if (newest && newest.mtimeMs > builtMs) {
      throw new Error(`the bench host runs the package from dist/, which is older than ${relative(root, newest.file)}: run \`npm run build\` (npm run bench builds first)`);
    }
  }
}

/** Host side: the package's own name resolved into dist/ (not to sources through a condition). */
export function assertRunsDist(): void {
  const resolved = import.meta.resolve('botbuilder-adapter-conversation-hub');
  const dist = pathToFileURL(join(root, 'dist')).href;
  if (!resolved.startsWith(`${dist}/`)) {
    throw new Error(`the bench host must run the package from dist/, but it resolved to ${resolved} (is --conditions=hubbot-source in NODE_OPTIONS?)`);
  }
}
