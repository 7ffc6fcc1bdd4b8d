/**
 * A JSONPath subset for `accessTokenPath` (spec 2.1) with no eval: `$`, `.name`, `['name']`
 * (or double quotes) and `[n]`. Filters, wildcards, recursive descent and scripts are refused
 * when the path is compiled, i.e. when configuration is loaded, with a message saying where.
 * Why our own: jsonpath-plus has had remote-code-execution advisories.
 */
export type PathSegment = { kind: 'name'; name: string } | { kind: 'index'; index: number };

export class JsonPathError extends Error {
  constructor(path: string, at: number, reason: string) {
    super(`JSONPath ${JSON.stringify(path)} is outside the supported subset ($, .name, ['name'], [n]) at position ${at}: ${reason}`);
    this.name = 'JsonPathError';
  }
}

const NAME_START = /[A-Za-z_$]/;
const NAME_CHAR = /[A-Za-z0-9_$-]/;

export function compileJsonPath(path: string): PathSegment[] {
  if (typeof path !== 'string' || !path.startsWith('$')) throw new JsonPathError(String(path), 0, 'must start with $');
  const segments: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      if (path[i + 1] === '.') throw new JsonPathError(path, i, 'recursive descent (..) is not supported');
      let j = i + 1;
      if (j >= path.length || !NAME_START.test(path[j])) throw new JsonPathError(path, j, 'a name must follow the dot');
      while (j < path.length && NAME_CHAR.test(path[j])) j++;
      segments.push({ kind: 'name', name: path.slice(i + 1, j) });
      i = j;
    } else if (c === '[') {
      const q = path[i + 1];
      if (q === "'" || q === '"') {
        const end = path.indexOf(q, i + 2);
        if (end < 0 || path[end + 1] !== ']') throw new JsonPathError(path, i, 'unterminated quoted name');
        const name = path.slice(i + 2, end);
        if (name.includes('\\')) throw new JsonPathError(path, i, 'escapes in quoted names are not supported');
        segments.push({ kind: 'name', name });
        i = end + 2;
      } else {
        const m = /^\[(\d+)\]/.exec(path.slice(i));
        if (!m) throw new JsonPathError(path, i, 'only [n], [\'name\'] and ["name"] are supported in brackets');
        segments.push({ kind: 'index', index: Number(m[1]) });
        i += m[0].length;
      }
    } else {
      throw new JsonPathError(path, i, `unexpected character ${JSON.stringify(c)}`);
    }
  }
  return segments;
}

/** Evaluates a compiled path; undefined when any step is missing. */
export function evaluateJsonPath(segments: readonly PathSegment[], doc: unknown): unknown {
  let cur: unknown = doc;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (s.kind === 'index') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[s.index];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, s.name)) return undefined;
      cur = (cur as Record<string, unknown>)[s.name];
    }
  }
  return cur;
}

/** Compiles and evaluates in one go (compile once and keep the segments on hot paths). */
export function queryJsonPath(path: string, doc: unknown): unknown {
  return evaluateJsonPath(compileJsonPath(path), doc);
}

export function isSupportedJsonPath(path: string): boolean {
  try {
    compileJsonPath(path);
    return true;
  } catch {
    return false;
  }
}
