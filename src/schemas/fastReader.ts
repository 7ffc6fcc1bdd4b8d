/**
 * A fast path for reading a well-formed value against a zod schema, with zod's exact result.
 *
 * Why: the callback's batch is read once per callback, and zod's loose objects cost 10-14 µs a
 * message there (docs/performance.md), for a shape that is nearly always the same. The reader is
 * compiled from the schema itself (so the two cannot drift apart) and handles only the plain
 * cases: loose objects, strings, booleans, arrays (with a minimum length), optional fields. It
 * answers `undefined` for anything else (a value that does not fit, or one it was not built to
 * judge: a class instance, a `__proto__` key, an `undefined` field, a schema node it does not
 * know), and the caller then asks zod, whose answer (and error) stands. What it returns is what
 * zod returns: fresh objects and arrays for the schema's own fields, in the schema's key order,
 * then the unknown fields in the order they came, their values as they were.
 */
import type { z } from 'zod';

/** A compiled reader's answer for a value it cannot vouch for: ask zod. */
const NOT_FAST = Symbol('not the common shape');
type Read = (value: unknown) => unknown;

/** What this file reads of a zod schema's definition (its public `def`). */
interface Def {
  type: string;
  shape?: Record<string, { def: Def }>;
  catchall?: { def: Def };
  innerType?: { def: Def };
  element?: { def: Def };
  checks?: { _zod: { def: { check: string; minimum?: number } } }[];
}

const never: Read = () => NOT_FAST;
const string: Read = (v) => (typeof v === 'string' ? v : NOT_FAST);
const boolean: Read = (v) => (typeof v === 'boolean' ? v : NOT_FAST);

function compile(def: Def): Read {
  switch (def.type) {
    case 'string':
      return def.checks?.length ? never : string;
    case 'boolean':
      return def.checks?.length ? never : boolean;
    case 'array':
      return arrayReader(def);
    case 'object':
      return objectReader(def);
    default:
      // A node the fast path does not know (a union, a regex, a transform...): zod reads it.
      return never;
  }
}

function arrayReader(def: Def): Read {
  let min = 0;
  for (const c of def.checks ?? []) {
    if (c._zod.def.check !== 'min_length' || typeof c._zod.def.minimum !== 'number') return never;
    min = Math.max(min, c._zod.def.minimum);
  }
  const item = def.element ? compile(def.element.def) : never;
  return (v) => {
    if (!Array.isArray(v) || v.length < min) return NOT_FAST;
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const r = item(v[i]);
      if (r === NOT_FAST) return NOT_FAST;
      out[i] = r;
    }
    return out;
  };
}

function objectReader(def: Def): Read {
  // Only loose objects (unknown fields kept): a stripping or strict object is zod's to read.
  if (def.catchall?.def.type !== 'unknown' || def.checks?.length) return never;
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const reads = keys.map((k) => {
    const field = shape[k].def;
    return field.type === 'optional' && field.innerType ? { read: compile(field.innerType.def), optional: true } : { read: compile(field), optional: false };
  });
  const known = new Set(keys);
  return (v) => {
    // JSON's plain objects only: a class instance or a null-prototype object goes to zod.
    if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype) return NOT_FAST;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = input[keys[i]];
      if (value === undefined) {
        // Absent and optional: left out, as zod leaves it; present as undefined: zod's to say.
        if (!reads[i].optional || Object.hasOwn(input, keys[i])) return NOT_FAST;
        continue;
      }
      const r = reads[i].read(value);
      if (r === NOT_FAST) return NOT_FAST;
      out[keys[i]] = r;
    }
    for (const k of Object.keys(input)) {
      if (known.has(k)) continue;
      const value = input[k];
      // `__proto__` would set the copy's prototype rather than a field.
      if (k === '__proto__' || value === undefined) return NOT_FAST;
      out[k] = value;
    }
    return out;
  };
}

/**
 * Compiles the fast path of a schema: the reader returns what `schema.parse(value)` would return
 * for a well-formed plain (JSON) value, and `undefined` whenever zod has to be asked instead.
 *
 * @param schema - the zod schema (loose objects, strings, booleans, arrays, optionals are read fast)
 * @returns the reader
 */
export function fastReaderOf<S extends z.ZodType>(schema: S): (value: unknown) => z.output<S> | undefined {
  const read = compile(schema.def as unknown as Def);
  return (value) => {
    const r = read(value);
    return r === NOT_FAST ? undefined : (r as z.output<S>);
  };
}
