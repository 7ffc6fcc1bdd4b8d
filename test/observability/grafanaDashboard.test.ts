import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { createMetrics } from '../../src/observability/metrics.js';

interface Panel {
  title: string;
  /** A row has none. */
  targets?: { expr: string }[];
}

describe('the Grafana dashboard of docs/', () => {
  it('[O5] asks only for metrics the bot exports, with the figures it counts', async () => {
    const dashboard = JSON.parse(await readFile('docs/grafana-contact-center.json', 'utf8')) as { panels: Panel[]; templating: { list: { name: string }[] } };
    const exported = new Set((await createMetrics({ defaultMetrics: false }).registry.getMetricsAsJSON()).map((m) => m.name));
    const figures = new Set(['started', 'solved', 'rejected', 'abandoned', 'handover']);
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    expect(exprs.length).to.be.greaterThan(8);
    for (const expr of exprs) {
      // A histogram's series are named by its family: _bucket, _sum, _count.
      for (const [name] of expr.matchAll(/hubbot_[a-z0-9_]+/g)) expect(exported, expr).to.include(name.replace(/_(bucket|sum|count)$/, ''));
      for (const [, figure] of expr.matchAll(/figure="([^"]+)"/g)) expect(figures, expr).to.include(figure);
    }
    expect(dashboard.panels.map((p) => p.title)).to.include('Containment (solved by the bot ÷ started)');
    expect(dashboard.templating.list.map((v) => v.name)).to.deep.equal(['datasource', 'topic']);
  });
});
