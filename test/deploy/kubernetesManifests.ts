/**
 * The Kubernetes objects of deploy/kubernetes/, read as kubectl would read them (every YAML
 * document of every file kustomization.yaml lists), and the Kubernetes model of each kind, whose
 * validate() checks an object against the Kubernetes OpenAPI schema (kubernetes-models).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import { REPO_ROOT } from './hubbotImage.js';

export const KUBERNETES_DIR = join(REPO_ROOT, 'deploy', 'kubernetes');

/** One object of the manifests: its file, and its content as parsed. */
export interface Manifest {
  file: string;
  object: { apiVersion: string; kind: string; metadata: { name: string }; [field: string]: unknown };
}

/** The model class of each apiVersion/kind the manifests use: its validate() throws on a schema error. */
export const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/** Validates `object` against the OpenAPI schema of its kind; throws naming what is wrong. */
export function validateObject(object: Manifest['object']): void {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`no model for ${object.apiVersion}/${object.kind}`);
  new Model(object as never).validate();
}

/** The files kustomization.yaml lists. */
export async function listedFiles(): Promise<string[]> {
  const [kustomization] = parseAllDocuments(await readFile(join(KUBERNETES_DIR, 'kustomization.yaml'), 'utf8'));
  return (kustomization.toJS() as { resources: string[] }).resources;
}

/** Every object of every listed file. */
export async function readManifests(): Promise<Manifest[]> {
  const out: Manifest[] = [];
  for (const file of await listedFiles()) {
    for (const doc of parseAllDocuments(await readFile(join(KUBERNETES_DIR, file), 'utf8'))) {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      out.push({ file, object: doc.toJS() as Manifest['object'] });
    }
  }
  return out;
}

/** The one object of `kind`. */
export function objectOf<T>(manifests: Manifest[], kind: string): T {
  const found = manifests.filter((m) => m.object.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0].object as T;
}

/** The Deployment's one container. */
export function botContainer(deployment: IDeployment) {
  const [container] = deployment.spec!.template.spec!.containers;
  return container;
}
