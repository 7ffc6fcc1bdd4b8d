/**
 * `npm run bench`: runs every benchmark module of this folder (`*.bench.ts`, each exporting
 * `run(): Promise<BenchRow[]>`), prints one table and writes bench/results/latest.json.
 * Modules are discovered, not listed, so adding a benchmark is adding a file.
 *
 *   npm run bench                 all modules
 *   npm run bench -- throttle     only modules whose file name contains "throttle"
 *
 * The exit code is 1 when a row misses its goal, so the bench can gate a release.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchModule, BenchRow } from './benchRow.js';

const here = dirname(fileURLToPath(import.meta.url));

interface ModuleResult {
  module: string;
  /** When the module ran, where it differs from the file's date (a partial run kept the rest). */
  date?: string;
  title?: string;
  durationMs: number;
  rows: BenchRow[];
  error?: string;
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const files = (await readdir(here))
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
  if (files.length === 0) throw new Error(`no benchmark module matches ${filters.join(', ') || '*.bench.ts'}`);

  const results: ModuleResult[] = [];
  for (const file of files) {
    const module = file.replace(/\.bench\.ts$/, '');
    const t0 = performance.now();
    process.stderr.write(`bench: ${module} ...\n`);
    try {
      const mod = (await import(pathToFileURL(join(here, file)).href)) as Partial<BenchModule>;
      if (typeof mod.run !== 'function') throw new Error('exports no run()');
      const rows = await mod.run();
      results.push({ module, title: mod.title, durationMs: Math.round(performance.now() - t0), rows });
    } catch (err) {
      results.push({ module, durationMs: Math.round(performance.now() - t0), rows: [], error: err instanceof Error ? err.message : String(err) });
    }
  }

  printTable(results);
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    modules: results,
  };
  await mkdir(join(here, 'results'), { recursive: true });
  // A run of some modules (`npm run bench -- scale`) replaces their rows and keeps the others'
  // from the last run, each module with the date it ran, so one figure can be refreshed alone.
  if (filters.length > 0) out.modules = mergeWithLast(await lastModules(), results, out.date);
  await writeFile(join(here, 'results', 'latest.json'), `${JSON.stringify(out, null, 2)}\n`);
  process.stderr.write(`bench: wrote ${join('bench', 'results', 'latest.json')}\n`);
  const failed = results.some((r) => r.error !== undefined || r.rows.some((row) => row.pass === false));
  process.exitCode = failed ? 1 : 0;
  // A module that forgot to close a server or a connection must not hang the run.
  setTimeout(() => process.exit(), 2000).unref();
}

/** The modules of the last latest.json, each with its run date; none when there is no file. */
async function lastModules(): Promise<ModuleResult[]> {
  try {
    const last = JSON.parse(await readFile(join(here, 'results', 'latest.json'), 'utf8')) as { date?: string; modules?: ModuleResult[] };
    return (last.modules ?? []).map((m) => ({ ...m, date: m.date ?? last.date }));
  } catch {
    return [];
  }
}

/** The last run's modules with the ones that ran now in their place (new ones at the end). */
function mergeWithLast(last: ModuleResult[], now: ModuleResult[], date: string): ModuleResult[] {
  const fresh = new Map(now.map((m) => [m.module, { ...m, date }]));
  const merged = last.map((m) => fresh.get(m.module) ?? m);
  for (const m of fresh.values()) if (!last.some((l) => l.module === m.module)) merged.push(m);
  return merged;
}

function fmt(n: number | undefined): string {
  if (n === undefined) return '';
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3);
}

function printTable(results: ModuleResult[]): void {
  const header = ['module', 'measure', 'value', 'unit', 'baseline', 'ratio', 'goal', 'ok'];
  const lines: string[][] = [header];
  for (const r of results) {
    if (r.error !== undefined) lines.push([r.module, `FAILED: ${r.error}`, '', '', '', '', '', 'no']);
    for (const row of r.rows) {
      const baseline = row.baseline ? `${fmt(row.baseline.value)} (${row.baseline.label})` : '';
      const ok = row.pass === undefined ? '' : row.pass ? 'yes' : 'NO';
      lines.push([r.module, row.measure, fmt(row.value), row.unit, baseline, fmt(row.ratio), row.goal ?? '', ok]);
    }
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const render = (l: string[]) => l.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  console.log(render(lines[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines.slice(1)) console.log(render(l));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
