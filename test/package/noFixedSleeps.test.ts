/**
 * Tests wait for events, not for the clock: no test file sleeps a fixed time over 100 ms (see
 * fixedSleeps.ts for what counts). The finder is checked on samples first, so that a finder
 * that sees nothing cannot make the tree look clean.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './importGraph.js';
import { findFixedSleeps, MAX_FIXED_SLEEP_MS } from './fixedSleeps.js';

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(path);
    return SOURCE.test(e.name) ? [path] : [];
  });
}

const msOf = (text: string) => findFixedSleeps('sample.ts', text).map((s) => s.ms);

describe('tests wait for events, not for a fixed time', () => {
  it('the finder sees the forms of a fixed sleep over the limit', () => {
    expect(msOf('await new Promise((r) => setTimeout(r, 3000));')).to.deep.equal([3000]);
    expect(msOf('await new Promise(function (resolve) { setTimeout(resolve, 1_500); });')).to.deep.equal([1500]);
    expect(msOf("import { setTimeout as sleep } from 'node:timers/promises';\nawait sleep(1500);")).to.deep.equal([1500]);
    expect(msOf('await delay(250); await pause(101); await timers.setTimeout(200);')).to.deep.equal([250, 101, 200]);
    expect(msOf('const SETTLE_MS = 11_000;\nawait sleep(SETTLE_MS);')).to.deep.equal([11_000]);
  });

  it('the finder leaves alone short pauses, timeouts that bound a wait, and waits for a condition', () => {
    expect(msOf(`await new Promise((r) => setTimeout(r, ${MAX_FIXED_SLEEP_MS}));`)).to.deep.equal([]);
    expect(msOf('await sleep(5);')).to.deep.equal([]);
    expect(msOf("req.setTimeout(10_000, () => req.destroy());")).to.deep.equal([]);
    expect(msOf("await Promise.race([work, new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 15_000))]);")).to.deep.equal([]);
    expect(msOf("await waitFor(() => done, { what: 'done', timeoutMs: 20_000 });")).to.deep.equal([]);
    expect(msOf('// await sleep(3000) was here\nconst text = "await sleep(3000)";')).to.deep.equal([]);
    expect(msOf('clock.tick(60_000); setTimeout(fire, 5000);')).to.deep.equal([]);
  });

  it(`no test file sleeps a fixed time over ${MAX_FIXED_SLEEP_MS} ms`, () => {
    const found = filesUnder(join(ROOT, 'test')).flatMap((file) =>
      findFixedSleeps(file, readFileSync(file, 'utf8')).map((s) => `${relative(ROOT, file)}:${s.line} sleeps ${s.ms} ms: ${s.text}`),
    );
    expect(found, 'wait for the event instead (test/support/waitFor.ts), or use fake timers').to.deep.equal([]);
  });
});
