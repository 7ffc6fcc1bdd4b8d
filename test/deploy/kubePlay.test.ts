/**
 * [M4] The Deployment of deploy/kubernetes/ played with `podman kube play`, with its ConfigMap
 * and its Secret, on the image of deploy/Dockerfile, against the emulator on the host: the pod
 * answers its probes' routes and a customer. What the test changes of the objects is only what
 * ties them to this machine: the image tag, the platform's addresses and credentials, free
 * ports (named ports become numbers: podman maps no port on the host's network), a local Redis,
 * the host's network, one replica. Slow: see image.test.ts.
 */
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { IConfigMap, ISecret } from 'kubernetes-models/v1';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import { hubbotImage } from './hubbotImage.js';
import { podman, podmanOk } from './podman.js';
import { botContainer, objectOf, readManifests } from './kubernetesManifests.js';
import { customerIsAnswered, freePort, startEmulatorForContainer, waitUntilAnswering, type EmulatorForContainer } from './emulatorForContainer.js';

/** Podman 4 reads a Secret of `envFrom` from its own secret store: a JSON map of base64 values. */
function podmanSecretContent(data: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])));
}

describe('[M4] the Deployment played with podman kube play', function () {
  this.timeout(30 * 60_000);
  let platform: EmulatorForContainer;
  let dir: string;
  let deploymentFile: string;
  let secretName: string;
  let operationsUrl: string;

  before(async () => {
    const image = await hubbotImage();
    platform = await startEmulatorForContainer('m4');
    const manifests = await readManifests();
    const configMap = structuredClone(objectOf<IConfigMap>(manifests, 'ConfigMap'));
    const secret = structuredClone(objectOf<ISecret>(manifests, 'Secret'));
    const deployment = structuredClone(objectOf<IDeployment>(manifests, 'Deployment'));
    const operationsPort = await freePort();
    operationsUrl = `http://127.0.0.1:${operationsPort}`;
    // The platform's variables go where the manifests keep them: secrets in the Secret.
    const here = { ...platform.env, OPERATIONS_PORT: String(operationsPort), REDIS_TLS: 'false', REDIS_USERNAME: '', REDIS_PASSWORD: '', TRUSTED_PROXIES: '' };
    for (const [key, value] of Object.entries(here)) {
      if (key in (secret.stringData ?? {})) secret.stringData![key] = value;
      else if (key in (configMap.data ?? {})) configMap.data![key] = value;
      else throw new Error(`${key} is in neither the ConfigMap nor the Secret`);
    }
    secretName = `${secret.metadata!.name}-${process.pid}`;
    for (const from of botContainer(deployment).envFrom ?? []) if (from.secretRef) from.secretRef.name = secretName;
    deployment.metadata!.name = `hubbot-m4-${process.pid}`;
    deployment.spec!.replicas = 1;
    deployment.spec!.template.spec!.hostNetwork = true;
    const container = botContainer(deployment);
    container.image = image;
    // On the host's network podman refuses port mappings, which it makes of containerPort: the
    // ports go, and the probes name the operations port by number instead of by name.
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
      if (probe?.httpGet?.port === 'operations') probe.httpGet.port = operationsPort;
    }
    delete container.ports;

    dir = await mkdtemp(join(tmpdir(), 'hubbot-kube-'));
    deploymentFile = join(dir, 'deployment.yaml');
    // Every string quoted: podman reads YAML 1.1, where a plain `on` or `off` is a boolean.
    const yaml11Safe = { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' } as const;
    await writeFile(deploymentFile, stringify(deployment, yaml11Safe));
    await writeFile(join(dir, 'configmap.yaml'), stringify(configMap, yaml11Safe));
    await writeFile(join(dir, 'secret.json'), podmanSecretContent(Object.fromEntries(Object.entries(secret.stringData ?? {}).filter(([, v]) => v !== ''))));
    await podman(['secret', 'rm', secretName]);
    await podmanOk(['secret', 'create', secretName, join(dir, 'secret.json')]);
    await podmanOk(['kube', 'play', '--network', 'host', '--configmap', join(dir, 'configmap.yaml'), deploymentFile], { timeoutMs: 15 * 60_000 });
  });

  after(async () => {
    if (deploymentFile) await podman(['kube', 'down', deploymentFile], { timeoutMs: 120_000 });
    if (secretName) await podman(['secret', 'rm', secretName]);
    if (dir) await rm(dir, { recursive: true, force: true });
    await platform?.stop();
  });

  it('[M4] the pod answers its liveness and readiness routes on the operations port, not on the public one', async () => {
    await waitUntilAnswering(`${operationsUrl}/healthz`, 5 * 60_000);
    const ready = await waitUntilAnswering(`${operationsUrl}/readyz`, 60_000);
    expect(((await ready.json()) as { status: string }).status).to.equal('ready');
    expect((await fetch(`${platform.botUrl}/healthz`)).status).to.equal(404);
  });

  it('[M4] a customer is answered through the emulator by the pod', async () => {
    await waitUntilAnswering(`${operationsUrl}/readyz`, 5 * 60_000);
    await customerIsAnswered(platform.emulator.url);
  });
});
