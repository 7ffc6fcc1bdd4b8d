/**
 * The static import graph of the project's TypeScript sources, read with the compiler's own
 * pre-processor (static and dynamic imports alike), for tests about what an entry loads.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');

/** Every project file (relative to the root) reachable from `entry` through relative imports. */
export function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [resolve(ROOT, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    const rel = relative(ROOT, file);
    if (seen.has(rel)) continue;
    seen.add(rel);
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName.replace(/\.js$/, '.ts'));
      if (existsSync(target)) stack.push(target);
      else throw new Error(`${rel} imports ${fileName}, which does not resolve to a source file`);
    }
  }
  return seen;
}

/** The packages (bare specifiers, e.g. `@microsoft/agents-hosting`) the project files `files` import. */
export function packagesImportedBy(files: Iterable<string>): Set<string> {
  const packages = new Set<string>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(resolve(ROOT, file), 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (fileName.startsWith('.') || fileName.startsWith('node:')) continue;
      const parts = fileName.split('/');
      packages.add(fileName.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
  }
  return packages;
}
