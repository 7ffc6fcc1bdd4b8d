/**
 * Reads the sample knowledge from a data directory (`portals.json` and `casebases/*.json`),
 * each file checked by its zod schema, then the whole checked for cross-references. A mistake
 * stops the emulator at start with one line per problem naming the file and the JSON path,
 * for example `casebases/printer.json: cases[2].conditions[0].questionId: no question 2099`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { formatIssuePath } from '../../../schemas/guidedHelp.js';
import { casebaseFileSchema, portalsFileSchema, type CasebaseData, type PortalData } from './knowledgeSchema.js';
import { crossReferenceProblems } from './knowledgeReferences.js';

/** The shipped sample data. */
export const DEFAULT_KNOWLEDGE_DIR = fileURLToPath(new URL('../data', import.meta.url));

export class KnowledgeDataError extends Error {
  constructor(readonly problems: string[]) {
    super(`Knowledge data is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'KnowledgeDataError';
  }
}

export interface KnowledgeData {
  portals: PortalData[];
  casebases: CasebaseData[];
}

function readJson(dir: string, file: string, problems: string[]): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (err) {
    problems.push(`${file}: ${err instanceof SyntaxError ? `not valid JSON (${err.message})` : 'cannot be read'}`);
    return undefined;
  }
}

function parseFile<S extends z.ZodType>(schema: S, raw: unknown, file: string, problems: string[]): z.output<S> | undefined {
  if (raw === undefined) return undefined;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) problems.push(`${file}: ${formatIssuePath(issue.path)}: ${issue.message}`);
  return undefined;
}

/** Loads and checks the data in `dir`; throws KnowledgeDataError listing every problem. */
export function loadKnowledge(dir: string = DEFAULT_KNOWLEDGE_DIR): KnowledgeData {
  const problems: string[] = [];
  const portalsFile = parseFile(portalsFileSchema, readJson(dir, 'portals.json', problems), 'portals.json', problems);
  const casebaseDir = join(dir, 'casebases');
  let files: string[] = [];
  try {
    files = readdirSync(casebaseDir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    problems.push('casebases/: directory cannot be read');
  }
  const casebases: { file: string; data: CasebaseData }[] = [];
  for (const f of files) {
    const file = relative(dir, join(casebaseDir, f)).split('\\').join('/');
    const data = parseFile(casebaseFileSchema, readJson(dir, file, problems), file, problems);
    if (data) casebases.push({ file, data });
  }
  if (portalsFile) problems.push(...crossReferenceProblems(portalsFile.portals, casebases));
  if (problems.length > 0 || !portalsFile) throw new KnowledgeDataError(problems);
  return { portals: portalsFile.portals, casebases: casebases.map((c) => c.data) };
}
