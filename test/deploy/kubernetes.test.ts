/**
 * [M4] The Kubernetes objects of deploy/kubernetes/: each validates against the Kubernetes
 * OpenAPI schema of its kind; the ConfigMap and Secret name exactly the variables loadConfig
 * reads and make a configuration a server starts with; the Deployment's probes, drain, resources
 * and the autoscaler's metric are the server's own.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { IConfigMap, ISecret, IService } from 'kubernetes-models/v1';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { configSchema, loadConfig } from '../../src/config/config.js';
import { serverConfigProblems } from '../../src/server/serverConfigProblems.js';
import { createMetrics } from '../../src/observability/metrics.js';
import { botContainer, KUBERNETES_DIR, objectOf, readManifests, validateObject, type Manifest } from './kubernetesManifests.js';
import { unknownFields } from './unknownFields.js';

/** Variables whose value is a credential (or may carry one, as a Redis URL with its password). */
const SECRET_NAME = /SECRET(S)?$|PASSWORD|SIGNING_KEYS?$|TOKEN$|^REDIS_URL$/;

describe('[M4] the Kubernetes objects (deploy/kubernetes/)', () => {
  let manifests: Manifest[];
  before(async () => {
    manifests = await readManifests();
  });

  it('[M4] every object validates against the Kubernetes OpenAPI schema of its kind', () => {
    const kinds = manifests.map((m) => m.object.kind).sort();
    expect(kinds).to.deep.equal(['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'NetworkPolicy', 'PodDisruptionBudget', 'Secret', 'Service']);
    for (const { file, object } of manifests) expect(() => validateObject(object), file).to.not.throw();
  });

  it('[M4] the schema check refuses a wrong type and a missing required field', () => {
    const deployment = structuredClone(objectOf<IDeployment>(manifests, 'Deployment')) as unknown as Manifest['object'] & { spec: Record<string, unknown> };
    expect(() => validateObject({ ...deployment, spec: { ...deployment.spec, replicas: 'two' } })).to.throw(/replicas/);
    const hpa = structuredClone(objectOf<IHorizontalPodAutoscaler>(manifests, 'HorizontalPodAutoscaler')) as unknown as Manifest['object'] & { spec: Record<string, unknown> };
    delete hpa.spec.scaleTargetRef;
    expect(() => validateObject(hpa)).to.throw(/scaleTargetRef/);
  });

  it('[M4] no object has a field its kind does not have (a typo is named, at any depth)', () => {
    expect(unknownFields(manifests)).to.deep.equal([]);
    const deployment = structuredClone(objectOf<IDeployment>(manifests, 'Deployment'));
    const container = botContainer(deployment) as unknown as Record<string, unknown>;
    container.readinessProbes = container.readinessProbe;
    const problems = unknownFields([{ file: 'deployment.yaml', object: deployment as unknown as Manifest['object'] }]);
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(/^deployment\.yaml Deployment: .*readinessProbes.* does not exist in type 'IContainer'/);
  });

  it('[M4] the ConfigMap and the Secret name every variable loadConfig reads, each once, secrets only in the Secret', () => {
    const config = Object.keys(objectOf<IConfigMap>(manifests, 'ConfigMap').data ?? {});
    const secret = Object.keys(objectOf<ISecret>(manifests, 'Secret').stringData ?? {});
    const variables = Object.keys(configSchema.shape);
    expect([...config, ...secret].sort()).to.deep.equal([...variables].sort());
    expect(config.filter((k) => secret.includes(k))).to.deep.equal([]);
    expect(config.filter((k) => SECRET_NAME.test(k))).to.deep.equal([]);
  });

  it('[M4] every ConfigMap and Secret value is a string for a YAML 1.1 reader too (kubectl, podman: a plain on or 10000 is not)', async () => {
    for (const file of ['configmap.yaml', 'secret.yaml']) {
      const [doc] = parseAllDocuments(await readFile(join(KUBERNETES_DIR, file), 'utf8'), { version: '1.1' });
      const { data, stringData } = doc.toJS() as { data?: Record<string, unknown>; stringData?: Record<string, unknown> };
      const values = Object.entries({ ...data, ...stringData });
      expect(values.length, file).to.be.greaterThan(5);
      for (const [key, value] of values) expect(typeof value, `${file}: ${key}`).to.equal('string');
    }
  });

  it('[M4] together they load, and a bot server has every variable it requires', () => {
    const env = { ...objectOf<IConfigMap>(manifests, 'ConfigMap').data, ...objectOf<ISecret>(manifests, 'Secret').stringData };
    const cfg = loadConfig(env);
    expect(serverConfigProblems(cfg, { listen: true, platformCredentials: true })).to.deep.equal([]);
    expect(cfg.REDIS_URL ?? cfg.REDIS_CLUSTER_NODES, 'replicas share one Redis').to.be.a('string');
    expect(cfg.BOT_HOST).to.equal('0.0.0.0');
    expect(cfg.LOG_FORMAT).to.equal('json');
  });

  it('[M4] the Deployment probes the server\'s own routes on its ports, and gives a drain more time than it takes', () => {
    const deployment = objectOf<IDeployment>(manifests, 'Deployment');
    const cfg = loadConfig({ ...objectOf<IConfigMap>(manifests, 'ConfigMap').data, ...objectOf<ISecret>(manifests, 'Secret').stringData });
    const container = botContainer(deployment);
    const ports = Object.fromEntries((container.ports ?? []).map((p) => [p.name, p.containerPort]));
    expect(ports).to.deep.equal({ http: cfg.BOT_PORT, operations: cfg.OPERATIONS_PORT });
    expect(container.readinessProbe?.httpGet).to.deep.include({ path: '/readyz', port: 'operations' });
    expect(container.livenessProbe?.httpGet).to.deep.include({ path: '/healthz', port: 'operations' });
    expect(container.envFrom?.map((e) => e.configMapRef?.name ?? e.secretRef?.name)).to.deep.equal(['hubbot-config', 'hubbot-secrets']);
    // The preStop pause, then SHUTDOWN_GRACE_MS for the turns under way, then closing: all within the grace.
    const pause = /setTimeout\(\(\) => \{\}, (\d+)\)/.exec(container.lifecycle?.preStop?.exec?.command?.join(' ') ?? '');
    expect(pause, 'a preStop pause').to.not.equal(null);
    const drainSeconds = Number(pause![1]) / 1000 + cfg.SHUTDOWN_GRACE_MS / 1000;
    expect(deployment.spec!.template.spec!.terminationGracePeriodSeconds).to.be.greaterThan(drainSeconds + 5);
    expect(container.resources?.requests).to.have.keys('cpu', 'memory');
    expect(container.resources?.limits).to.have.key('memory');
    expect(deployment.spec!.template.spec!.securityContext).to.deep.include({ runAsNonRoot: true, runAsUser: 1000 });
  });

  it('[M4] the autoscaler reads the inbox depth the bot exports; the budget, the Service and the policy select the bot\'s pods', async () => {
    const hpa = objectOf<IHorizontalPodAutoscaler>(manifests, 'HorizontalPodAutoscaler');
    const external = hpa.spec!.metrics!.find((m) => m.type === 'External')!.external!;
    const exported = (await createMetrics({ defaultMetrics: false }).registry.getMetricsAsJSON()).find((m) => m.name === external.metric.name);
    expect(exported, external.metric.name).to.not.equal(undefined);
    expect(exported!.type).to.equal('gauge');
    expect(external.metric.selector?.matchLabels).to.deep.equal({ queue: 'inbox' });
    expect(hpa.spec!.scaleTargetRef).to.deep.include({ kind: 'Deployment', name: objectOf<IDeployment>(manifests, 'Deployment').metadata!.name });
    const podLabels = objectOf<IDeployment>(manifests, 'Deployment').spec!.template.metadata!.labels!;
    const selects = (labels: Record<string, string> | undefined) => Object.entries(labels ?? {}).every(([k, v]) => podLabels[k] === v) && Object.keys(labels ?? {}).length > 0;
    expect(selects(objectOf<IPodDisruptionBudget>(manifests, 'PodDisruptionBudget').spec!.selector!.matchLabels)).to.equal(true);
    expect(selects(objectOf<IService>(manifests, 'Service').spec!.selector)).to.equal(true);
    const policy = objectOf<INetworkPolicy>(manifests, 'NetworkPolicy');
    expect(selects(policy.spec!.podSelector.matchLabels)).to.equal(true);
    expect(policy.spec!.ingress!.flatMap((r) => r.ports ?? []).map((p) => p.port)).to.include('http');
  });
});
