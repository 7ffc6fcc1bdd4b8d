// Mocha's spec reporter, plus one plain closing line "N passed, N failed" (", N skipped"),
// which CI logs read whatever the test runner.
'use strict';
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SpecWithSummary extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats ?? {};
      const skipped = s.pending ? `, ${s.pending} skipped` : '';
      process.stdout.write(`${s.passes ?? 0} passed, ${s.failures ?? 0} failed${skipped}\n`);
    });
  }
}

module.exports = SpecWithSummary;
