/**
 * Counts Redis round trips as the wire carries them: a TCP proxy between the bot server and
 * Redis that reads the commands each client write carries. node-redis writes every command
 * issued before its next write (one per event-loop turn) in one socket write, so commands
 * issued in the same tick travel together and wait for their answers together: one round trip.
 * MONITOR (redisCommandLog.ts) sees commands, not writes; this sees the writes.
 *
 * A write is a burst of bytes ending at a command boundary (node-redis writes whole commands):
 * a read that ends in the middle of a command is followed by the rest of the same write. The
 * proxy runs in the bench's own process, with the stack: a client writes at most once per
 * event-loop turn, and the proxy reads what arrived at every turn's poll, so two writes are not
 * read as one. Two writes in flight at once (two paths of a turn) count as two round trips.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { commandLabel } from './redisCommandLog.js';

/** One client write that carried commands: their labels (`evalsha inbox:ready`...). */
export type WireWrite = string[];

/** A proxy in front of one Redis node, recording the writes whose commands name a marker. */
export class RedisWireCounter {
  private readonly writes: WireWrite[] = [];
  private readonly sockets = new Set<Socket>();
  private counting = false;

  private constructor(
    private readonly server: Server,
    private readonly marker: string,
  ) {}

  /**
   * Listens on a free local port and forwards each connection to `target`.
   *
   * @param marker - only commands with an argument containing it are recorded (a tenant's name)
   * @param target - the Redis node, `host:port`
   */
  static async open(marker: string, target: { host: string; port: number }): Promise<RedisWireCounter> {
    let counter: RedisWireCounter | undefined = undefined;
    const server = createServer((client) => counter?.pipe(client, target));
    counter = new RedisWireCounter(server, marker);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return counter;
  }

  /** The proxy's port: give the bot server this instead of Redis's. */
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Forgets what was recorded and records from now on. */
  start(): void {
    this.writes.length = 0;
    this.counting = true;
  }

  /** Stops recording and gives the writes recorded since `start`, each with its commands' labels. */
  stop(): WireWrite[] {
    this.counting = false;
    return [...this.writes];
  }

  /** Closes the proxy and every connection through it. */
  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: Socket, target: { host: string; port: number }): void {
    const upstream = connect(target);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.setNoDelay(true);
      s.on('error', () => undefined); // either side's end ends both, below
      s.on('close', () => {
        this.sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const parser = new CommandStream();
    let burst: string[] = [];
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      const { commands, atBoundary } = parser.push(chunk);
      for (const args of commands) if (args.some((a) => a.includes(this.marker))) burst.push(commandLabel(args));
      // The write ended here (whole commands): it was one round trip if it carried ours.
      if (atBoundary) {
        if (this.counting && burst.length > 0) this.writes.push(burst);
        burst = [];
      }
    });
  }
}

/** Reads RESP commands (arrays of bulk strings, as clients send them) from a byte stream. */
class CommandStream {
  private pending: Buffer = Buffer.alloc(0);

  /** The commands completed by `chunk`, and whether it ended at a command boundary. */
  push(chunk: Buffer): { commands: string[][]; atBoundary: boolean } {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const commands: string[][] = [];
    let at = 0;
    for (;;) {
      const parsed = parseCommand(this.pending, at);
      if (!parsed) break;
      commands.push(parsed.args);
      at = parsed.end;
    }
    this.pending = this.pending.subarray(at);
    return { commands, atBoundary: this.pending.length === 0 };
  }
}

/** One command from `at`, or undefined when the buffer ends before it does. */
function parseCommand(buf: Buffer, at: number): { args: string[]; end: number } | undefined {
  const line = (from: number) => {
    const cr = buf.indexOf('\r\n', from);
    return cr < 0 ? undefined : { text: buf.toString('latin1', from, cr), next: cr + 2 };
  };
  const head = line(at);
  if (!head) return undefined;
  if (!head.text.startsWith('*')) return { args: head.text.split(' '), end: head.next }; // an inline command
  const n = Number(head.text.slice(1));
  const args: string[] = [];
  let pos = head.next;
  for (let i = 0; i < n; i++) {
    const size = line(pos);
    if (!size) return undefined;
    const len = Number(size.text.slice(1));
    if (buf.length < size.next + len + 2) return undefined;
    args.push(buf.toString('utf8', size.next, size.next + len));
    pos = size.next + len + 2;
  }
  return { args, end: pos };
}
