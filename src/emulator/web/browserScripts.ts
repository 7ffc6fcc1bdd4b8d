/**
 * Serves the pages' browser modules (src/emulator/web/browser/*.ts) as JavaScript.
 *
 * Why this way: the browser code is TypeScript like the rest of the project, so `tsc` checks
 * it against the DOM and against the server's own types (hub messages, call-log entries), and
 * `npm run build` compiles it into dist beside this file. Running from source (`npm start`
 * goes through tsx, with no build), there is no .js yet: the .ts is transpiled once, on first
 * request, with the `typescript` package's transpileModule (a development dependency, always
 * present where the sources are). Nothing is bundled or downloaded at run time.
 */
import { readFile, stat } from 'node:fs/promises';

const BROWSER_DIR = new URL('./browser/', import.meta.url);
/** Module names as the pages import them: `chatPage.js`, `dom.js` (no paths, no dots). */
const MODULE_NAME = /^([A-Za-z][A-Za-z0-9]*)\.js$/;

async function mtime(url: URL): Promise<number | undefined> {
  try {
    return (await stat(url)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function transpile(source: string, fileName: string): Promise<string> {
  const ts = (await import('typescript')).default;
  const out = ts.transpileModule(source, {
    fileName,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, sourceMap: false, removeComments: false },
  });
  return out.outputText;
}

export class BrowserScripts {
  private readonly cache = new Map<string, { mtime: number; code: Promise<string> }>();

  /** The JavaScript of a browser module, or undefined when there is no such module. */
  async script(name: string): Promise<string | undefined> {
    const m = MODULE_NAME.exec(name);
    if (!m) return undefined;
    const compiled = new URL(`${m[1]}.js`, BROWSER_DIR);
    const source = new URL(`${m[1]}.ts`, BROWSER_DIR);
    const compiledTime = await mtime(compiled);
    if (compiledTime !== undefined) return this.cached(name, compiledTime, () => readFile(compiled, 'utf8'));
    const sourceTime = await mtime(source);
    if (sourceTime === undefined) return undefined;
    // Keyed by modification time: an edited source is transpiled again without a restart.
    return this.cached(name, sourceTime, async () => transpile(await readFile(source, 'utf8'), `${m[1]}.ts`));
  }

  private cached(name: string, mtime: number, load: () => Promise<string>): Promise<string> {
    const hit = this.cache.get(name);
    if (hit && hit.mtime === mtime) return hit.code;
    const code = load();
    this.cache.set(name, { mtime, code });
    code.catch(() => this.cache.delete(name));
    return code;
  }
}
