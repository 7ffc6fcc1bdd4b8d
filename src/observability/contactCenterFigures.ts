/**
 * The figures a contact center runs on (O5), per topic and time window: conversations started,
 * solved by the bot (a solution accepted), solutions rejected, handed over to an agent (and how
 * each handover ended), abandoned; and the containment rate, solved ÷ started.
 *
 * Each replica adds to counters kept in a FiguresStore (Redis: shared by every replica, so a
 * report covers them all; memory: this process only). A conversation's topic is remembered when
 * it starts, so what happens later (on any replica) counts under it. Counting never fails a
 * turn: a counter that could not be written is reported through `onError` and lost.
 */
import type { HandoverEvent } from '../handover/handoverMiddleware.js';

/** What is counted. `handover` is a transfer to an agent; `handover.<event>` how one ended. */
export type Figure = 'started' | 'solved' | 'rejected' | 'abandoned' | 'handover' | `handover.${HandoverOutcome}`;
export type HandoverOutcome = Exclude<HandoverEvent, 'started'>;

/** Counters of one window and topic. */
export interface FigureRow {
  windowStart: number;
  topic: string;
  figure: Figure;
  count: number;
}

export interface FiguresStore {
  add(windowStart: number, topic: string, figure: Figure, n: number): Promise<void>;
  rememberTopic(conversationId: string, topic: string): Promise<void>;
  topicOf(conversationId: string): Promise<string | undefined>;
  /** Every row whose window starts in [from, until). */
  read(from: number, until: number, windowMs: number): Promise<FigureRow[]>;
}

/** An ISO time, or a duration back from `now` (30m, 24h, 7d); undefined when neither. */
export function parseFiguresTime(text: string, now: number): number | undefined {
  const ago = /^(\d+)([mhd])$/.exec(text.trim());
  if (ago) return now - Number(ago[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[ago[2] as 'm' | 'h' | 'd'];
  const t = Date.parse(text);
  return Number.isNaN(t) ? undefined : t;
}

/** A conversation that never picked a topic. */
export const NO_TOPIC = '(none)';
export const DEFAULT_FIGURES_WINDOW_MS = 5 * 60_000;

export interface ContactCenterFiguresOptions {
  store: FiguresStore;
  windowMs?: number;
  now?: () => number;
  /** Each count also goes here (e.g. a Prometheus counter of this replica). */
  onCount?: (topic: string, figure: Figure) => void;
  onError?: (err: unknown) => void;
}

export class ContactCenterFigures {
  readonly windowMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: ContactCenterFiguresOptions) {
    this.windowMs = opts.windowMs ?? DEFAULT_FIGURES_WINDOW_MS;
    this.now = opts.now ?? Date.now;
  }

  /** A conversation started on `topic` (a guided-help casebase). */
  async started(conversationId: string, topic: string): Promise<void> {
    await this.guard(async () => {
      await this.opts.store.rememberTopic(conversationId, topic);
      await this.add(topic, 'started');
    });
  }

  /** Something happened in a conversation: counted under the topic it started on. */
  async count(conversationId: string, figure: Exclude<Figure, 'started'>): Promise<void> {
    await this.guard(async () => this.add((await this.opts.store.topicOf(conversationId)) ?? NO_TOPIC, figure));
  }

  /** A handover event of HandoverMiddleware: `started` is a handover, the others its outcome. */
  async handover(conversationId: string, event: HandoverEvent): Promise<void> {
    await this.count(conversationId, event === 'started' ? 'handover' : `handover.${event}`);
  }

  /** The totals per topic over [since, until), windows included by their start. */
  async report(since: number, until: number): Promise<FiguresReport> {
    const from = Math.floor(since / this.windowMs) * this.windowMs;
    return summarizeFigures(await this.opts.store.read(from, until, this.windowMs));
  }

  private async add(topic: string, figure: Figure): Promise<void> {
    this.opts.onCount?.(topic, figure);
    await this.opts.store.add(Math.floor(this.now() / this.windowMs) * this.windowMs, topic, figure, 1);
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.opts.onError?.(err);
    }
  }
}

