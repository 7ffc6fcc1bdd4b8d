/**
 * The README as a newcomer reads it in a checkout (M8): short enough to read, its first lines the
 * two commands, and it says how to run `hubbot` without a rebuild, how to move off the default
 * ports, and where the deploy guide is; the npm script it names runs the sources as they are.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './importGraph.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('README: the first ten minutes (M8)', () => {
  it('[M8] is at most 250 lines and opens with the two commands', () => {
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).to.be.at.most(250);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1].split('\n').filter(Boolean);
    expect(firstBlock.map((l) => l.replace(/\s+#.*$/, ''))).to.deep.equal(['npm install && npm start', 'npm install && npm test']);
  });

  it('[M8] says how to run hubbot from a checkout without a rebuild, and the npm script it names does not build', () => {
    expect(readme).to.include('`node bin/hubbot.js`');
    expect(readme).to.match(/npm run hubbot -- /);
    expect(scripts.hubbot).to.equal('node bin/hubbot.js');
    expect(readme).to.match(/not use `npx hubbot`/);
  });

  it('[M8] says how to move off ports 3978 and 4010, and links the deploy guide', () => {
    expect(readme).to.match(/--port \d+ --emulator-port \d+/);
    expect(readme).to.include('(docs/deploy-to-a-hub.md)');
  });

  it('[M8] the build compiles beside dist/ and swaps it in, so an interrupted build leaves dist/ whole', () => {
    expect(scripts.build).to.equal('node tools/build.mjs');
    const build = readFileSync(join(ROOT, 'tools/build.mjs'), 'utf8');
    expect(build).to.not.match(/rm(Sync)?\([^)]*\bdist\b[^.]/);
    expect(build).to.match(/renameSync\(staging, dist\)/);
  });
});
