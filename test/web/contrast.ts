/**
 * A WCAG 2.x contrast check run inside the page: every visible text is measured against the
 * background it is drawn on (the nearest opaque backgrounds, composited), and must reach
 * 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Inactive controls are exempt, as
 * WCAG 1.4.3 says. Returns the failures so a test can show them.
 */
import type { Page } from 'playwright-core';

export interface ContrastFailure {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

/**
 * Plain JavaScript, handed to the page as text: a function compiled by tsx would carry
 * esbuild's `__name` helper, which does not exist in the page.
 */
const CHECK = String.raw`(() => {
    const parse = (c) => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const background = (node) => {
      const layers = [];
      for (let n = node; n; n = n.parentElement) layers.push(parse(getComputedStyle(n).backgroundColor));
      let bg = [255, 255, 255, 1];
      for (const layer of layers.reverse()) bg = over(layer, bg);
      return bg;
    };
    const luminance = ([r, g, b]) => {
      const ch = (v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const failures = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = (t.textContent ?? '').trim();
      const el = t.parentElement;
      if (!text || !el || el.closest('option, script, style, [hidden]')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // not drawn, or visually hidden for screen readers
      if (el.closest('button:disabled') || el.closest('label')?.querySelector('input:disabled')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const bg = background(el);
      const fg = over(parse(style.color), bg);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio < needed) failures.push({ text: text.slice(0, 60), ratio: Math.round(ratio * 100) / 100, needed, color: style.color, background: 'rgb(' + bg.slice(0, 3).map(Math.round).join(', ') + ')' });
    }
    return failures;
})()`;

export function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  return page.evaluate(CHECK) as Promise<ContrastFailure[]>;
}
