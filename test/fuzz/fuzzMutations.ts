/**
 * Mutations of a valid-shaped JSON value: what a client gets slightly wrong (a field missing,
 * of another type, null, empty, huge, nested absurdly deep, a key that is special to
 * JavaScript such as `__proto__`). A valid body with a few mutations reaches much deeper into a
 * handler than random JSON, which the first schema check refuses.
 *
 * Deep nesting is carried as a marker string and expanded when the body is written
 * (`toJsonText`), since building a 20,000-level object would overflow JSON.stringify here, in
 * the test, before the server ever saw it.
 */
import fc from 'fast-check';

type Json = unknown;

const ODD_STRINGS = [
  '', ' ', '\u0000', '\ud800', 'é'.normalize('NFD'), '../../etc/passwd', '<script>alert(1)</script>', '{{7*7}}', '${jndi:x}',
  '__proto__', 'constructor', '%00', '\r\nX-Injected: 1', 'null', 'true', '1e309', '-0', '١٢٣', 'a'.repeat(300),
];
const ODD_NUMBERS = [0, -1, -0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1];
const SPECIAL_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'id', 'modified', 'created', 'tenant'];

/** A marker replaced by `depth` levels of nesting in the written text. */
export function deepMarker(depth: number, kind: 'a' | 'o'): string {
  return `\u0000deep:${depth}:${kind}\u0000`;
}

export function nestedText(depth: number, kind: 'a' | 'o'): string {
  return kind === 'a' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"k":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON text of `value`, with deep-nesting markers expanded. */
export function toJsonText(value: Json): string {
  return JSON.stringify(value).replace(/"\\u0000deep:(\d+):([ao])\\u0000"/g, (_m, d: string, k: 'a' | 'o') => nestedText(Number(d), k));
}

type Op =
  | { op: 'delete' | 'null' | 'wrap' | 'unwrap' | 'swap' }
  | { op: 'replace'; value: Json }
  | { op: 'huge'; size: number }
  | { op: 'deep'; depth: number; kind: 'a' | 'o' }
  | { op: 'oddString'; value: string }
  | { op: 'oddNumber'; value: number }
  | { op: 'addKey'; key: string; value: Json };

export const mutationOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ op: 'delete' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'null' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'wrap' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'unwrap' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'swap' as const }) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ op: 'replace' as const, value })) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 120_000 }).map((size) => ({ op: 'huge' as const, size })) },
  { weight: 1, arbitrary: fc.record({ depth: fc.integer({ min: 20, max: 30_000 }), kind: fc.constantFrom('a' as const, 'o' as const) }).map((d) => ({ op: 'deep' as const, ...d })) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS).map((value) => ({ op: 'oddString' as const, value })) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS).map((value) => ({ op: 'oddNumber' as const, value })) },
  { weight: 2, arbitrary: fc.record({ key: fc.oneof(fc.constantFrom(...SPECIAL_KEYS), fc.string({ maxLength: 12 })), value: fc.jsonValue({ maxDepth: 2 }) }).map((a) => ({ op: 'addKey' as const, ...a })) },
);

type Path = (string | number)[];

/** Every path in `value` (the root is `[]`), parents before children. */
function pathsOf(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

/** Sets an own, enumerable property, also for `__proto__` (plain assignment would change the prototype). */
function put(target: Record<string | number, Json>, key: string | number, v: Json): void {
  Object.defineProperty(target, key, { value: v, enumerable: true, writable: true, configurable: true });
}

function swapped(v: Json): Json {
  if (typeof v === 'string') return Number.isNaN(Number(v)) ? 7 : Number(v);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return Object.fromEntries(v.map((x, i) => [String(i), x]));
  if (v && typeof v === 'object') return Object.values(v);
  return v === null ? 'null' : v;
}

function apply(op: Op, v: Json): Json | typeof REMOVE {
  switch (op.op) {
    case 'delete': return REMOVE;
    case 'null': return null;
    case 'wrap': return [v];
    case 'unwrap': return Array.isArray(v) ? v[0] ?? null : v && typeof v === 'object' ? Object.values(v)[0] ?? null : v;
    case 'swap': return swapped(v);
    case 'replace': return op.value;
    case 'huge': return 'x'.repeat(op.size);
    case 'deep': return deepMarker(op.depth, op.kind);
    case 'oddString': return op.value;
    case 'oddNumber': return op.value;
    case 'addKey': {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
      const copy = { ...(v as Record<string, Json>) };
      put(copy, op.key, op.value);
      return copy;
    }
  }
}

const REMOVE = Symbol('remove');

/** `value` (a fresh copy) with `op` applied at the path picked by `pick`. */
function mutateOnce(value: Json, op: Op, pick: number): Json {
  const root = structuredClone(value);
  const paths = pathsOf(root);
  const path = paths[pick % paths.length]!;
  if (path.length === 0) {
    const r = apply(op, root);
    return r === REMOVE ? undefined : r;
  }
  let parent = root as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  const r = apply(op, parent[last]);
  if (r !== REMOVE) put(parent, last, r);
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return root;
}

/** A valid value from `valid` with 1 to 3 mutations. */
export function mutated(valid: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc
    .tuple(valid, fc.array(fc.tuple(mutationOp, fc.nat()), { minLength: 1, maxLength: 3 }))
    .map(([v, ops]) => ops.reduce((acc, [op, pick]) => (acc === undefined ? acc : mutateOnce(acc, op, pick)), v));
}
