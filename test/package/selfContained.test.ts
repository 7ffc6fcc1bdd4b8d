import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './importGraph.js';

/**
 * Someone who clones the repository has the why with it: code, tests and README cite
 * docs/platform-contract.md and rule ids, never a document outside the repository or an issue
 * number of a tracker they cannot see.
 */
function gitFiles(...paths: string[]): string[] {
  return execFileSync('git', ['ls-files', ...paths], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** A cited path: a file or folder, a test or module named without its extension, or a `*` pattern. */
function pathExists(p: string): boolean {
  if (p.includes('*')) {
    const dir = join(ROOT, dirname(p));
    const name = new RegExp(`^${p.slice(p.lastIndexOf('/') + 1).replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    return existsSync(dir) && readdirSync(dir).some((f) => name.test(f));
  }
  const candidates = [p, p.replace(/\.js$/, '.ts'), `${p}.ts`, `${p}.test.ts`];
  return candidates.some((c) => existsSync(join(ROOT, c)));
}

/** GitHub's anchor of a heading. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
}

/** The rows of the contract's "Section numbers" table: the numbers of their first cell, and their links. */
function sectionIndex(contract: string): { numbers: Set<string>; links: string[] } {
  const start = contract.indexOf('\n## Section numbers\n');
  expect(start, 'docs/platform-contract.md has a "Section numbers" section').to.be.greaterThan(-1);
  const body = contract.slice(start + 1, contract.indexOf('\n## ', start + 1));
  const rows = body.split('\n').filter((l) => /^\| \d/.test(l));
  const numbers = new Set(rows.flatMap((r) => r.split('|')[1].split(',').map((n) => n.trim())));
  const links = rows.flatMap((r) => [...r.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]));
  return { numbers, links };
}

describe('the repository carries its own contract', () => {
  const tracked = gitFiles('src', 'dialogs', 'bots', 'samples', 'test', 'bench', 'bin', 'README.md')
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

  /**
   * The docs a reader follows paths from. The API reports (docs/api/*.api.md) are left out: API
   * Extractor writes them and names the declaration files (.d.ts) of a build, not sources.
   */
  const docs = [...tracked.filter((f) => f === 'README.md' || /^src\/emulator\/(portal\/)?README\.md$/.test(f)), ...gitFiles('docs').filter((f) => f.endsWith('.md') && !f.startsWith('docs/api/'))];

  it('cites only repository paths that exist, in README.md, docs/ and the emulator READMEs', () => {
    expect(docs).to.include.members(['README.md', 'docs/platform-contract.md', 'src/emulator/README.md', 'src/emulator/portal/README.md']);
    const missing = docs.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/\b(?:src|test|dialogs|bots|samples|bench|bin|docs)\/[A-Za-z0-9_./*-]*/g)]
        .map((m) => m[0].replace(/[.,]+$/, ''))
        .filter((p) => !pathExists(p))
        .map((p) => `${f}: ${p}`),
    );
    expect(missing).to.deep.equal([]);
  });

  it('resolves every vendor section number cited in the repository in the contract\'s section index', () => {
    const contract = readFileSync(join(ROOT, 'docs', 'platform-contract.md'), 'utf8');
    const index = sectionIndex(contract);
    const cited = new Map<string, string>();
    for (const f of [...tracked, ...docs]) {
      for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/\bspec (\d+(?:\.\d+)?)\b/g)) if (!cited.has(m[1])) cited.set(m[1], f);
    }
    expect(cited.size).to.be.greaterThan(20);
    expect([...cited].filter(([n]) => !index.numbers.has(n)).map(([n, f]) => `${n} (first in ${f})`)).to.deep.equal([]);
    // Every link of the index lands on a heading of the contract.
    const anchors = new Set([...contract.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1])));
    expect(index.links.filter((a) => !anchors.has(a))).to.deep.equal([]);
  });
});
