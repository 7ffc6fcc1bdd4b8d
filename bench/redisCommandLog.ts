/**
 * Counts the commands that reach Redis for one tenant's keys, as Redis sees them: a MONITOR
 * connection on a plain socket (no client library in monitor mode, whose promise handling hung
 * an earlier version of this count), its lines filtered by the tenant's name. Commands that a
 * Lua script runs are shown by MONITOR with "lua" as their client: they are not round trips
 * and are left out, so each counted line is one command sent by a client, one round trip
 * unless it travelled in the same write as others.
 *
 * Used by the round-trip bench row and by the test that keeps the count per turn bounded.
 */
import { connect, type Socket } from 'node:net';

/** A MONITOR feed, counting the commands on keys that contain a marker (a tenant's name). */
export class RedisCommandLog {
  private readonly commands: string[] = [];
  /** The counted lines as MONITOR gave them, for a look at what a count is made of. */
  readonly lines: string[] = [];
  private buffered = '';
  private counting = false;

  private constructor(
    private readonly socket: Socket,
    private readonly marker: string,
  ) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.read(chunk));
    socket.on('error', () => undefined); // a lost feed shows as a count too low, and close() still ends
  }

  /**
   * Opens a MONITOR connection and waits for Redis to confirm it (within `timeoutMs`).
   *
   * @param marker - only commands whose line contains it are counted (a tenant's name)
   * @param url - the Redis to watch; default redis://127.0.0.1:6379
   * @param timeoutMs - how long the connection and MONITOR may take
   */
  static async open(marker: string, url = 'redis://127.0.0.1:6379', timeoutMs = 5000): Promise<RedisCommandLog> {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const log = new RedisCommandLog(socket, marker);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        new Promise<void>((resolve, reject) => {
          socket.once('error', reject);
          socket.once('data', (first: string) => (first.startsWith('+OK') ? resolve() : reject(new Error(`MONITOR refused: ${first.trim()}`))));
          socket.write('MONITOR\r\n');
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Redis did not start MONITOR within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (err) {
      socket.destroy();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    return log;
  }

  /** Forgets what was counted and counts from now on. */
  start(): void {
    this.commands.length = 0;
    this.lines.length = 0;
    this.counting = true;
  }

  /** Stops counting and gives the commands counted since `start`, by name (lower case). */
  stop(): string[] {
    this.counting = false;
    return [...this.commands];
  }

  /** Ends the MONITOR connection (at once: it has nothing to wait for). */
  close(): void {
    this.socket.destroy();
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    const lines = this.buffered.split('\r\n');
    this.buffered = lines.pop() ?? '';
    if (!this.counting) return;
    for (const line of lines) {
      // +1700000000.123456 [0 127.0.0.1:5000] "evalsha" "..." — a script's own calls show [0 lua].
      if (!line.includes(this.marker) || line.includes(' lua]')) continue;
      this.commands.push(commandLabel([...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1])));
      this.lines.push(line);
    }
  }
}

/**
 * A command's name and the kind of its first key: `evalsha inbox:ready`, `get state`. The kind
 * is the key without its `hubbot:{tenant}:` prefix and without the conversation's id.
 *
 * @param args - the command and its arguments
 */
export function commandLabel(args: string[]): string {
  const command = (args[0] ?? '?').toLowerCase();
  const firstKey = command === 'evalsha' || command === 'eval' ? args[3] : args[1];
  const kind = firstKey?.replace(/^[^}]*\}:/, '').split(':').filter((part, i) => i === 0 || !/\d/.test(part)).join(':');
  return kind ? `${command} ${kind}` : command;
}

/**
 * Counts by command name, e.g. { evalsha: 6, get: 2 }.
 *
 * @param commands - command names as `stop()` gives them
 */
export function countByCommand(commands: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of commands) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}
