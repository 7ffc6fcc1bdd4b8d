/**
 * The chat page's link to the emulator, as a customer feels it (U8): a lost connection is
 * noticed within a few seconds (a failed send, the message stream's error, or a small probe
 * every two seconds that fails or takes too long), said in the page's language, never as the
 * browser's "Failed to fetch"; what the customer writes meanwhile waits in order and is sent
 * when the connection is back. Each message carries an id of its own, so a send whose answer
 * was lost and is made again is taken once by the hub (it drops a message id it already holds).
 */

/** How often the page checks the emulator while nothing else says whether it is there. */
const PROBE_EVERY_MS = 2000;
/** A probe not answered within this long counts as a lost connection. */
const PROBE_TIMEOUT_MS = 2000;

/** A message waiting to be sent: its body (with its id) and what to tell when it is done. */
export interface QueuedSend {
  body: Record<string, unknown>;
  /** The hub took it. */
  delivered(): void;
  /** The hub refused it (an answer with an error, not a lost connection): it is not sent again. */
  refused(): void;
}

export interface ConnectionEvents {
  /** The connection is lost: say so once, until it is back. */
  lost(): void;
  /** The connection is back (the page reopens its message stream). */
  back(): void;
}

/** An error that is the connection's (no answer came), not the emulator's refusal. */
class NoAnswer extends Error {}

export class ChatConnection {
  private readonly queue: QueuedSend[] = [];
  private online = true;
  private flushing = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly messagesUrl: () => string | undefined,
    private readonly probeUrl: string,
    private readonly events: ConnectionEvents,
  ) {}

  /** Starts the probe (once a conversation is open). */
  watch(): void {
    this.stop();
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Whether the page believes the emulator is reachable. */
  get isOnline(): boolean {
    return this.online;
  }

  /** Queues a message with an id of its own and sends what is waiting, in order. */
  send(item: Omit<QueuedSend, 'body'> & { body: Record<string, unknown> }): void {
    this.queue.push({ ...item, body: { id: messageId(), ...item.body } });
    void this.flush();
  }

  /** The message stream failed: the connection may be lost; the probe says when it is back. */
  streamFailed(): void {
    this.markLost();
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.online && this.queue.length > 0) {
        const url = this.messagesUrl();
        if (!url) return;
        const next = this.queue[0];
        try {
          await post(url, next.body);
          this.queue.shift();
          next.delivered();
        } catch (err) {
          if (err instanceof NoAnswer) return this.markLost();
          this.queue.shift();
          next.refused();
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async probe(): Promise<void> {
    try {
      const res = await fetch(this.probeUrl, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      if (!res.ok && res.status >= 500) throw new NoAnswer(`HTTP ${res.status}`);
    } catch {
      return this.markLost();
    }
    if (this.online) return;
    this.online = true;
    this.events.back();
    await this.flush();
  }

  private markLost(): void {
    if (!this.online) return;
    this.online = false;
    this.events.lost();
  }
}

/** A random id; getRandomValues works on a plain-http page too, where randomUUID does not exist. */
function messageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** POSTs a message; a refusal with the error body throws Error, no answer at all throws NoAnswer. */
async function post(url: string, body: Record<string, unknown>): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  } catch (err) {
    throw new NoAnswer((err as Error).message);
  }
  // A gateway between the page and the emulator answers 502-504 when the emulator is gone.
  if (res.status >= 502 && res.status <= 504) throw new NoAnswer(`HTTP ${res.status}`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