export interface TopicFigures {
  topic: string;
  started: number;
  solved: number;
  rejected: number;
  abandoned: number;
  handedOver: number;
  /** How the handovers ended: answered, failed, timed_out, abandoned, fell_back, closed. */
  handoverOutcomes: Partial<Record<HandoverOutcome, number>>;
  /** solved ÷ started; undefined when nothing started. */
  containmentRate?: number;
}

export interface FiguresReport {
  topics: TopicFigures[];
  total: TopicFigures;
  /** Per window start, the same figures over all topics (for charts over time). */
  windows: { windowStart: number; figures: TopicFigures }[];
}

/** Rows summed per topic, over all topics, and per window. */
export function summarizeFigures(rows: FigureRow[]): FiguresReport {
  const byTopic = new Map<string, TopicFigures>();
  const byWindow = new Map<number, TopicFigures>();
  const total = emptyFigures('(all)');
  for (const row of rows) {
    if (!byTopic.has(row.topic)) byTopic.set(row.topic, emptyFigures(row.topic));
    if (!byWindow.has(row.windowStart)) byWindow.set(row.windowStart, emptyFigures('(all)'));
    for (const f of [byTopic.get(row.topic)!, byWindow.get(row.windowStart)!, total]) addTo(f, row.figure, row.count);
  }
  const finish = (f: TopicFigures) => ({ ...f, ...(f.started > 0 ? { containmentRate: f.solved / f.started } : {}) });
  return {
    topics: [...byTopic.values()].map(finish).sort((a, b) => b.started - a.started || a.topic.localeCompare(b.topic)),
    total: finish(total),
    windows: [...byWindow.entries()].sort(([a], [b]) => a - b).map(([windowStart, f]) => ({ windowStart, figures: finish(f) })),
  };
}

function emptyFigures(topic: string): TopicFigures {
  return { topic, started: 0, solved: 0, rejected: 0, abandoned: 0, handedOver: 0, handoverOutcomes: {} };
}

function addTo(f: TopicFigures, figure: Figure, n: number): void {
  if (figure === 'handover') f.handedOver += n;
  else if (figure.startsWith('handover.')) {
    const outcome = figure.slice('handover.'.length) as HandoverOutcome;
    f.handoverOutcomes[outcome] = (f.handoverOutcomes[outcome] ?? 0) + n;
  } else if (figure === 'started' || figure === 'solved' || figure === 'rejected' || figure === 'abandoned') f[figure] += n;
}

/** Counters in this process only (no REDIS_URL): a report sees this replica alone. */
export class MemoryFiguresStore implements FiguresStore {
  private readonly counts = new Map<string, number>();
  private readonly topics = new Map<string, string>();

  constructor(private readonly maxConversations = 10_000) {}

  async add(windowStart: number, topic: string, figure: Figure, n: number): Promise<void> {
    const key = JSON.stringify([windowStart, topic, figure]);
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }

  async rememberTopic(conversationId: string, topic: string): Promise<void> {
    // Bounded: the oldest conversation is forgotten first (its later figures count as no topic).
    if (this.topics.size >= this.maxConversations) this.topics.delete(this.topics.keys().next().value!);
    this.topics.set(conversationId, topic);
  }

  async topicOf(conversationId: string): Promise<string | undefined> {
    return this.topics.get(conversationId);
  }

  async read(from: number, until: number): Promise<FigureRow[]> {
    const rows: FigureRow[] = [];
    for (const [key, count] of this.counts) {
      const [windowStart, topic, figure] = JSON.parse(key) as [number, string, Figure];
      if (windowStart >= from && windowStart < until) rows.push({ windowStart, topic, figure, count });
    }
    return rows;
  }
}
