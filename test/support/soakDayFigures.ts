/**
 * A day of contact-center figures shaped like the soak's traffic (a morning and an afternoon
 * peak), for the figures page: four topics, each with its own share of solved, rejected,
 * handed-over and abandoned conversations. Deterministic, so the page and its screenshot are
 * the same on every run.
 */
import type { ContactCenterFigures } from '../../src/observability/contactCenterFigures.js';

export const SOAK_DAY = Date.UTC(2026, 10, 24);
export const SOAK_TOPICS = [
  { topic: '101', solved: 0.62, rejected: 0.3, handover: 0.25, abandoned: 0.08 },
  { topic: '202', solved: 0.45, rejected: 0.4, handover: 0.4, abandoned: 0.1 },
  { topic: '303', solved: 0.7, rejected: 0.2, handover: 0.15, abandoned: 0.1 },
  { topic: '909', solved: 0.3, rejected: 0.5, handover: 0.55, abandoned: 0.12 },
];

/** Conversations per hour: a small night, a morning and an afternoon peak. */
function perHour(hour: number): number {
  return Math.round(2 + 10 * Math.exp(-((hour - 10) ** 2) / 6) + 8 * Math.exp(-((hour - 15) ** 2) / 5));
}

/** Counts a day of conversations; `setNow` moves the clock of `figures`. */
export async function recordSoakDay(figures: ContactCenterFigures, setNow: (t: number) => void): Promise<number> {
  let n = 0;
  for (let hour = 0; hour < 24; hour++) {
    for (let i = 0; i < perHour(hour); i++) {
      const shape = SOAK_TOPICS[(hour + i) % SOAK_TOPICS.length];
      const id = `soak-${hour}-${i}`;
      // A fixed pattern in place of chance: conversation i of the hour falls where i/count does.
      const x = ((i * 7 + hour * 3) % 20) / 20;
      setNow(SOAK_DAY + hour * 3_600_000 + i * 150_000);
      await figures.started(id, shape.topic);
      if (x < shape.rejected) await figures.count(id, 'rejected');
      setNow(SOAK_DAY + hour * 3_600_000 + i * 150_000 + 240_000);
      if (x < shape.solved) await figures.count(id, 'solved');
      else if (x < shape.solved + shape.handover) {
        await figures.handover(id, 'started');
        await figures.handover(id, x < shape.solved + shape.handover * 0.8 ? 'answered' : 'timed_out');
      } else if (x < shape.solved + shape.handover + shape.abandoned) await figures.count(id, 'abandoned');
      n++;
    }
  }
  return n;
}
