/**
 * What a benchmark module gives back. Raw numbers depend on the machine, so each row carries
 * the figure that does not: a ratio (or share) against a baseline measured in the same run, or
 * against a target the spec fixes (a plan rate). `bench/run.ts` prints the rows and writes
 * them to bench/results/latest.json.
 */
export interface BenchRow {
  /** What was measured, e.g. 'token requests, 1000 concurrent calls after expiry'. */
  measure: string;
  value: number;
  unit: string;
  /** The reference the ratio is taken against, measured in the same run (or the spec's target). */
  baseline?: { label: string; value: number };
  /** value / baseline.value; shares are given as fractions (0.98 = 98 %). */
  ratio?: number;
  /** The goal in words, e.g. '= 1', 'ratio >= 0.97'. */
  goal?: string;
  /** Whether the goal was met; absent for rows without a goal. */
  pass?: boolean;
}

/** A module `bench/<name>.bench.ts` exports `run` (and may export a `title`). */
export interface BenchModule {
  title?: string;
  run(): Promise<BenchRow[]>;
}
