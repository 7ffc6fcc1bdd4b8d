/**
 * Fields of a Kubernetes object that its kind does not have (a typo such as `readinessProbes`),
 * which kubernetes-models' validate() lets through (its schemas allow additional properties) and
 * the API server would drop or refuse. Checked by the TypeScript compiler: each object is written
 * as an object literal typed with its kind's interface from kubernetes-models, whose excess
 * property check names every unknown field at any depth, as `kubectl --validate=strict` does.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './hubbotImage.js';
import type { Manifest } from './kubernetesManifests.js';

/** Where the interface of each apiVersion/kind is, and its name. */
const INTERFACES: Record<string, [module: string, name: string]> = {
  'v1/ConfigMap': ['kubernetes-models/v1', 'IConfigMap'],
  'v1/Secret': ['kubernetes-models/v1', 'ISecret'],
  'v1/Service': ['kubernetes-models/v1', 'IService'],
  'apps/v1/Deployment': ['kubernetes-models/apps/v1', 'IDeployment'],
  'autoscaling/v2/HorizontalPodAutoscaler': ['kubernetes-models/autoscaling/v2', 'IHorizontalPodAutoscaler'],
  'policy/v1/PodDisruptionBudget': ['kubernetes-models/policy/v1', 'IPodDisruptionBudget'],
  'networking.k8s.io/v1/NetworkPolicy': ['kubernetes-models/networking.k8s.io/v1', 'INetworkPolicy'],
};

/** One line per unknown field: the object, and the compiler's words naming the field. */
export function unknownFields(objects: Manifest[]): string[] {
  // A file of no disk, beside the tests, so the compiler resolves kubernetes-models from here.
  const file = join(REPO_ROOT, 'test', 'deploy', '__manifests__.ts');
  const lines = objects.map(({ object }, i) => {
    const found = INTERFACES[`${object.apiVersion}/${object.kind}`];
    if (!found) throw new Error(`no interface for ${object.apiVersion}/${object.kind}`);
    return `import type { ${found[1]} as T${i} } from '${found[0]}';\nexport const o${i}: T${i} = ${JSON.stringify(object)};`;
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => (name === file ? source : read(name));
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || exists(name);
  const getSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (name === file ? ts.createSourceFile(name, source, lang) : getSource(name, lang, ...rest));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const object = objects[Math.floor(line / 2)];
    return `${object ? `${object.file} ${object.object.kind}` : 'manifests'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}
