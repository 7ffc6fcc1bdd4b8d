/**
 * Serialises an error every way a logger or an error handler might (JSON, util.inspect with
 * hidden fields, string, stack, the cause chain) and fails if any secret shows up.
 */
import { expect } from 'chai';
import { inspect } from 'node:util';

export function expectNoSecret(err: unknown, secrets: string[]): void {
  const e = err as Error;
  const views = [
    JSON.stringify(err),
    JSON.stringify({ ...e, message: e.message, stack: e.stack }),
    inspect(err, { depth: 20, showHidden: true }),
    String(err),
    e.stack ?? '',
  ];
  for (const view of views) for (const s of secrets) expect(view, 'a serialised error').to.not.contain(s);
}
