import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './importGraph.js';

/**
 * Someone who clones the repository has the why with it: code, tests and README cite
 * docs/platform-contract.md and rule ids, never a document outside the repository or an issue
 * number of a tracker they cannot see.
 */
describe('the repository carries its own contract', () => {
  const tracked = execFileSync('git', ['ls-files', 'src', 'dialogs', 'bots', 'samples', 'test', 'bench', 'bin', 'README.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|js|cjs|md)$/.test(f) && f !== 'test/package/selfContained.test.ts');
  const outside = /\.\.\/shared\/|shared\/spec\/|platform-facts\.md|platform-interface\.md|SPEC-RULES\.md|DESIGN\.md|\b[Ii]ssues? #?\d+\b/;

  it('cites no document outside the repository and no issue number', () => {
    expect(tracked.length).to.be.greaterThan(100);
    const offenders = tracked.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 100)}`] : [])),
    );
    expect(offenders).to.deep.equal([]);
  });

  it('holds docs/platform-contract.md with every rule id the tests name', () => {
    const contract = readFileSync(join(ROOT, 'docs', 'platform-contract.md'), 'utf8');
    const named = new Set<string>();
    for (const f of tracked.filter((t) => t.startsWith('test/') && t.endsWith('.test.ts'))) {
      for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/\bit\(\s*['"`]((?:\[[A-Z]\d+\]\s*)+)/g)) {
        for (const id of m[1].match(/[A-Z]\d+/g) ?? []) named.add(id);
      }
    }
    expect(named.size).to.be.greaterThan(50);
    expect([...named].filter((id) => !contract.includes(`[${id}]`))).to.deep.equal([]);
  });
});
