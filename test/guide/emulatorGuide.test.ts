/**
 * docs/emulator.md's guide to the emulator as the vendor's client sees it (F5-F8) is a test:
 * its shell blocks run as a reader pastes them (test/guide/shellGuide.ts), in order, against
 * the emulator its first block starts, and each shows what the guide says it shows: the
 * release read with a user token, the vendor's upload answering 201, the drifts switched, a
 * client of another sender type, the conversation's calls, a misspelt fault key refused.
 * And its two tables of realistic mode (the differences, the drifts) name every drift the
 * emulator has. Slow (the CLI starts on tsx): run alone with
 * `npx mocha test/guide/emulatorGuide.test.ts`.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DRIFT_NAMES } from '../../src/emulator/realistic/drifts.js';
import { HUBBOT_BIN } from '../support/runHubbot.js';
import { freePort } from '../support/freePort.js';
import { GuideSession, shellBlocks } from './shellGuide.js';

const GUIDE = fileURLToPath(new URL('../../docs/emulator.md', import.meta.url));
const SECTION = { from: '## The platform emulator', to: 'Each platform call also says' };

/** What each block prints, in order (the first starts the emulator in the background). */
const SHOWS: RegExp[] = [
  /hubbot emulator listening/,
  /"status": "live"/,
  /"name":"notes\.txt"[\s\S]*\n201\s*$/,
  /"name":"profilesArray","what":"[^"]*","on":true/,
  /"senderType":"customer"/,
  /"path": "\/knowledge\/portalmgr\/v4\/attachment\/upload"/,
  /"code":"400-101".*Unrecognized key: \\"endpoint\\"/,
];

describe('docs/emulator.md, the vendor\'s client\'s view, run as written (F5-F8)', function () {
  this.timeout(300_000);
  let dir: string;
  let session: GuideSession;

  before(async () => {
    // The guide's blocks read JSON with jq, as its reader does: a machine without it is told so.
    expect(spawnSync('jq', ['--version']).status, 'jq is on the PATH (the guide uses it)').to.equal(0);
    dir = await mkdtemp(join(tmpdir(), 'hubbot-emulator-guide-'));
    await mkdir(join(dir, 'home'));
    await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
    await symlink(HUBBOT_BIN, join(dir, 'node_modules/.bin/hubbot'));
    session = new GuideSession(dir, { 4010: await freePort() }, process.env.PATH ?? '/usr/bin:/bin');
  });
  after(async () => {
    await session?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('[F5][F6][F7][F8] every shell block of the section runs in order and prints what the guide says', async () => {
    const blocks = shellBlocks(GUIDE, SECTION);
    expect(blocks.map((b) => b.code.split('\n')[0]), 'one expectation per block').to.have.length(SHOWS.length);
    for (const [i, block] of blocks.entries()) {
      const run = await session.run(block);
      const failed = block.readyAt ? run.exitCode !== null : run.exitCode !== 0;
      expect(failed, `${run.code}\n${run.output}\n${session.backgroundOutput()}`).to.equal(false);
      expect(block.readyAt ? session.backgroundOutput() : run.output, run.code).to.match(SHOWS[i]!);
    }
  });
});

describe('docs/emulator.md names every drift of realistic mode (F3, F5)', () => {
  const text = readFileSync(GUIDE, 'utf8');
  const between = (from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));

  it('[F5] the table of every place where the contract and the vendor differ names each drift, so a new one cannot go unlisted', () => {
    const table = between('### Where the contract and the vendor differ (F5)', '\nThe vendor\'s generated client reads');
    expect(DRIFT_NAMES.filter((d) => !table.includes(`\`${d}\``))).to.deep.equal([]);
  });

  it('[F3] the realistic mode\'s table has a row for each drift', () => {
    const table = between('| Drift | What changes in the answers |', '\n\n');
    expect(DRIFT_NAMES.filter((d) => !table.includes(`| \`${d}\` |`))).to.deep.equal([]);
  });
});
