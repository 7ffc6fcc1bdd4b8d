/**
 * The package as a bot developer gets it (K1, K6): `npm pack`, install the tarball into an
 * empty project with its peer, compile a strict TypeScript consumer (module NodeNext) against
 * the package's own declarations, and run it on plain node against the emulator.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './importGraph.js';

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; devDependencies: Record<string, string> };

/** A child's environment without the test runner's loader flags: the consumer runs on plain node. */
function plainEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

async function sh(cmd: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(cmd, args, { cwd, env: plainEnv(), maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
    return stdout;
  } catch (err) {
    // The compiler and npm say what went wrong on their standard output and error.
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`.slice(0, 8000));
  }
}

describe('the packed package in a consumer project', function () {
  this.timeout(600_000);
  let dir: string;
  let project: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hubbot-consumer-'));
    console.log('      packing and installing the package into an empty project (about a minute)');
    const packed = await sh('npm', ['pack', '--silent', '--pack-destination', dir], ROOT);
    const tarball = join(dir, packed.trim().split('\n').pop()!);
    project = join(dir, 'app');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({
        name: 'consumer-app',
        private: true,
        type: 'module',
        dependencies: { [pkg.name]: `file:${tarball}`, 'botbuilder-core': pkg.devDependencies['botbuilder-core'], '@types/node': pkg.devDependencies['@types/node'] },
      }),
    );
    await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], project);
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

  it('[K6] a strict NodeNext consumer compiles against the package types and runs a bot and a guided-help dialog', async () => {
    copyFileSync(join(ROOT, 'test', 'package', 'consumer', 'consumerApp.ts'), join(project, 'consumerApp.ts'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, types: ['node'], outDir: 'out' }, files: ['consumerApp.ts'] }),
    );
    await sh('node', [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project);
    const out = await sh('node', [join(project, 'out', 'consumerApp.js')], project);
    const result = JSON.parse(out.trim().split('\n').pop()!) as { echoed: string[]; all: string[] };
    expect(result.echoed).to.deep.equal(['you said: hello from a consumer']);
    // The second reply is guided help's first question from the portal, not an apology.
    expect(result.all).to.have.length(2);
    expect(result.all[1]).to.match(/\?$/);
  });
});
