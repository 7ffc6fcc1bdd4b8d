/**
 * A call that must answer in time: its own result, or a rejection once `ms` have passed (an
 * Error saying `<what> within <ms> ms`, or the one `what` makes). Used where a caller waits on
 * Redis (or a readiness check, or a start-up step) while someone else waits on the caller: a
 * callback's 503, an event's 204, a start-up's or a stop's own error. node-redis queues commands
 * while it reconnects, so a call without a bound could wait as long as the outage. The call's
 * own late rejection is then ignored (Promise.race has taken it), and the timer is cleared
 * whichever comes first.
 */
export function answerWithin<T>(work: Promise<T>, ms: number, what: string | (() => Error)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(typeof what === 'string' ? new Error(`${what} within ${ms} ms`) : what()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
