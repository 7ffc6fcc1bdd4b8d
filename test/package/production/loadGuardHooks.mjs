// The hooks of loadGuard.mjs: checks each resolved URL, and names the first one out of place.
import { pathToFileURL } from 'node:url';

let root = '';

export function initialize(data) {
  root = `${pathToFileURL(data.root).href}/`;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const url = resolved.url;
  const refused =
    (url.startsWith('file:') && !url.startsWith(root)) || /\.(c|m)?tsx?$/.test(url) || /\/node_modules\/(tsx|typescript|esbuild)\//.test(url);
  if (refused) throw new Error(`M2 load guard: ${url} loaded (from ${context.parentURL ?? 'the command line'})`);
  return resolved;
}
