/**
 * Finds fixed sleeps in test code: an awaited wait of a constant time, read with the compiler's
 * own parser so that comments, strings and look-alikes (a socket's `req.setTimeout(10_000)`, a
 * timer that bounds a race) do not count. A test must wait for the event a sleep stands for
 * (test/support/waitFor.ts) or move fake time; a short pause of at most MAX_FIXED_SLEEP_MS
 * (pacing a load, yielding to the event loop) is allowed.
 *
 * What counts as a fixed sleep, when awaited:
 * - `sleep(N)`, `delay(N)`, `pause(N)`, `wait(N)`, and `setTimeout(N)` of node:timers/promises;
 * - `new Promise((r) => setTimeout(r, N))`: a timer whose callback is the promise's resolve.
 * N is a number literal, or a `const` of this file set to one.
 */
import ts from 'typescript';

export const MAX_FIXED_SLEEP_MS = 100;

export interface FixedSleep {
  line: number;
  ms: number;
  text: string;
}

const SLEEP_NAMES = new Set(['sleep', 'delay', 'pause', 'wait', 'setTimeout']);

/** The callee's name when it is a plain name or `timers.x` / `globalThis.x`, else undefined. */
function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && ['timers', 'globalThis'].includes(callee.expression.text)) return callee.name.text;
  return undefined;
}

/** Fixed sleeps over MAX_FIXED_SLEEP_MS in one file's source text. */
export function findFixedSleeps(fileName: string, text: string): FixedSleep[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, number>();
  const found: FixedSleep[] = [];

  const numberOf = (node: ts.Expression | undefined): number | undefined => {
    if (!node) return undefined;
    if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ''));
    if (ts.isIdentifier(node)) return constants.get(node.text);
    return undefined;
  };

  const collectConstants = (node: ts.Node): void => {
    if (ts.isVariableStatement(node) && node.declarationList.flags & ts.NodeFlags.Const) {
      for (const d of node.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && ts.isNumericLiteral(d.initializer)) constants.set(d.name.text, Number(d.initializer.text.replace(/_/g, '')));
      }
    }
    ts.forEachChild(node, collectConstants);
  };

  /** The time of a fixed sleep this awaited expression is, if it is one. */
  const sleepMs = (expr: ts.Expression): number | undefined => {
    while (ts.isParenthesizedExpression(expr)) expr = expr.expression;
    if (ts.isCallExpression(expr)) {
      const name = calleeName(expr);
      if (name && SLEEP_NAMES.has(name) && expr.arguments.length >= 1) return numberOf(expr.arguments[0]);
      return undefined;
    }
    // new Promise((resolve) => setTimeout(resolve, N))
    if (ts.isNewExpression(expr) && ts.isIdentifier(expr.expression) && expr.expression.text === 'Promise') {
      const executor = expr.arguments?.[0];
      if (!executor || !(ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))) return undefined;
      const resolve = executor.parameters[0]?.name;
      if (!resolve || !ts.isIdentifier(resolve)) return undefined;
      let ms: number | undefined;
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && calleeName(node) === 'setTimeout') {
          const [callback, delay] = node.arguments;
          if (callback && ts.isIdentifier(callback) && callback.text === resolve.text) ms = numberOf(delay);
        }
        ts.forEachChild(node, visit);
      };
      visit(executor.body);
      return ms;
    }
    return undefined;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isAwaitExpression(node)) {
      const ms = sleepMs(node.expression);
      if (ms !== undefined && ms > MAX_FIXED_SLEEP_MS) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ line: line + 1, ms, text: node.getText(source).slice(0, 120) });
      }
    }
    ts.forEachChild(node, visit);
  };

  collectConstants(source);
  visit(source);
  return found;
}
