// The allocation sampler of `npm run bench:profile -- --alloc`: it must count what was allocated and freed, by site.
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAllocationSampling } from '../../bench/adapter/allocationSampling.js';
import { summariseAllocations, type HeapProfileNode } from '../../bench/adapter/allocationSummary.js';

/** Allocates about `bytes` in small arrays and keeps none of them: all garbage by the end. */
function allocateAndDropMarker(bytes: number): number {
  let kept = 0;
  for (let i = 0; i < bytes / 256; i++) kept += new Array(30).fill(i).length; // ~256 B each
  return kept;
}

describe('bench: allocation sampling (bench:profile --alloc)', () => {
  it('counts objects already freed, under the function that allocated them, and the promises made meanwhile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'alloc-'));
    try {
      const file = join(dir, 'probe.heapprofile');
      const sampling = startAllocationSampling(file, 1024);
      allocateAndDropMarker(8 * 1024 * 1024);
      // Young collections free the arrays before the profile is written: they must still count.
      for (let i = 0; i < 20; i++) new Array(100_000).fill(i);
      // 2,000 promises: each Promise.resolve, and the one Promise.all's `then` makes of it; then a few of its own and the sampler's.
      await Promise.all(Array.from({ length: 1000 }, (_, i) => Promise.resolve(i)));
      const { promises } = await sampling.write();
      expect(promises).to.be.within(2000, 2100);
      const profile = JSON.parse(await readFile(file, 'utf8')) as { head: HeapProfileNode };
      const s = summariseAllocations(profile.head, (url) => (url.includes('allocationSampling.test') ? 'this test' : 'elsewhere'), 100);
      const marker = s.sites.find(([site]) => site.startsWith('allocateAndDropMarker this test'));
      expect(marker, JSON.stringify(s.sites.slice(0, 5))).to.not.equal(undefined);
      // Sampled: within a factor of two of the 8 MB allocated.
      expect(marker![1]).to.be.within(4 * 1024 * 1024, 16 * 1024 * 1024);
      expect(s.total).to.be.at.least(marker![1]);
      expect(s.sources.map(([src]) => src)).to.include('this test');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
