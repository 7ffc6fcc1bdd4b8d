import { expect } from 'chai';
import { dueAtMs, dueCount, runSchedule, sentRate } from '../../bench/openLoopSchedule.js';
import { percentile } from '../../bench/webhookLoadGenerator.js';

describe('bench open-loop schedule', () => {
  it('computes every due time from the start instant, not from the previous send', () => {
    expect(dueAtMs(100, 0, 1000)).to.equal(100);
    expect(dueAtMs(100, 1, 1000)).to.equal(101);
    expect(dueAtMs(100, 2000, 2000)).to.equal(1100);
  });

  it('counts what is due after a given time, request 0 at once, capped at the count', () => {
    expect(dueCount(-1, 1000, 10)).to.equal(0);
    expect(dueCount(0, 1000, 10)).to.equal(1);
    expect(dueCount(0.999, 1000, 10)).to.equal(1);
    expect(dueCount(1, 1000, 10)).to.equal(2);
    // A generator that woke 5 ms late owes the five it missed at once, not one.
    expect(dueCount(5.2, 1000, 10)).to.equal(6);
    expect(dueCount(60_000, 1000, 10)).to.equal(10);
  });

  it('agrees with dueAtMs where floating point rounds just below an index', () => {
    for (const rate of [3, 7, 1000, 2000, 3333]) {
      for (let i = 0; i < 500; i++) expect(dueCount(dueAtMs(0, i, rate), rate, 1e9), `rate ${rate}, index ${i}`).to.equal(i + 1);
    }
  });

  it('hands every request to send once, in order, with its scheduled due time', async () => {
    const seen: [number, number][] = [];
    const run = await runSchedule(50, 20_000, (i, dueAt) => seen.push([i, dueAt]));
    expect(seen.map(([i]) => i)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i));
    for (const [i, dueAt] of seen) expect(dueAt).to.equal(dueAtMs(run.startMs, i, 20_000));
    expect(run.sendLagMs).to.have.length(50);
    expect(run.sendLagMs.every((lag) => lag >= 0)).to.equal(true);
    expect(run.lastSendMs).to.be.at.least(run.startMs);
  });

  it('resolves at once for an empty run', async () => {
    const run = await runSchedule(0, 1000, () => expect.fail('nothing to send'));
    expect(run.sendLagMs).to.deep.equal([]);
  });

  it('reports the rate sends left at, from the first to the last', () => {
    expect(sentRate({ startMs: 0, lastSendMs: 999, sendLagMs: new Array(1000).fill(0) })).to.be.closeTo(1000, 1e-9);
    expect(sentRate({ startMs: 0, lastSendMs: 1998, sendLagMs: new Array(1000).fill(0) })).to.be.closeTo(500, 1e-9);
  });

  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).to.equal(50);
    expect(percentile(values, 99)).to.equal(99);
    expect(percentile(values, 100)).to.equal(100);
    expect(percentile([7], 99)).to.equal(7);
  });
});
