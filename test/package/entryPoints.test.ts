import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packagesImportedBy, reachableFrom, ROOT } from './importGraph.js';

const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, Record<string, string> | string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dependencies?: Record<string, string>;
  engines?: { node?: string };
};

const AGENTS_SDK = ['@microsoft/agents-hosting', '@microsoft/agents-activity'];

describe('package entry points', () => {
  it('[K3] the main entry reaches no emulator, local-stack or harness module', () => {
    const loaded = [...reachableFrom('src/index.ts')];
    expect(loaded.length).to.be.greaterThan(50);
    expect(loaded.filter((f) => /^(src\/emulator|cli)\//.test(f))).to.deep.equal([]);
  });

  it('[K3] the plumbing entries reach no emulator, local-stack or harness module either', () => {
    for (const entry of ['pipeline', 'platform', 'server', 'webhook', 'provisioning']) {
      const loaded = [...reachableFrom(`src/entries/${entry}.ts`)];
      expect(loaded.filter((f) => /^(src\/emulator|cli)\//.test(f)), entry).to.deep.equal([]);
    }
  });

  it('[K3] the graph walk does find the emulator from the emulator entry (the check above can fail)', () => {
    const loaded = [...reachableFrom('src/emulator/index.ts')];
    expect(loaded.some((f) => f.startsWith('src/emulator/hub/'))).to.equal(true);
  });

  it('[K3] the emulator reads the contract on its own: it reaches none of the clients\' code', () => {
    const loaded = [...reachableFrom('src/emulator/startEmulator.ts'), ...reachableFrom('src/emulator/defaultParts.ts')];
    // The language packs (src/languages) are data the bot and the web chat page share: the page's labels (I1).
    const allowed = /^src\/(emulator|schemas|rates|errors|httpServer|jsonpath|languages)\//;
    expect(loaded.filter((f) => !allowed.test(f))).to.deep.equal([]);
  });

  it('[K2] every subpath entry names existing sources and compiled files under dist', () => {
    for (const [name, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(target, name).to.have.keys(['hubbot-source', 'types', 'import', 'default']);
      expect(target.import, name).to.match(/^\.\/dist\/.*\.js$/);
      expect(target.types, name).to.equal(target.import.replace(/\.js$/, '.d.ts'));
      expect(readFileSync(resolve(ROOT, target['hubbot-source']), 'utf8').length, name).to.be.greaterThan(0);
    }
    expect(Object.keys(pkg.exports)).to.include.members(['.', './dialogs', './bots', './emulator', './local', './agents', './pipeline', './platform', './server', './webhook', './provisioning']);
  });

  it('[K2] the dialogs entry stays below the ready bots, and the bots entry below the emulator', () => {
    expect([...reachableFrom('dialogs/index.ts')].filter((f) => !/^(src|dialogs)\//.test(f))).to.deep.equal([]);
    expect([...reachableFrom('bots/index.ts')].filter((f) => /^(src\/emulator|cli)\//.test(f))).to.deep.equal([]);
  });

  it('[K4] botbuilder-core is a peer dependency with a range, and no botbuilder package is a plain dependency', () => {
    expect(pkg.peerDependencies?.['botbuilder-core']).to.match(/^>=4\.\d+\.\d+ <5$/);
    expect(Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith('botbuilder'))).to.deep.equal([]);
  });

  it('[G4] the main, dialogs and bots entries load nothing of the Agents SDK; only the agents entry does', () => {
    for (const entry of ['src/index.ts', 'dialogs/index.ts', 'bots/index.ts']) {
      const imported = [...packagesImportedBy(reachableFrom(entry))];
      expect(imported, entry).to.include('botbuilder-core');
      expect(imported.filter((p) => p.startsWith('@microsoft/agents')), entry).to.deep.equal([]);
    }
    // The same walk does see the SDK from the agents entry (the check above can fail).
    expect([...packagesImportedBy(reachableFrom('src/agents/index.ts'))]).to.include.members(AGENTS_SDK);
  });

  it('[G3] the one mapping between hub messages and activities imports neither SDK', () => {
    const mapping = ['src/adapter/activityFromHubMessage.ts', 'src/adapter/hubMessagesFromActivity.ts'].flatMap((f) => [...reachableFrom(f)]);
    expect([...packagesImportedBy(mapping)].filter((p) => p.startsWith('botbuilder') || p.startsWith('@microsoft/agents'))).to.deep.equal([]);
  });

  it('[G4] the Agents SDK is an optional peer dependency with a range, never a plain dependency', () => {
    for (const name of AGENTS_SDK) {
      expect(pkg.peerDependencies?.[name], name).to.match(/^>=1\.\d+\.\d+ <2$/);
      expect(pkg.peerDependenciesMeta?.[name]?.optional, name).to.equal(true);
      expect(pkg.dependencies ?? {}, name).not.to.have.property(name);
    }
    expect(pkg.exports['./agents']).to.deep.equal({ 'hubbot-source': './src/agents/index.ts', types: './dist/src/agents/index.d.ts', import: './dist/src/agents/index.js', default: './dist/src/agents/index.js' });
  });

  it('[N6] require() finds every entry: a default condition names the same ESM build as import (Node 20.19+ requires ESM)', () => {
    expect(pkg.engines?.node).to.match(/^>=20\.(19|[2-9]\d)/);
    for (const [name, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(target.default, name).to.equal(target.import);
      // Conditions match in order: default must come last, or it would shadow the others.
      expect(Object.keys(target).at(-1), name).to.equal('default');
    }
  });

  it('[N6] no type-only package (@types/*) is a runtime dependency', () => {
    expect(Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith('@types/'))).to.deep.equal([]);
  });
});
