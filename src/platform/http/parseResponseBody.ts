/**
 * Reads a platform answer tolerantly (rules R1-R3 of docs/platform-contract.md). The schema
 * says what a well-formed answer looks like; an answer that does not fit is not refused at
 * once. Instead the reader takes away what does not fit, smallest part first, and reads again:
 *
 *   - a field whose value does not fit (a null, an empty id, a value outside a list) is dropped,
 *     and the rest of its object is kept. A null or an empty string is dropped silently: the
 *     platform sends them for "no value" in fields the code does not act on (R2), and a warning
 *     on every such answer would hide the ones that matter. Any other misfit (a wrong type, a
 *     value outside a list) is told to `notes`;
 *   - when what is left of an object lacks a field the schema requires (the code acts on it),
 *     the object goes instead, and so on upwards;
 *   - an item of a list that goes is skipped: the rest of the list is returned (R3);
 *   - only when the answer itself would go is it refused, as a PlatformError 502-101 naming
 *     the operation and the fields at fault, so callers handle one error type (E4).
 *
 * Every field dropped and item skipped is told to `notes` by its path (never its value, which
 * may carry secrets such as an authentication's payload). Used by every client read path.
 */
import type { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { describeIssues } from '../../schemas/describeIssues.js';

/** Told what a tolerant read left out. */
export interface ReadNotes {
  /** A list item skipped (`field` is the path of the value at fault), or a field dropped. */
  unreadable(event: { operation: string; field: string; skipped: 'item' | 'field' }): void;
}

/** Enough for any real answer; each round removes at least one part, so this only bounds a pathological one. */
const MAX_ROUNDS = 200;

export function parseResponseBody<S extends z.ZodType>(schema: S, body: unknown, operation: string, notes?: ReadNotes): z.output<S> {
  const first = schema.safeParse(body);
  if (first.success) return first.data;
  if (typeof body !== 'object' || body === null) refuse(operation, first.error.issues);
  const value: unknown = structuredClone(body);
  let issues = first.error.issues;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const targets = targetsOf(value, issues);
    if (targets === 'root') refuse(operation, issues);
    if (targets.length === 0) break;
    for (const t of targets) {
      const item = typeof t.path[t.path.length - 1] === 'number';
      const noValue = !item && isNoValue(valueAt(value, t.path));
      remove(value, t.path);
      if (!noValue) notes?.unreadable({ operation, field: pathText(t.issuePath), skipped: item ? 'item' : 'field' });
    }
    const again = schema.safeParse(value);
    if (again.success) return again.data;
    issues = again.error.issues;
  }
  return refuse(operation, issues);
}

/** Items of a list read one by one: an unreadable one is skipped and told to `notes` (R3). */
export function readableItems<S extends z.ZodType>(schema: S, items: readonly unknown[], operation: string, field: string, notes?: ReadNotes): z.output<S>[] {
  const kept: z.output<S>[] = [];
  for (const [i, item] of items.entries()) {
    try {
      kept.push(parseResponseBody(schema, item, operation, notes));
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      notes?.unreadable({ operation, field: `${field}.${i}`, skipped: 'item' });
    }
  }
  return kept;
}

function refuse(operation: string, issues: readonly z.core.$ZodIssue[]): never {
  throw PlatformError.of('502-101', { operation, reason: describeIssues(issues) });
}

function pathText(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(body)';
}

interface Target {
  /** What goes: a field or a list item, by its path in the answer. */
  path: PropertyKey[];
  /** The issue that made it go (for the note). */
  issuePath: readonly PropertyKey[];
}

/**
 * For each issue, the part to remove: the value at fault when it is there, else (a required
 * field that is missing) the object holding it. Found before anything is removed, so indices
 * still mean what the issues meant; nested duplicates are merged; list items come last-first.
 * 'root' when only the whole answer could go.
 */
function targetsOf(root: unknown, issues: readonly z.core.$ZodIssue[]): Target[] | 'root' {
  const found = new Map<string, Target>();
  for (const issue of issues) {
    const path = existingPrefix(root, issue.path);
    if (path.length === 0) return 'root';
    found.set(JSON.stringify(path), { path, issuePath: issue.path });
  }
  const all = [...found.values()];
  const outer = all.filter((t) => !all.some((o) => o !== t && o.path.length < t.path.length && o.path.every((k, i) => k === t.path[i])));
  return outer.sort((a, b) => comparePaths(b.path, a.path));
}

/** The longest prefix of `path` that names a value present in `root`. */
function existingPrefix(root: unknown, path: readonly PropertyKey[]): PropertyKey[] {
  const kept: PropertyKey[] = [];
  let at: unknown = root;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) break;
    if (Array.isArray(at) ? !(typeof key === 'number' && key < at.length) : !(typeof key === 'string' && Object.hasOwn(at, key))) break;
    kept.push(key);
    at = (at as Record<PropertyKey, unknown>)[key as string];
  }
  // The value at fault when present; when a required field is missing, its holder.
  return kept;
}

function comparePaths(a: readonly PropertyKey[], b: readonly PropertyKey[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    if (typeof a[i] === 'number' && typeof b[i] === 'number') return (a[i] as number) - (b[i] as number);
    return String(a[i]) < String(b[i]) ? -1 : 1;
  }
  return a.length - b.length;
}

/** "No value", as the platform writes it: dropping it loses nothing, so it is not reported (R2). */
function isNoValue(v: unknown): boolean {
  return v === null || v === '';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  const holder = walk(root, path.slice(0, -1));
  return holder ? (holder as Record<PropertyKey, unknown>)[path[path.length - 1] as string] : undefined;
}

function remove(root: unknown, path: readonly PropertyKey[]): void {
  const holder = walk(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(holder) && typeof key === 'number') holder.splice(key, 1);
  else if (holder) delete (holder as Record<string, unknown>)[key as string];
}

function walk(root: unknown, path: readonly PropertyKey[]): object | undefined {
  let at: unknown = root;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key as string];
  }
  return typeof at === 'object' && at !== null ? at : undefined;
}
