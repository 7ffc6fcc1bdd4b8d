/**
 * A guide is a test. The shell blocks of the deploy guide, the emulator guide and the README's
 * quick start are run as a reader pastes them (deployGuide.test.ts, emulatorGuide.test.ts,
 * readmeFirstMinutes.test.ts). The other guides' blocks are developer commands (a test file to
 * run, a bench module, a `hubbot` command with its flags, an image build) whose running is
 * either the suite itself or too long for CI; for those, every command is checked against what
 * it names, so a renamed file, script, flag or variable fails here instead of in a reader's
 * shell: files exist, `npm run` scripts and bench modules exist, `hubbot` commands take the
 * flags shown (their --help lists them), a variable's values are ones the configuration takes,
 * a metric grepped for is one the server exports, and a call of the emulator's own API is sent
 * to a running emulator as written. A command of no known kind fails: run it
 * in a guide test, or teach this test what to check.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../src/config/config.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { runHubbot, cleanEnv } from '../support/runHubbot.js';
import { REPO_ROOT } from '../deploy/hubbotImage.js';

/** Guides whose blocks a guide test runs as pasted. */
const RUN_AS_PASTED = new Set(['deploy-to-a-hub.md', 'emulator.md']);
const BLOCK = /```sh\n([\s\S]*?)```/g;

