/**
 * The package's entry points as the API reports see them: each subpath of package.json
 * `exports` with the name of its report (docs/api/<report>.api.md). Read from package.json, so
 * a new subpath gets a report without a change here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry point of the package. */
export interface ApiEntry {
  /** The subpath as a consumer imports it: `.` for the main entry, `./pipeline`, ... */
  subpath: string;
  /** The report's base name: `main` for the main entry, else the subpath without `./`. */
  report: string;
  /** The entry's source file, relative to the repository root (e.g. `src/index.ts`). */
  source: string;
  /** Its declaration file, relative to the declaration folder (e.g. `src/index.d.ts`). */
  declaration: string;
}

type ExportTarget = string | { 'hubbot-source': string; types: string };

/** The entries named in package.json `exports` of the package at `root`. */
export function apiEntries(root: string): ApiEntry[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget> };
  return Object.entries(pkg.exports)
    .filter((e): e is [string, Exclude<ExportTarget, string>] => typeof e[1] !== 'string')
    .map(([subpath, target]) => ({
      subpath,
      report: subpath === '.' ? 'main' : subpath.slice(2).replace(/\//g, '-'),
      source: target['hubbot-source'].replace(/^\.\//, ''),
      declaration: target.types.replace(/^\.\/dist\//, ''),
    }));
}
