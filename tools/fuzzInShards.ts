/**
 * The 100,000-input fuzz run in CI time (`npm run fuzz:ci`): one mocha process per core, each
 * running every fuzzed surface for its share of the inputs (test/fuzz/fuzzBudget.ts reads
 * FUZZ_SHARDS), with fast-check seeds of its own. Each input is an HTTP request answered by a
 * server in the same process, so one process uses one core; shards use them all.
 *
 * FUZZ_RUNS sets the total (default 100,000), FUZZ_SHARDS the processes (default: the cores this
 * machine offers). Exits non-zero when any shard fails; prints each shard's lines prefixed, and
 * the time taken.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const runs = process.env.FUZZ_RUNS || '100000';
const shards = Number(process.env.FUZZ_SHARDS || Math.max(1, availableParallelism()));
if (!Number.isInteger(shards) || shards < 1) throw new RangeError(`FUZZ_SHARDS must be a positive integer, not ${process.env.FUZZ_SHARDS}`);
const started = Date.now();

function runShard(index: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['mocha', 'test/fuzz/**/*.test.ts'], { env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SHARDS: String(shards), FUZZ_SHARD: String(index) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (chunk: Buffer) =>
      chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.includes('DeprecationWarning') && !l.includes('--trace-deprecation'))
        .map((l) => `[shard ${index + 1}/${shards}] ${l}\n`)
        .join('');
    child.stdout.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
    child.stderr.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i)));
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const failed = codes.filter((c) => c !== 0).length;
console.log(`[fuzz] ${runs} inputs in ${shards} shard(s): ${seconds} s, ${failed === 0 ? 'all passed' : `${failed} shard(s) failed`}`);
process.exit(failed === 0 ? 0 : 1);
