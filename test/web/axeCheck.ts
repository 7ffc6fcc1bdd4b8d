/**
 * axe-core's WCAG 2 A and AA rules, run inside a page (its axe.min.js from node_modules,
 * evaluated through the browser's devtools protocol, since the pages' Content-Security-Policy
 * rightly refuses inline scripts): the violations, each as "rule (impact): what, where", for a
 * readable failure.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact?: string;
  help: string;
  nodes: { target: unknown[] }[];
}

export async function axeViolations(page: Page, tags: string[] = ['wcag2a', 'wcag2aa']): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(axePath, 'utf8'));
  const violations = await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, tags);
  return violations.map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help}, at ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
}
