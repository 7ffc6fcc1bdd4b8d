/**
 * `hubbot start --bot ./path/to/module`: a bot of the developer's own instead of a ready one. The
 * module's default export is the server's `bot` option, a function `(deps) => bot`: a botbuilder
 * bot factory, or `hubAgentBot(app)` from the `/agents` entry for an Agents SDK AgentApplication.
 * The module is imported only when asked for, so a botbuilder-only install loads nothing more.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HubBotServerOptions } from '../src/server/hubBotServer.js';

export type BotOption = HubBotServerOptions['bot'];

/** Whether `--bot` names a module (a path) rather than a ready bot. */
export function isBotModulePath(name: string): boolean {
  return name.startsWith('.') || name.startsWith('/') || /\.(m?js|ts)$/.test(name);
}

export async function loadBotModule(path: string, cwd: string = process.cwd()): Promise<BotOption> {
  const file = resolve(cwd, path);
  if (!existsSync(file)) throw new Error(`--bot ${path}: no such file (${file})`);
  const loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
  if (typeof loaded.default !== 'function') {
    throw new Error(`--bot ${path}: its default export must be the bot option, a function (deps) => bot; for an AgentApplication, export default hubAgentBot(app)`);
  }
  return loaded.default as BotOption;
}
