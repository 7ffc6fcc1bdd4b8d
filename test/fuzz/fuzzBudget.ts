/**
 * How many generated inputs each fuzzed surface gets. `FUZZ_RUNS` is the total across every
 * surface (default: a share small enough for `npm test` on a 2-core machine); each surface
 * gets a part of it by the weight below, so the nightly run (`npm run fuzz:nightly`, 100,000
 * inputs) and the everyday one exercise the same surfaces in the same proportions.
 *
 * Surfaces are listed here, in one place, so that the total really is split across all of
 * them whichever test files run.
 */
export const SURFACE_WEIGHTS = {
  'bot callback': 5,
  'bot token endpoint': 3,
  'bot webhook': 4,
  'bot routes and headers': 1,
  'bot raw HTTP': 1,
  'emulator token endpoint': 3,
  'emulator setup resources': 6,
  'emulator messages batch': 4,
  'emulator assets': 2,
  'emulator raw HTTP': 1,
  'portal search start and step': 4,
  'portal case decisions': 1,
  'portal quickpicks': 3,
  'portal resume quickpick': 3,
  'customer API': 4,
  'admin API': 2,
} as const;

export type SurfaceName = keyof typeof SURFACE_WEIGHTS;

const TOTAL_WEIGHT = Object.values(SURFACE_WEIGHTS).reduce((a, b) => a + b, 0);

/** The everyday total (npm test): about 6,000 requests, some ten seconds here. */
export const DEFAULT_FUZZ_RUNS = 6000;

function totalRuns(): number {
  const raw = process.env.FUZZ_RUNS;
  if (raw === undefined || raw === '') return DEFAULT_FUZZ_RUNS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`FUZZ_RUNS must be a positive integer, not ${JSON.stringify(raw)}`);
  return n;
}

/** True for a sized run (FUZZ_RUNS set): progress lines are printed. */
export const nightly = process.env.FUZZ_RUNS !== undefined && process.env.FUZZ_RUNS !== '';

/**
 * This process's part of a sharded run (`npm run fuzz:ci`, tools/fuzzInShards.ts): FUZZ_SHARDS
 * processes each run every surface for 1/FUZZ_SHARDS of its inputs, with seeds of their own, so a
 * run of 100,000 takes the time of its largest share on as many cores.
 */
function shards(): number {
  const raw = process.env.FUZZ_SHARDS;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`FUZZ_SHARDS must be a positive integer, not ${JSON.stringify(raw)}`);
  return n;
}

/** The inputs `surface` gets in this process: its share of FUZZ_RUNS (divided among the shards), rounded up, at least 20. */
export function runsFor(surface: SurfaceName): number {
  return Math.max(20, Math.ceil((totalRuns() * SURFACE_WEIGHTS[surface]) / TOTAL_WEIGHT / shards()));
}

/**
 * Mocha timeout of a surface's test: a guard against a hang, not a speed check, so generous per
 * input (a loaded shared machine ran 30 ms an input where a free core runs 3).
 */
export function timeoutFor(surface: SurfaceName): number {
  return 30_000 + runsFor(surface) * 100;
}

let grandTotal = 0;
let surfacesDone = 0;

export interface SurfaceStats {
  inputs: number;
  statuses: Map<number, number>;
  startedAt: number;
}

export function newStats(): SurfaceStats {
  return { inputs: 0, statuses: new Map(), startedAt: Date.now() };
}

function statusText(stats: SurfaceStats): string {
  return [...stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
}

/** A line while a long surface runs (nightly only), every `every` inputs. */
export function progress(surface: SurfaceName, stats: SurfaceStats, every = 5000): void {
  if (!nightly || stats.inputs % every !== 0) return;
  console.log(`      [fuzz] ${surface}: ${stats.inputs}/${runsFor(surface)} inputs so far`);
}

/** The line of a finished surface (nightly only), and the running total. */
export function report(surface: SurfaceName, stats: SurfaceStats): void {
  grandTotal += stats.inputs;
  surfacesDone += 1;
  if (!nightly) return;
  const seconds = ((Date.now() - stats.startedAt) / 1000).toFixed(1);
  console.log(`      [fuzz] ${surface}: ${stats.inputs} inputs in ${seconds} s, statuses ${statusText(stats)}; total so far ${grandTotal}`);
}

process.once('exit', () => {
  if (nightly && surfacesDone > 0) console.log(`[fuzz] ${grandTotal} generated inputs over ${surfacesDone} surfaces`);
});
