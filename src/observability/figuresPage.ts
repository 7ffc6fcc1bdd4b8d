/**
 * The contact-center figures (O5) as a page of the bot server: a table per topic and charts over
 * time, drawn on the server as plain HTML and SVG. Nothing is loaded from elsewhere (no script,
 * font or stylesheet), and the Content-Security-Policy says so.
 */
import type { FiguresReport, TopicFigures } from './contactCenterFigures.js';

/** At most this many bars in a chart: windows are merged into longer ones beyond it. */
const MAX_BARS = 48;

const COLORS = { solved: '#1a7f37', handedOver: '#0969da', abandoned: '#9a6700', other: '#8c959f', line: '#1a7f37' };

export const FIGURES_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'";

export interface FiguresPageInput {
  report: FiguresReport;
  since: number;
  until: number;
  windowMs: number;
}

export function renderFiguresPage({ report, since, until, windowMs }: FiguresPageInput): string {
  const bars = mergeWindows(report, since, until, windowMs);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contact-center figures</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1f2328;background:#fff}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
p.period{color:#57606a;margin:0 0 16px}
table{border-collapse:collapse}th,td{padding:4px 10px;border-bottom:1px solid #d0d7de;text-align:right}
th:first-child,td:first-child,th:last-child,td.outcomes{text-align:left}tr.total td{font-weight:600}
.legend span{display:inline-block;margin-right:14px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
svg text{font:11px system-ui,sans-serif;fill:#57606a}
</style></head><body>
<h1>Contact-center figures</h1>
<p class="period">${esc(iso(since))} to ${esc(iso(until))}, all replicas. Containment: conversations solved by the bot ÷ conversations started.</p>
<h2>By topic</h2>
${topicTable(report)}
<h2>Conversations over time</h2>
<div class="legend">${legend()}</div>
${stackedBars(bars)}
<h2>Containment over time</h2>
${containmentLine(bars)}
</body></html>`;
}

interface Bar {
  start: number;
  solved: number;
  handedOver: number;
  abandoned: number;
  other: number;
  started: number;
  containment?: number;
}

/** The report's windows merged into at most MAX_BARS equal bars covering [since, until). */
function mergeWindows(report: FiguresReport, since: number, until: number, windowMs: number): Bar[] {
  const span = Math.max(windowMs, Math.ceil((until - since) / MAX_BARS / windowMs) * windowMs);
  const first = Math.floor(since / span) * span;
  const bars: Bar[] = [];
  for (let start = first; start < until; start += span) bars.push({ start, solved: 0, handedOver: 0, abandoned: 0, other: 0, started: 0 });
  for (const w of report.windows) {
    const bar = bars[Math.floor((w.windowStart - first) / span)];
    if (!bar) continue;
    bar.started += w.figures.started;
    bar.solved += w.figures.solved;
    bar.handedOver += w.figures.handedOver;
    bar.abandoned += w.figures.abandoned;
  }
  for (const b of bars) {
    b.other = Math.max(0, b.started - b.solved - b.handedOver - b.abandoned);
    if (b.started > 0) b.containment = b.solved / b.started;
  }
  return bars;
}

function topicTable(report: FiguresReport): string {
  if (report.topics.length === 0) return '<p>No conversations in this period.</p>';
  const row = (f: TopicFigures, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><td>${esc(f.topic)}</td><td>${f.started}</td><td>${f.solved}</td><td>${f.rejected}</td><td>${f.handedOver}</td><td>${f.abandoned}</td><td>${percent(f.containmentRate)}</td><td class="outcomes">${esc(outcomes(f))}</td></tr>`;
  return `<table><thead><tr><th>Topic</th><th>Started</th><th>Solved by the bot</th><th>Rejected</th><th>Handed over</th><th>Abandoned</th><th>Containment</th><th>Handovers ended</th></tr></thead>
<tbody>${report.topics.map((t) => row(t)).join('')}${row(report.total, 'total')}</tbody></table>`;
}

const W = 960;
const H = 220;
const PAD = { left: 40, right: 10, top: 10, bottom: 28 };

function stackedBars(bars: Bar[]): string {
  const max = Math.max(1, ...bars.map((b) => b.solved + b.handedOver + b.abandoned + b.other));
  const step = (W - PAD.left - PAD.right) / bars.length;
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / max);
  const parts: string[] = [axis(max, y)];
  bars.forEach((b, i) => {
    let base = 0;
    const x = PAD.left + i * step;
    for (const key of ['solved', 'handedOver', 'abandoned', 'other'] as const) {
      const v = b[key];
      if (v > 0) parts.push(`<rect x="${x + 1}" y="${y(base + v)}" width="${Math.max(1, step - 2)}" height="${y(base) - y(base + v)}" fill="${COLORS[key]}"><title>${esc(iso(b.start))}: ${v} ${key}</title></rect>`);
      base += v;
    }
  });
  parts.push(timeLabels(bars, step));
  return svg('Conversations started per period: solved by the bot, handed over, abandoned, other', parts);
}

function containmentLine(bars: Bar[]): string {
  const step = (W - PAD.left - PAD.right) / bars.length;
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v);
  const points = bars.flatMap((b, i) => (b.containment === undefined ? [] : [`${PAD.left + i * step + step / 2},${y(b.containment)}`]));
  const parts = [axis(1, y, (v) => `${Math.round(v * 100)}%`)];
  if (points.length > 0) parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${COLORS.line}" stroke-width="2"/>`);
  for (const p of points) parts.push(`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="2.5" fill="${COLORS.line}"/>`);
  parts.push(timeLabels(bars, step));
  return svg('Containment rate per period', parts);
}

function axis(max: number, y: (v: number) => number, label: (v: number) => string = (v) => String(Math.round(v))): string {
  return [0, 0.5, 1]
    .map((f) => `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(max * f)}" y2="${y(max * f)}" stroke="#d0d7de"/><text x="${PAD.left - 6}" y="${y(max * f) + 4}" text-anchor="end">${label(max * f)}</text>`)
    .join('');
}

function timeLabels(bars: Bar[], step: number): string {
  const every = Math.max(1, Math.ceil(bars.length / 8));
  return bars
    .map((b, i) => (i % every === 0 ? `<text x="${PAD.left + i * step}" y="${H - 8}">${esc(iso(b.start).slice(5, 16).replace('T', ' '))}</text>` : ''))
    .join('');
}

function svg(title: string, parts: string[]): string {
  return `<svg role="img" aria-label="${esc(title)}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg"><title>${esc(title)}</title>${parts.join('')}</svg>`;
}

function legend(): string {
  const names = { solved: 'solved by the bot', handedOver: 'handed over', abandoned: 'abandoned', other: 'other (still open, or left)' };
  return (Object.keys(names) as (keyof typeof names)[]).map((k) => `<span><i style="background:${COLORS[k]}"></i>${names[k]}</span>`).join('');
}

function outcomes(f: TopicFigures): string {
  return Object.entries(f.handoverOutcomes).map(([k, v]) => `${k.replace('_', ' ')} ${v}`).join(', ') || '-';
}

function percent(rate: number | undefined): string {
  return rate === undefined ? '-' : `${(rate * 100).toFixed(1)} %`;
}

function iso(t: number): string {
  return new Date(t).toISOString().replace(':00.000Z', 'Z');
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
