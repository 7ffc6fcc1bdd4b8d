/**
 * The layer rules of eslint.config.js, run by ESLint itself on one-line sources placed in each
 * layer: dialogs/ and bots/ never load the emulator (K3), samples/ import the package by name
 * as a developer's project does (K2), and the imports each layer is meant to use still pass.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { ESLint } from 'eslint';
import { ROOT } from './importGraph.js';

const SELF = 'botbuilder-adapter-conversation-hub';

/** The import rule's messages for `source` linted as if it were the file at `path`. */
async function importErrors(eslint: ESLint, path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: `${ROOT}/${path}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules of the lint configuration', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: ROOT });

  const refused: [string, string][] = [
    ['dialogs/guidedHelp/probe.ts', `import imported from '../../src/emulator/startEmulator.js';`],
    ['dialogs/probe.ts', `import imported from '${SELF}/emulator';`],
    ['bots/probe.ts', `import imported from '../src/emulator/startEmulator.js';`],
    ['bots/probe.ts', `import imported from '${SELF}/emulator';`],
    ['samples/customRenderer/probe.ts', `import imported from '../../src/config/config.js';`],
    ['samples/customRenderer/probe.ts', `import imported from '../../dialogs/index.js';`],
    ['samples/mixedDialog/probe.ts', `import imported from '../../bots/guidedHelpBot.js';`],
    ['src/adapter/probe.ts', `import imported from '../../cli/localStack.js';`],
    ['src/adapter/probe.ts', `import imported from '../emulator/startEmulator.js';`],
    ['dialogs/probe.ts', `import imported from '../cli/main.js';`],
    ['bots/probe.ts', `import imported from '../cli/main.js';`],
    ['bots/probe.ts', `import imported from '${SELF}/local';`],
    ['src/emulator/hub/probe.ts', `import imported from '../../server/hubBotServer.js';`],
    ['src/emulator/hub/probe.ts', `import imported from '../../authentication/tokenIssuer.js';`],
  ];
  for (const [path, source] of refused) {
    it(`[${path.includes('emulator') || source.includes('emulator') ? 'K3' : 'K2'}] refuses in ${path}: ${source}`, async () => {
      expect(await importErrors(eslint, path, source)).to.have.length(1);
    });
  }

  const allowed: [string, string][] = [
    ['dialogs/probe.ts', `import imported from '../src/errors/platformError.js';`],
    ['bots/probe.ts', `import imported from '../dialogs/index.js';`],
    ['samples/customRenderer/probe.ts', `import imported from '${SELF}/dialogs';`],
    ['samples/customRenderer/probe.ts', `import imported from './numberedListRenderer.js';`],
    ['cli/probe.ts', `import imported from '../bots/readyBots.js';`],
    ['cli/probe.ts', `import imported from '../src/emulator/startEmulator.js';`],
    ['src/emulator/hub/probe.ts', `import imported from '../../httpServer/jsonServer.js';`],
  ];
  for (const [path, source] of allowed) {
    it(`[K2] allows in ${path}: ${source}`, async () => {
      expect(await importErrors(eslint, path, source)).to.deep.equal([]);
    });
  }
});

describe('import circles (npm run lint:cycles)', function () {
  this.timeout(120_000);
  // CI sets FORCE_COLOR for mocha's output, and dpdm's report then carries ANSI codes between
  // the file names and the arrow; the check reads plain text either way.
  const PLAIN_OUTPUT = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  const withoutColour = (text: string): string => stripVTControlCharacters(text);

  /** Runs the lint's circle check (dpdm, as package.json's lint:cycles does) on the given files. */
  async function cycleCheck(dir: string, files: Record<string, string>): Promise<{ code: number; out: string }> {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const args = ['dpdm', '--no-warning', '--no-tree', '--transform', '--exit-code', 'circular:1', ...Object.keys(files).map((f) => join(dir, f))];
    try {
      const { stdout } = await promisify(execFile)('npx', args, { cwd: ROOT, env: PLAIN_OUTPUT });
      return { code: 0, out: withoutColour(stdout) };
    } catch (err) {
      const e = err as { code: number; stdout: string };
      return { code: e.code, out: withoutColour(e.stdout) };
    }
  }

  it('[K2] fails on two modules that import each other, and passes when the circle is broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      const circle = await cycleCheck(dir, {
        'first.ts': `import { second } from './second.js';\nexport const first = (): number => second() + 1;\n`,
        'second.ts': `import { first } from './first.js';\nexport const second = (): number => first() - 1;\n`,
      });
      expect(circle.code).to.equal(1);
      expect(circle.out).to.match(/first\.ts -> .*second\.ts/);
      const line = await cycleCheck(dir, { 'second.ts': `export const second = (): number => 1;\n` });
      expect(line.code).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