/** Every command line (continuations joined, comments dropped) of the guides' blocks that no guide test runs. */
function documentedCommands(): { guide: string; command: string }[] {
  const guides = readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md') && !RUN_AS_PASTED.has(f));
  return guides.flatMap((guide) =>
    [...readFileSync(join(REPO_ROOT, 'docs', guide), 'utf8').matchAll(BLOCK)].flatMap((m) =>
      m[1]!
        .replace(/\s*\\\n\s*/g, ' ')
        .split('\n')
        .map((line) => line.replace(/\s+#\s.*$/, '').trim())
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((command) => ({ guide, command })),
    ),
  );
}

const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string>; peerDependencies?: Record<string, string> };
const exists = (path: string) => existsSync(join(REPO_ROOT, path));
const helpOf = new Map<string, Promise<string>>();
const hubbotHelp = (command: string) => {
  if (!helpOf.has(command)) helpOf.set(command, runHubbot([command, '--help'], cleanEnv()).then((r) => `${r.stdout}${r.stderr}`));
  return helpOf.get(command)!;
};

/** What is wrong with one documented command, or undefined when everything it names is there. */
async function problemOf(command: string): Promise<string | undefined> {
  const words = command.split(/\s+/);
  const missing = (paths: string[]) => paths.filter((p) => !exists(p)).map((p) => `no file ${p}`)[0];
  let m: RegExpExecArray | null;
  if ((m = /^npx (mocha|eslint|tsx) (.+)$/.exec(command))) return missing(m[2]!.split(/\s+/).filter((w) => /\.(ts|js|mjs)$/.test(w)));
  if (/^npx tsc -p tsconfig\.json --noEmit$/.test(command)) return undefined;
  if ((m = /^npm run ([\w:-]+)(?: -- (\w+))?$/.exec(command))) {
    if (!packageJson.scripts[m[1]!]) return `no npm script ${m[1]}`;
    if (m[1] === 'bench' && m[2] && !readdirSync(join(REPO_ROOT, 'bench')).some((f) => f.endsWith('.bench.ts') && f.includes(m![2]!))) return `no bench module ${m[2]}`;
    return undefined;
  }
  if ((m = /^npm install (.+)$/.exec(command))) {
    const known = { ...packageJson.dependencies, ...packageJson.devDependencies, ...packageJson.peerDependencies };
    const unknown = m[1]!.split(/\s+/).filter((p) => p !== 'botbuilder-adapter-conversation-hub' && !(p in known));
    return unknown.length ? `packages this project does not know: ${unknown.join(', ')}` : undefined;
  }
  if ((m = /^npx hubbot (\w[\w-]*)(.*)$/.exec(command))) {
    const help = await hubbotHelp(m[1]!);
    if (!help.includes(`hubbot ${m[1]}`)) return `hubbot has no command ${m[1]}`;
    const flags = [...m[2]!.matchAll(/(--[\w-]+)/g)].map((f) => f[1]!).filter((f) => !help.includes(f));
    if (flags.length) return `hubbot ${m[1]} --help names no ${flags.join(', ')}`;
    return missing(m[2]!.split(/\s+/).filter((w) => /^(samples|bots|test)\/.*\.(ts|js)$/.test(w)));
  }
  if ((m = /^docker build -f (\S+)(.*) (\S+)$/.exec(command))) {
    if (!exists(m[1]!) || !exists(m[3]!)) return `no ${m[1]} or context ${m[3]}`;
    const dockerfile = readFileSync(join(REPO_ROOT, m[1]!), 'utf8');
    const args = [...m[2]!.matchAll(/--build-arg (\w+)=/g)].map((a) => a[1]!).filter((a) => !new RegExp(`^ARG ${a}\\b`, 'm').test(dockerfile));
    return args.length ? `${m[1]} declares no ARG ${args.join(', ')}` : undefined;
  }
  if ((m = /^npm pack --pack-destination (\S+)( && cp (\S+) (\S+))?$/.exec(command))) return missing([m[1]!, ...(m[3] ? [m[3], m[4]!] : [])]);
  if ((m = /^([A-Z][A-Z0-9_]+)=(\S+)$/.exec(command))) {
    try {
      loadConfig({ [m[1]!]: m[2]!, PLATFORM_BASE_URL: '', REDIS_URL: '' });
      return undefined;
    } catch (err) {
      return `the configuration refuses ${m[1]}=${m[2]}: ${(err as Error).message}`;
    }
  }
  if ((m = /^curl .*\/metrics \| grep (hubbot_\w+)$/.exec(command))) {
    const metrics = readFileSync(join(REPO_ROOT, 'src', 'observability', 'metrics.ts'), 'utf8');
    return metrics.includes(`'${m[1]}'`) ? undefined : `the server exports no metric ${m[1]}`;
  }
  if ((m = /^curl -s (?:-X (\w+) )?http:\/\/127\.0\.0\.1:4010(\/emulator\/\S+)(?: -H '([^']+)')?(?: -d '([^']+)')?$/.exec(command))) {
    // Sent to a running emulator as written; a placeholder id (<id>) must reach the route and be
    // refused as an unknown conversation, not as an unknown route or a bad body.
    const [, method = 'GET', path, header, body] = m;
    const placeholder = path!.includes('<');
    const res = await fetch(`${emulatorUrl()}${path!.replace(/<[^>]+>/g, 'no-such-id')}`, { method, headers: header ? { [header.split(':')[0]!]: header.split(':')[1]!.trim() } : {}, body });
    const text = await res.text();
    if (placeholder ? res.status === 404 && text.includes('no-such-id') : res.ok) return undefined;
    return `the emulator answered ${res.status}: ${text.slice(0, 200)}`;
  }
  if (/^(git diff|duplicates) /.test(command)) return undefined; // tools of the developer's own
  return `a command of no known kind: run it in a guide test, or say in this test what it names (${words[0]})`;
}

let emulator: RunningEmulator | undefined;
const emulatorUrl = () => emulator!.url;

describe('Commands of the guides no guide test pastes: everything they name exists', function () {
  this.timeout(120_000);
  before(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  after(() => emulator?.stop());

  it('every command of docs/*.md outside the guides run as pasted names files, scripts, flags, variables and metrics that exist', async () => {
    const commands = documentedCommands();
    expect(commands.length, 'commands found').to.be.above(15);
    const problems: string[] = [];
    for (const { guide, command } of commands) {
      const problem = await problemOf(command);
      if (problem) problems.push(`${guide}: ${command}: ${problem}`);
    }
    expect(problems).to.deep.equal([]);
  });

  it('the check fails on a renamed test file, an unknown flag, a bench module that is gone and a refused value', async () => {
    expect(await problemOf('npx mocha test/adapter/noSuchFile.test.ts')).to.match(/no file/);
    expect(await problemOf('npx hubbot replicas --counts 3')).to.match(/names no --counts/);
    expect(await problemOf('npm run bench -- noSuchModule')).to.match(/no bench module/);
    expect(await problemOf('CUSTOMER_DATA_REDACTION=cardz')).to.match(/refuses/);
    expect(await problemOf('rm -rf /')).to.match(/no known kind/);
    expect(await problemOf(`curl -s -X PUT http://127.0.0.1:4010/emulator/handover -H 'content-type: application/json' -d '{"outcom":"agent"}'`)).to.match(/answered 400/);
  });
});
