/**
 * The setup description: what a contact center writes once to put the bot on a hub.
 * One JSON file naming the six resources of spec section 1, in order. Secrets are never in the
 * file: the bot's client id and secret are read from environment variables it names, when
 * the authentication payload is built.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { headerPairSchema } from '../schemas/authentication.js';
import { isSupportedJsonPath } from '../jsonpath/jsonPathSubset.js';

const name = z.string().min(1, 'a non-empty name');

export const setupDescriptionSchema = z.strictObject({
  authentication: z.strictObject({
    name,
    /** Where the hub asks for a token to call the bot (usually the bot's own /oauth/token). */
    tokenRequestUrl: z.url(),
    method: z.enum(['POST', 'GET', 'PUT']).default('POST'),
    headers: z.array(headerPairSchema).default([{ name: 'Content-Type', value: 'application/json' }]),
    clientIdEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name').default('BOT_CLIENT_ID'),
    clientSecretEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name').default('BOT_CLIENT_SECRET'),
    accessTokenPath: z.string().refine(isSupportedJsonPath, "a JSONPath using only $, .name, ['name'] and [n]").default('$.access_token'),
  }),
  clientApplication: z.strictObject({
    name,
    description: z.string().optional(),
    callbackUrl: z.url(),
    notificationEmail: z.email().optional(),
    roleVersion: z.enum(['v1', 'v3']).default('v3'),
  }),
  participant: z.strictObject({ name, type: z.literal('custom_bot').default('custom_bot') }),
  channel: z.strictObject({ name, type: z.string().min(1).default('chat') }),
  orchestration: z.strictObject({ name, agentId: z.string().optional() }),
  account: z.strictObject({
    name,
    address: z.string().min(1),
    timeout: z.number().int().positive().default(600),
    defaultLanguage: z.string().default('en-US'),
    entryPointId: z.string().optional(),
  }),
});

/**
 * A setup description: the resources that put a bot on a hub (authentication, client application,
 * participant, channel, orchestration, account), by name and settings, as `hubbot provision` reads
 * them from a JSON file.
 */
export type SetupDescription = z.infer<typeof setupDescriptionSchema>;

/**
 * Thrown when a setup description cannot be read or does not fit the schema; its message lists
 * every problem.
 */
export class SetupFileError extends Error {
  /** The file (or the name given to `parseSetupDescription`) that is not valid. */
  readonly file: string;
  /** Each problem, with the path of the field it is about. */
  readonly problems: string[];

  /**
   * @param file - the file or name of the description
   * @param problems - each problem found
   */
  constructor(file: string, problems: string[]) {
    super(`${file} is not a valid setup description:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SetupFileError';
    this.file = file;
    this.problems = problems;
  }
}

/**
 * Validates a parsed setup description, naming every problem with its path.
 *
 * @param doc - the description, e.g. parsed from JSON
 * @param file - how errors name it; default `setup description`
 * @returns the description, typed
 * @throws SetupFileError listing every problem
 */
export function parseSetupDescription(doc: unknown, file = 'setup description'): SetupDescription {
  const parsed = setupDescriptionSchema.safeParse(doc);
  if (parsed.success) return parsed.data;
  throw new SetupFileError(file, parsed.error.issues.map(describeIssue));
}

type Issue = z.core.$ZodIssue;

/** One problem as an operator fixes it: a mistyped key named with the keys allowed there, a missing section called missing. */
function describeIssue(issue: Issue): string {
  const where = issue.path.join('.') || '(top level)';
  if (issue.code === 'unrecognized_keys') {
    const allowed = keysAt(issue.path);
    const keys = issue.keys.map((k) => JSON.stringify(k)).join(', ');
    return `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${allowed ? ` (allowed: ${allowed.join(', ')})` : ''}`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${where}: missing`;
  return `${where}: ${issue.message}`;
}

function keysAt(path: PropertyKey[]): string[] | undefined {
  if (path.length === 0) return Object.keys(setupDescriptionSchema.shape);
  const section = setupDescriptionSchema.shape[path[0] as keyof SetupDescription] as { shape?: object } | undefined;
  return path.length === 1 && section?.shape ? Object.keys(section.shape) : undefined;
}

const READ_ERRORS: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'it is a directory' };

/**
 * Reads and validates a setup description from a JSON file.
 *
 * @param file - the file's path
 * @throws SetupFileError when the file cannot be read, is not JSON, or does not fit the schema
 */
export async function loadSetupFile(file: string): Promise<SetupDescription> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new SetupFileError(file, [`cannot be read: ${READ_ERRORS[code] ?? 'read error'} (${code})`]);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new SetupFileError(file, [`is not JSON: ${(err as Error).message}`]);
  }
  return parseSetupDescription(doc, file);
}
