/**
 * restify, loaded when the first server is made rather than when this package is imported (N9):
 * importing the main entry must print nothing, and restify's dependency chain (spdy ->
 * http-deceiver) reads process.binding('http_parser') as it loads, for which Node prints the
 * deprecation DEP0111, twice, in every bot developer's process. Nothing they can act on; so
 * while restify loads, that one warning code is dropped and every other warning (another
 * deprecation included) goes on to process.emitWarning as usual, --throw-deprecation too.
 */
import { createRequire } from 'node:module';
import type * as Restify from 'restify';

/** The only warning hidden, and only during restify's load. */
const HIDDEN_WHILE_LOADING = 'DEP0111';

let loaded: typeof Restify | undefined;

/** The code of a warning as process.emitWarning takes it: (warning, type, code) or (warning, {code}). */
function codeOf(args: unknown[]): unknown {
  const [warning, second, third] = args;
  if (second !== null && typeof second === 'object') return (second as { code?: unknown }).code;
  return third ?? (warning as { code?: unknown } | undefined)?.code;
}

/** restify's module, loaded once, synchronously (it is CommonJS), without DEP0111. */
export function restify(): typeof Restify {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, ...args: unknown[]) {
    if (codeOf(args) === HIDDEN_WHILE_LOADING) return;
    return (emitWarning as (...a: unknown[]) => void).apply(this, args);
  } as typeof process.emitWarning;
  try {
    loaded = createRequire(import.meta.url)('restify') as typeof Restify;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}
