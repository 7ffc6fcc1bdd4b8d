/**
 * Provisioning: create the six resources in the order of spec section 1, wiring each
 * id into the next (C3); idempotent by name (an existing resource is updated only when it
 * differs); stop at the first failure, saying which step failed with the platform's code and
 * message and what was already done, so a rerun continues. Teardown deletes in reverse order
 * and reports a refusal because a resource is still in use (C4) plainly.
 */
import { PlatformError } from '../errors/platformError.js';
import type { ConversationManagerClient } from '../platform/conversation/conversationManagerClient.js';
import type { ResourceClient } from '../platform/conversation/resourceClient.js';
import { desiredBody, fieldDifferences, nameOf, SETUP_STEPS, type FieldDifference, type SetupStep, type StepIds } from './desiredResources.js';
import type { SetupDescription } from './setupDescription.js';

export type StepAction = 'created' | 'updated' | 'unchanged' | 'would create' | 'would update' | 'deleted' | 'absent' | 'exists' | 'equal' | 'different' | 'failed';

export interface StepReport {
  step: SetupStep;
  name: string;
  action: StepAction;
  id?: string;
  error?: { code: string; message: string; status: number };
  /** status, 'different': the fields the hub holds otherwise (O3). */
  differences?: FieldDifference[];
  /** Why the resource could not be compared (status, 'different'), or what was not compared (a masked secret). */
  note?: string;
}

export interface ProvisionOptions {
  env?: Record<string, string | undefined>;
  dryRun?: boolean;
  /**
   * Send a secret the hub reads back masked again even though nothing else differs (a rotated
   * client secret): masked, it cannot be compared, so without this the resource is left as is
   * and its step says so.
   */
  resendSecrets?: boolean;
  /** Called once per step as it completes: the command prints a line from it. */
  onStep?: (report: StepReport) => void;
}

/**
 * Thrown by `provision` when the platform refuses a step: which step failed and which were done
 * before it, so an operator can fix the description and run again (steps already done are found and
 * kept) or tear down.
 */
export class ProvisioningError extends Error {
  /** The step the platform refused, with its error. */
  readonly failed: StepReport;
  /** The steps that succeeded before it, in order: what `teardown` would undo. */
  readonly done: StepReport[];

  /**
   * @param failed - the step that failed
   * @param done - the steps done before it
   */
  constructor(failed: StepReport, done: StepReport[]) {
    super(`${failed.step} "${failed.name}" failed: ${failed.error?.code} ${failed.error?.message}`);
    this.name = 'ProvisioningError';
    this.failed = failed;
    this.done = done;
  }
}

type AnyResource = ResourceClient<{ id?: string; name?: string } & Record<string, unknown>, never>;

function clientFor(client: ConversationManagerClient, step: SetupStep): AnyResource {
  const map: Record<SetupStep, unknown> = {
    authentication: client.authentications,
    clientApplication: client.clientApplications,
    participant: client.participants,
    channel: client.channels,
    orchestration: client.orchestrations,
    account: client.accounts,
  };
  return map[step] as AnyResource;
}

async function findByName(resource: AnyResource, name: string) {
  const list = await resource.list();
  return list.items.find((item) => item.name === name);
}

function errorOf(err: unknown): StepReport['error'] {
  if (err instanceof PlatformError) return { code: err.code, message: err.developerMessage, status: err.status };
  return { code: '000-000', message: err instanceof Error ? err.message : String(err), status: 0 };
}

/** Creates or updates each resource in order; returns one report per step and the ids. */
export async function provision(client: ConversationManagerClient, d: SetupDescription, opts: ProvisionOptions = {}): Promise<{ steps: StepReport[]; ids: StepIds }> {
  const env = opts.env ?? process.env;
  const ids: StepIds = {};
  const steps: StepReport[] = [];
  for (const step of SETUP_STEPS) {
    const name = nameOf(step, d);
    const resource = clientFor(client, step);
    let report: StepReport;
    try {
      const body = desiredBody(step, d, ids, env);
      const existing = await findByName(resource, name);
      const masked: string[] = [];
      const differs = existing?.id ? fieldDifferences(body, existing, '', masked).length > 0 : true;
      const resend = masked.length > 0 && opts.resendSecrets === true;
      if (!existing?.id) {
        if (opts.dryRun) report = { step, name, action: 'would create' };
        else report = { step, name, action: 'created', id: (await resource.create(body as never)).id };
      } else if (!differs && !resend) {
        report = { step, name, action: 'unchanged', id: existing.id, ...(masked.length ? { note: maskedNote(masked) } : {}) };
      } else if (opts.dryRun) {
        report = { step, name, action: 'would update', id: existing.id, ...(differs ? {} : { note: `${masked.join(', ')} sent again (--resend-secrets)` }) };
      } else {
        // The authentication's PUT carries `modified` (2.1); harmless for the others.
        await resource.update(existing.id, { ...body, ...(existing.modified ? { modified: existing.modified } : {}) } as never);
        report = { step, name, action: 'updated', id: existing.id, ...(differs ? {} : { note: `${masked.join(', ')} sent again (--resend-secrets)` }) };
      }
    } catch (err) {
      const failed: StepReport = { step, name, action: 'failed', error: errorOf(err) };
      opts.onStep?.(failed);
      throw new ProvisioningError(failed, steps);
    }
    if (report.id) ids[step] = report.id;
    steps.push(report);
    opts.onStep?.(report);
  }
  return { steps, ids };
}

