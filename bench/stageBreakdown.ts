/**
 * Where a reply's time goes, from the replicas' own Prometheus histograms (src/observability/metrics.ts):
 * scraped from each replica's /metrics, summed over replicas, and read as p50 / p95 / mean per
 * stage. Percentiles come from histogram buckets (linear within a bucket), so they are as coarse
 * as the buckets; the mean is exact (sum / count).
 */

/** The stages, in the order a reply meets them, as histogram name and label selector. */
export const REPLY_STAGES = [
  { stage: 'inbox wait (recorded → turn starts)', metric: 'hubbot_inbox_wait_seconds', labels: '' },
  { stage: 'turn (start → end, its replies sent included)', metric: 'hubbot_turn_seconds', labels: '' },
  { stage: 'outbox queue (→ taken by a POST, slot wait included)', metric: 'hubbot_outbox_wait_seconds', labels: 'stage="queue"' },
  { stage: 'outbox backoff (after 429/503/timeout)', metric: 'hubbot_outbox_wait_seconds', labels: 'stage="backoff"' },
  { stage: 'outbox POST round trips', metric: 'hubbot_outbox_wait_seconds', labels: 'stage="post"' },
] as const;

export interface StageFigures {
  stage: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
}

interface Histogram {
  buckets: Map<number, number>;
  sum: number;
  count: number;
}

/** The histogram `metric` (series matching `labels`), summed over every text given. */
export function readHistogram(texts: string[], metric: string, labels: string): Histogram {
  const h: Histogram = { buckets: new Map(), sum: 0, count: 0 };
  for (const text of texts) {
    for (const line of text.split('\n')) {
      if (!line.startsWith(metric) || (labels && !line.includes(labels))) continue;
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      if (line.startsWith(`${metric}_bucket`)) {
        const le = /le="([^"]+)"/.exec(line)?.[1];
        const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
        h.buckets.set(bound, (h.buckets.get(bound) ?? 0) + value);
      } else if (line.startsWith(`${metric}_sum`)) h.sum += value;
      else if (line.startsWith(`${metric}_count`)) h.count += value;
    }
  }
  return h;
}

/** The q-quantile (0..1) of cumulative buckets, interpolated linearly within its bucket. */
export function quantile(h: Histogram, q: number): number {
  if (h.count === 0) return 0;
  const rank = q * h.count;
  let lower = 0;
  let below = 0;
  for (const [bound, cumulative] of [...h.buckets].sort((a, b) => a[0] - b[0])) {
    if (cumulative >= rank) {
      if (!Number.isFinite(bound)) return lower;
      const inBucket = cumulative - below;
      return inBucket === 0 ? bound : lower + ((bound - lower) * (rank - below)) / inBucket;
    }
    lower = bound;
    below = cumulative;
  }
  return lower;
}

/** p50 / p95 / mean of each stage, in milliseconds. */
export function stageBreakdown(texts: string[]): StageFigures[] {
  return REPLY_STAGES.map(({ stage, metric, labels }) => {
    const h = readHistogram(texts, metric, labels);
    const ms = (s: number) => Math.round(s * 1000);
    return { stage, count: h.count, p50Ms: ms(quantile(h, 0.5)), p95Ms: ms(quantile(h, 0.95)), meanMs: h.count === 0 ? 0 : ms(h.sum / h.count) };
  });
}
