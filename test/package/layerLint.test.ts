/**
 * The layer rules of eslint.config.js, run by ESLint itself on one-line sources placed in each
 * layer: dialogs/ and bots/ never load the emulator (K3), samples/ import the package by name
 * as a developer's project does (K2), and the imports each layer is meant to use still pass.
 */
import { expect } from 'chai';
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
  ];
  for (const [path, source] of refused) {
    it(`[${path.startsWith('samples/') ? 'K2' : 'K3'}] refuses in ${path}: ${source}`, async () => {
      expect(await importErrors(eslint, path, source)).to.have.length(1);
    });
  }

  const allowed: [string, string][] = [
    ['dialogs/probe.ts', `import imported from '../src/errors/platformError.js';`],
    ['bots/probe.ts', `import imported from '../dialogs/index.js';`],
    ['samples/customRenderer/probe.ts', `import imported from '${SELF}/dialogs';`],
    ['samples/customRenderer/probe.ts', `import imported from './numberedListRenderer.js';`],
  ];
  for (const [path, source] of allowed) {
    it(`[K2] allows in ${path}: ${source}`, async () => {
      expect(await importErrors(eslint, path, source)).to.deep.equal([]);
    });
  }
});
