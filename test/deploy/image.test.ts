/**
 * [M3] deploy/Dockerfile: linted, then built with podman from the packed package on a base made
 * on this machine, and run on the host's network against the emulator: the container answers its
 * health route and a customer, and stops cleanly on SIGTERM. Slow (vfs storage copies every
 * layer): the build takes minutes the first time, so its timeouts are generous.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { dockerfileProblems } from './dockerfileRules.js';
import { DOCKERFILE, hubbotImage, PACKAGE_LOCK } from './hubbotImage.js';
import { podman, podmanOk } from './podman.js';
import { customerIsAnswered, startEmulatorForContainer, waitUntilAnswering, type EmulatorForContainer } from './emulatorForContainer.js';

const HEALTH_PATH = '/healthz';

describe('[M3] the container image (deploy/Dockerfile)', function () {
  it('[M3] keeps the image rules: lint-clean, multi-stage on a Node 20 base argument, production dependencies only at the lock\'s versions, non-root, health check, node as PID 1', async () => {
    expect(dockerfileProblems(await readFile(DOCKERFILE, 'utf8'), HEALTH_PATH)).to.deep.equal([]);
  });

  it('[M3] the rule check finds a root user, a shell-form entry point, dev dependencies, a source copy, npm install and a missing lock', async () => {
    const good = await readFile(DOCKERFILE, 'utf8');
    const bad = good
      .replace('USER 1000:1000', 'USER root')
      .replace(/ENTRYPOINT \[.*\]/, 'ENTRYPOINT node /app/bin/hubbot.js')
      .replace('"--omit=dev", ', '')
      .replace('COPY ${PACKAGE} /tmp/hubbot.tgz', 'COPY . /tmp/src')
      .replace(/^COPY package-lock\.json .*$/m, '');
    const problems = dockerfileProblems(bad, HEALTH_PATH).join('\n');
    for (const rule of ['non-root', 'signals', 'dependencies: the build stage runs npm ci --omit=dev', 'never the source tree', 'lock: the build stage copies package-lock.json']) {
      expect(problems).to.contain(rule);
    }
    const install = dockerfileProblems(good.replace('"npm", "ci"', '"npm", "install"'), HEALTH_PATH).join('\n');
    expect(install).to.contain('no npm install or npm update');
  });

  describe('built and run with podman', function () {
    this.timeout(30 * 60_000);
    let platform: EmulatorForContainer;
    let image: string;
    const name = `hubbot-m3-${process.pid}`;

    before(async () => {
      image = await hubbotImage();
      platform = await startEmulatorForContainer('m3');
      const env = Object.entries(platform.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
      await podman(['rm', '--force', name]);
      await podmanOk(['run', '--detach', '--name', name, '--network', 'host', ...env, image], { timeoutMs: 15 * 60_000 });
    });

    after(async () => {
      await podman(['rm', '--force', '--time', '0', name]);
      await platform?.stop();
    });

    it('[M3] the image runs as a non-root user and declares the health check', async () => {
      const [inspected] = JSON.parse(await podmanOk(['image', 'inspect', image])) as { Config: { User: string }; Healthcheck?: { Test: string[] } }[];
      expect(inspected.Config.User).to.match(/^[1-9]\d*:\d+$/);
      expect(inspected.Healthcheck?.Test.join(' ')).to.contain(HEALTH_PATH);
    });

    it('[M3] the container answers its health route, its health check passes, and a customer is answered through the emulator', async () => {
      await waitUntilAnswering(`${platform.botUrl}${HEALTH_PATH}`, 5 * 60_000);
      const ready = await waitUntilAnswering(`${platform.botUrl}/readyz`, 60_000);
      expect(((await ready.json()) as { checks: { name: string }[] }).checks.map((c) => c.name)).to.include('redis');
      const check = await podman(['healthcheck', 'run', name], { timeoutMs: 120_000 });
      expect(check.code, check.stderr).to.equal(0);
      await customerIsAnswered(platform.emulator.url);
    });

    it('[M3] its run-time layer holds the package with production dependencies only, and no source', async () => {
      const listing = await podmanOk([
        'exec', name, 'node', '-e',
        `const fs = require('fs');
         const ts = fs.readdirSync('/app', { recursive: true }).filter((f) => !f.startsWith('node_modules/') && /\\.ts$/.test(f) && !/\\.d\\.ts$/.test(f));
         console.log(JSON.stringify({ modules: fs.readdirSync('/app/node_modules'), top: fs.readdirSync('/app'), ts, uid: process.getuid() }))`,
      ]);
      const { modules, top, ts, uid } = JSON.parse(listing) as { modules: string[]; top: string[]; ts: string[]; uid: number };
      const own = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string>; dependencies: Record<string, string> };
      for (const dep of Object.keys(own.dependencies)) expect(modules).to.include(dep.split('/')[0]);
      // The package's peer, needed at run time although the lock also knows it as a devDependency.
      expect(modules).to.include('botbuilder-core');
      for (const dev of ['tsx', 'typescript', 'mocha', 'eslint', 'playwright-core']) expect(modules, dev).to.not.include(dev);
      for (const source of ['src', 'cli', 'test', 'tsconfig.json']) expect(top, source).to.not.include(source);
      expect(ts).to.deep.equal([]);
      expect(uid).to.equal(1000);
    });

    it('[M3] every installed dependency has the version package-lock.json gives it at the same place, and package.json is the packed one', async () => {
      const lock = JSON.parse(await readFile(PACKAGE_LOCK, 'utf8')) as { packages: Record<string, { version?: string }> };
      // What npm ci installed, as read from each package's own package.json in the image.
      const installed = JSON.parse(
        await podmanOk([
          'exec', name, 'node', '-e',
          `const fs = require('fs'); const found = {};
           const walk = (dir) => { for (const e of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
             if (e.startsWith('.')) continue;
             const names = e.startsWith('@') ? fs.readdirSync(dir + '/' + e).map((n) => e + '/' + n) : [e];
             for (const n of names) { const at = dir + '/' + n; found[at.slice('/app/'.length)] = JSON.parse(fs.readFileSync(at + '/package.json', 'utf8')).version; walk(at + '/node_modules'); } } };
           walk('/app/node_modules'); console.log(JSON.stringify({ found, pkg: fs.readFileSync('/app/package.json', 'utf8') }));`,
        ]),
      ) as { found: Record<string, string>; pkg: string };
      for (const dep of ['restify', 'redis', 'pino', 'botbuilder-core']) {
        expect(installed.found[`node_modules/${dep}`], dep).to.be.a('string').and.equal(lock.packages[`node_modules/${dep}`]?.version);
      }
      const differing = Object.entries(installed.found).filter(([at, version]) => lock.packages[at]?.version !== version);
      expect(differing, 'installed at a version or place the lock does not give').to.deep.equal([]);
      expect(installed.pkg).to.equal(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    });

    it('[M3] SIGTERM reaches node as PID 1: the container drains and exits 0 well before podman would kill it', async () => {
      await podmanOk(['stop', '--time', '120', name], { timeoutMs: 180_000 });
      const state = JSON.parse(await podmanOk(['inspect', '--format', '{{json .State}}', name])) as { ExitCode: number };
      // 137 would be SIGKILL after the 120 s: the signal was not handled.
      expect(state.ExitCode).to.equal(0);
    });
  });
});
