/**
 * Where one reply's time in the outbox goes, so an operator can tell a slow reply's cause
 * (metrics: hubbot_outbox_wait_seconds{stage}). A reply is in one stage at a time:
 * - `queue`: from its enqueue (or the end of a backoff) to the POST that carries it taking it;
 *   a POST takes its batch when its rate slot is granted, so the slot wait is counted here;
 * - `post`: a POST carrying it is on the wire (round trip to the hub);
 * - `backoff`: held after a retryable failure of such a POST (T3).
 */
export type ReplyStage = 'queue' | 'post' | 'backoff';

export interface ReplyTiming {
  queueMs: number;
  postMs: number;
  backoffMs: number;
}

/** Each stage's field of ReplyTiming, looked up rather than spelled at each change of stage. */
const SPENT_FIELD = { queue: 'queueMs', post: 'postMs', backoff: 'backoffMs' } as const;

/** The clock of one reply: the stage it is in, since when, and the time spent in each so far. */
export class ReplyClock {
  private stage: ReplyStage = 'queue';
  private since: number;
  readonly spent: ReplyTiming = { queueMs: 0, postMs: 0, backoffMs: 0 };

  // Date.now itself by default: one clock per reply, so no closure is made for each.
  constructor(private readonly now: () => number = Date.now) {
    this.since = now();
  }

  /** Closes the current stage and opens `next`. */
  enter(next: ReplyStage): void {
    const t = this.now();
    this.spent[SPENT_FIELD[this.stage]] += Math.max(0, t - this.since);
    this.stage = next;
    this.since = t;
  }

  /** Closes the current stage: the reply has left; returns where its time went. */
  stop(): ReplyTiming {
    this.enter('queue');
    return this.spent;
  }
}
