/**
 * The package as a bot developer gets it (K1, K6): `npm pack`, install the tarball into an
 * empty project with its peer, compile a strict TypeScript consumer (module NodeNext) and the
 * README's marked examples against the package's own declarations, and run on plain node: the
 * consumer against the emulator, a real `hubbot` subcommand, and each entry's import. Then the
 * Agents SDK's optional peers are added to the same project and a tiny AgentApplication runs from
 * the `/agents` entry (G1, G4); what the botbuilder-only install held is noted before that. A
 * CommonJS bot shaped like Microsoft's samples runs from the same project with require (N6).
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './importGraph.js';
import { README_PROJECT_NAMES, readmeExamples } from './readmeExamples.js';
import { packedTarball, plainEnv, sh } from '../support/packedPackage.js';

const AGENTS_SDK = ['@microsoft/agents-hosting', '@microsoft/agents-activity'];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; devDependencies: Record<string, string> };

describe('the packed package in a consumer project', function () {
  this.timeout(600_000);
  let dir: string;
  let project: string;
  /** Which Agents SDK packages the botbuilder-only install put in node_modules (G4: none). */
  let agentsInBotbuilderOnlyInstall: string[];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hubbot-consumer-'));
    console.log('      packing and installing the package into an empty project (about a minute)');
    const tarball = await packedTarball();
    project = join(dir, 'app');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({
        name: 'consumer-app',
        private: true,
        type: 'module',
        // botbuilder itself for the CommonJS bot shaped like Microsoft's samples (N6).
        dependencies: { [pkg.name]: `file:${tarball}`, 'botbuilder-core': pkg.devDependencies['botbuilder-core'], botbuilder: pkg.devDependencies.botbuilder, '@types/node': pkg.devDependencies['@types/node'] },
      }),
    );
    await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], project);
    agentsInBotbuilderOnlyInstall = AGENTS_SDK.filter((name) => existsSync(join(project, 'node_modules', name)));
    // The Agents SDK's peers, added to the same project for the agents consumer (G1).
    const peers = AGENTS_SDK.map((name) => `${name}@${pkg.devDependencies[name]}`);
    await sh('npm', ['install', ...peers, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], project);
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('[K1] the tarball holds compiled ESM with declarations, and the hubbot command runs on plain node', async () => {
    const installed = join(project, 'node_modules', pkg.name);
    for (const f of ['dist/src/index.js', 'dist/src/index.d.ts', 'dist/dialogs/index.js', 'dist/bots/index.d.ts', 'dist/src/emulator/index.js', 'docs/platform-contract.md']) {
      expect(readFileSync(join(installed, f), 'utf8').length, f).to.be.greaterThan(0);
    }
    const help = await sh('node', [join(project, 'node_modules', '.bin', 'hubbot'), '--help'], project);
    expect(help).to.match(/provision/);
  });

  it('[K1] a real subcommand runs from the installed package: `hubbot emulator` listens and answers', async () => {
    const child = spawn('node', [join(project, 'node_modules', '.bin', 'hubbot'), 'emulator', '--port', '0'], { cwd: project, env: plainEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`hubbot emulator exited (${code}) before listening:\n${out}\n${err}`.slice(0, 4000))));
      });
      // A call without a token: the emulated hub refuses it with the platform's error body.
      const res = await fetch(`${url}/conversation/conversationmgr/v3/authentications`);
      expect(res.status).to.equal(401);
      expect(((await res.json()) as { code: string }).code).to.match(/^401-\d+$/);
    } finally {
      child.kill();
    }
  });

  it('[K1] every entry point imports on plain node from the installed package', async () => {
    const script = `const names = {};
for (const entry of ['', '/dialogs', '/bots', '/emulator', '/local', '/pipeline', '/platform', '/server', '/webhook', '/provisioning']) names[entry || '.'] = Object.keys(await import('${pkg.name}' + entry));
console.log(JSON.stringify(names));`;
    const names = JSON.parse((await sh('node', ['--input-type=module', '-e', script], project)).trim()) as Record<string, string[]>;
    expect(names['/bots']).to.include.members(['EchoBot', 'GuidedHelpBot', 'createReadyGuidedHelpBot']);
    expect(names['/dialogs']).to.include('GuidedHelpDialog');
    expect(names['.']).to.include.members(['startHubBotServer', 'createHubBot', 'RedisStorage']);
    expect(names['/pipeline']).to.include.members(['HubPipeline', 'RedisInbox', 'Outbox']);
    expect(names['/platform']).to.include('ConversationManagerClient');
    expect(names['/server']).to.include('createJsonServer');
    expect(names['/webhook']).to.include('registerWebhook');
    expect(names['/provisioning']).to.include.members(['provision', 'parseSetupDescription']);
    expect(names['/local']).to.include('startLocalStack');
    expect(names['/emulator']).to.include('startEmulator');
  });

  it('[K6] a strict NodeNext consumer and the marked examples of the README and the guides compile against the package types; the consumer runs a bot and a guided-help dialog', async () => {
    for (const f of ['consumerApp.ts', 'consumerHarness.ts']) copyFileSync(join(ROOT, 'test', 'package', 'consumer', f), join(project, f));
    const examples = readmeExamples();
    expect(examples.filter((e) => e.source === 'README.md').length, 'README examples marked to compile').to.be.greaterThanOrEqual(2);
    expect(examples.filter((e) => e.source.startsWith('docs/')).length, 'guide examples marked to compile').to.be.greaterThanOrEqual(3);
    // The file name says the guide (docs-botbuilder2.ts); its first line says it again in the compiler's output.
    for (const { file, code, source } of examples) writeFileSync(join(project, file), `// from ${source}\n${code}`);
    writeFileSync(join(project, 'readmeProjectNames.d.ts'), README_PROJECT_NAMES);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, types: ['node'], outDir: 'out' },
        files: ['consumerApp.ts', 'readmeProjectNames.d.ts', ...examples.map((e) => e.file)],
      }),
    );
    await sh('node', [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project);
    const out = await sh('node', [join(project, 'out', 'consumerApp.js')], project);
    const result = JSON.parse(out.trim().split('\n').pop()!) as { echoed: string[]; all: string[] };
    expect(result.echoed).to.deep.equal(['you said: hello from a consumer']);
    // The second reply is guided help's first question from the portal, not an apology.
    expect(result.all).to.have.length(2);
    expect(result.all[1]).to.match(/\?$/);
  });

  it('[N6] a CommonJS bot shaped like Microsoft\'s samples requires every entry and chats on the emulator; no @types package was installed', async () => {
    mkdirSync(join(project, 'commonjs'), { recursive: true });
    for (const f of ['bot.cjs', 'index.cjs']) copyFileSync(join(ROOT, 'test', 'package', 'consumer', 'commonJs', f), join(project, 'commonjs', f));
    const out = await sh('node', [join(project, 'commonjs', 'index.cjs')], project);
    const result = JSON.parse(out.trim().split('\n').pop()!) as { exported: Record<string, number>; texts: string[] };
    for (const entry of ['.', '/dialogs', '/bots', '/emulator', '/local', '/agents']) expect(result.exported[entry], entry).to.be.greaterThan(0);
    expect(result.texts).to.deep.equal(['Hello and welcome!', 'Echo: hello from CommonJS']);
    // The package brought no type-only package: the strict consumer above compiled without them.
    expect(existsSync(join(project, 'node_modules', '@types', 'restify'))).to.equal(false);
  });

  it('[G4] a botbuilder-only install pulls nothing of the Agents SDK: the package declares it an optional peer', () => {
    expect(agentsInBotbuilderOnlyInstall).to.deep.equal([]);
    const installed = JSON.parse(readFileSync(join(project, 'node_modules', pkg.name, 'package.json'), 'utf8')) as { peerDependenciesMeta?: Record<string, { optional?: boolean }> };
    for (const name of AGENTS_SDK) expect(installed.peerDependenciesMeta?.[name]?.optional, name).to.equal(true);
  });

  it('[G1] [G2] with the peers installed, an AgentApplication from the /agents entry compiles strictly and chats on the emulator', async () => {
    for (const f of ['agentsConsumerApp.ts', 'consumerHarness.ts']) copyFileSync(join(ROOT, 'test', 'package', 'consumer', f), join(project, f));
    writeFileSync(
      join(project, 'tsconfig.agents.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, types: ['node'], outDir: 'out-agents' },
        files: ['agentsConsumerApp.ts'],
      }),
    );
    await sh('node', [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(project, 'tsconfig.agents.json')], project);
    const out = await sh('node', [join(project, 'out-agents', 'agentsConsumerApp.js')], project);
    const result = JSON.parse(out.trim().split('\n').pop()!) as { texts: string[] };
    expect(result.texts).to.deep.equal(['agent says: hello from an agent consumer']);
  });
});