/** Deletes in reverse order; a refusal (e.g. still in use, C4) stops and is reported. */
export async function teardown(client: ConversationManagerClient, d: SetupDescription, opts: Pick<ProvisionOptions, 'onStep' | 'dryRun'> = {}): Promise<StepReport[]> {
  const steps: StepReport[] = [];
  for (const step of [...SETUP_STEPS].reverse()) {
    const name = nameOf(step, d);
    const resource = clientFor(client, step);
    let report: StepReport;
    try {
      const existing = await findByName(resource, name);
      if (!existing?.id) report = { step, name, action: 'absent' };
      else if (opts.dryRun) report = { step, name, action: 'exists', id: existing.id };
      else {
        await resource.delete(existing.id);
        report = { step, name, action: 'deleted', id: existing.id };
      }
    } catch (err) {
      const failed: StepReport = { step, name, action: 'failed', error: errorOf(err) };
      opts.onStep?.(failed);
      throw new ProvisioningError(failed, steps);
    }
    steps.push(report);
    opts.onStep?.(report);
  }
  return steps;
}

/**
 * What exists on the platform for this description (O3): per resource, absent, equal, or
 * different with the fields that differ.
 */
export async function status(client: ConversationManagerClient, d: SetupDescription, opts: Pick<ProvisionOptions, 'env'> = {}): Promise<StepReport[]> {
  const env = opts.env ?? process.env;
  const ids: StepIds = {};
  const steps: StepReport[] = [];
  for (const step of SETUP_STEPS) {
    const name = nameOf(step, d);
    const existing = await findByName(clientFor(client, step), name);
    if (!existing?.id) {
      steps.push({ step, name, action: 'absent' });
      continue;
    }
    ids[step] = existing.id;
    let desired: Record<string, unknown>;
    try {
      desired = desiredBody(step, d, ids, env);
    } catch (err) {
      // e.g. the secret is not in this environment: cannot tell, so it is not called equal.
      steps.push({ step, name, action: 'different', id: existing.id, note: `cannot compare: ${errorOf(err)?.message}` });
      continue;
    }
    const masked: string[] = [];
    const differences = fieldDifferences(desired, existing, '', masked);
    if (differences.length) steps.push({ step, name, action: 'different', id: existing.id, differences });
    else steps.push({ step, name, action: 'equal', id: existing.id, ...(masked.length ? { note: maskedNote(masked) } : {}) });
  }
  return steps;
}

/** What an operator is told of a secret the hub masks: equal as far as can be told, not compared. */
function maskedNote(paths: string[]): string {
  return `${paths.join(', ')} read back masked by the hub, not compared (a rotated secret: provision --resend-secrets)`;
}

const MARKS: Partial<Record<StepAction, string>> = { unchanged: '=', exists: '=', equal: '=', absent: '-', different: '≠', 'would create': '+', 'would update': '~' };

/** One progress line per step, as the commands print them; a difference names its fields (O3). */
export function formatStep(r: StepReport): string {
  const label = `${r.step.padEnd(17)} ${JSON.stringify(r.name)}`;
  if (r.error) return `✗ ${label} failed: ${r.error.code} ${r.error.message}`;
  const line = `${MARKS[r.action] ?? '✓'} ${label} ${r.action}${r.id ? ` (id ${r.id})` : ''}`;
  if (r.note) return `${line}: ${r.note}`;
  if (!r.differences?.length) return line;
  return `${line}: ${r.differences.map(formatDifference).join('; ')}`;
}

/** Values are shown unless the field could hold a secret. */
function formatDifference(f: FieldDifference): string {
  if (/secret|password|payload/i.test(f.path)) return `${f.path} differs`; // the payload carries the client secret
  return `${f.path} is ${shown(f.actual)}, wanted ${shown(f.desired)}`;
}

function shown(v: unknown): string {
  if (v === undefined) return 'missing';
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
