/**
 * [M3] deploy/Dockerfile: linted, then built with podman from the packed package on a base made
 * on this machine, and run on the host's network against the emulator: the container answers its
 * health route and a customer, and stops cleanly on SIGTERM. Slow (vfs storage copies every
 * layer): the build takes minutes the first time, so its timeouts are generous.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { dockerfileProblems } from './dockerfileRules.js';
import { DOCKERFILE, hubbotImage } from './hubbotImage.js';
import { podman, podmanOk } from './podman.js';
import { customerIsAnswered, startEmulatorForContainer, waitUntilAnswering, type EmulatorForContainer } from './emulatorForContainer.js';

const HEALTH_PATH = '/healthz';

describe('[M3] the container image (deploy/Dockerfile)', function () {
  it('[M3] keeps the image rules: lint-clean, multi-stage on a Node 20 base argument, production dependencies only, non-root, health check, node as PID 1', async () => {
    expect(dockerfileProblems(await readFile(DOCKERFILE, 'utf8'), HEALTH_PATH)).to.deep.equal([]);
  });

  it('[M3] the rule check finds a root user, a shell-form entry point, dev dependencies and a source copy', async () => {
    const good = await readFile(DOCKERFILE, 'utf8');
    const bad = good
      .replace('USER 1000:1000', 'USER root')
      .replace(/ENTRYPOINT \[.*\]/, 'ENTRYPOINT node /app/node_modules/botbuilder-adapter-conversation-hub/bin/hubbot.js')
      .replace('"--omit=dev", ', '')
      .replace('COPY ${PACKAGE} /tmp/hubbot.tgz', 'COPY . /tmp/src');
    const problems = dockerfileProblems(bad, HEALTH_PATH).join('\n');
    for (const rule of ['non-root', 'signals', 'dependencies: the build stage runs npm install --omit=dev', 'never the source tree']) expect(problems).to.contain(rule);
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
        `const fs = require('fs'); const pkg = '/app/node_modules/botbuilder-adapter-conversation-hub';
         console.log(JSON.stringify({ modules: fs.readdirSync('/app/node_modules'), ts: fs.readdirSync(pkg, { recursive: true }).filter((f) => /\\.ts$/.test(f) && !/\\.d\\.ts$/.test(f)), uid: process.getuid() }))`,
      ]);
      const { modules, ts, uid } = JSON.parse(listing) as { modules: string[]; ts: string[]; uid: number };
      const own = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string>; dependencies: Record<string, string> };
      for (const dep of Object.keys(own.dependencies)) expect(modules).to.include(dep.split('/')[0]);
      for (const dev of ['tsx', 'typescript', 'mocha', 'eslint', 'playwright-core']) expect(modules, dev).to.not.include(dev);
      expect(ts).to.deep.equal([]);
      expect(uid).to.equal(1000);
    });

    it('[M3] SIGTERM reaches node as PID 1: the container drains and exits 0 well before podman would kill it', async () => {
      await podmanOk(['stop', '--time', '120', name], { timeoutMs: 180_000 });
      const state = JSON.parse(await podmanOk(['inspect', '--format', '{{json .State}}', name])) as { ExitCode: number };
      // 137 would be SIGKILL after the 120 s: the signal was not handled.
      expect(state.ExitCode).to.equal(0);
    });
  });
});
