/**
 * Imported first by the `hubbot` command (hubbotCli.ts), before anything loads restify: its
 * dependency chain reads process.binding('http_parser'), and Node prints DEP0111 for it at
 * every start, twice. Nothing an operator can act on, and it breaks the command's output and
 * the start-up banner apart (O1, O2). Only that warning is hidden, and only in the hubbot
 * process: the library itself never touches process warnings.
 */
const HIDDEN = new Set(['DEP0111']);

const printers = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (warning: Error & { code?: string }) => {
  if (warning.code !== undefined && HIDDEN.has(warning.code)) return;
  for (const print of printers) print(warning);
});

export {};
