/**
 * Watches the requests the emulated platform receives, from its own HTTP server, without
 * touching the emulator: for each one, whether it carried a bearer token (never the token
 * itself), its status, how long it took, and whether the caller gave up before the answer
 * (a call stalled past the client's timeout). The emulator's call log says what the platform
 * did; this says what the clients sent, so a call made without a token (C8) is seen even when
 * the platform refuses it.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface WatchedCall {
  method: string;
  /** Path without the query (a signed URL's query is a secret). */
  path: string;
  /** `bearer`: an `Authorization: Bearer <something>` header; `other`: another scheme; `none`: no header. */
  authorization: 'bearer' | 'other' | 'none';
  /** The status sent, or 0 when the caller left before any answer. */
  status: number;
  ms: number;
  /** The caller closed the connection before the answer was complete (it timed out). */
  abandoned: boolean;
}

export interface PlatformCallWatch {
  readonly calls: readonly WatchedCall[];
  /** Calls of one method and path (exact path, without query). */
  of(method: string, path: string): WatchedCall[];
  /**
   * Calls of one method and path the platform has not answered yet. A call the caller gave up
   * on counts until the platform's handler ends it too (a stalled send the hub still takes).
   */
  unanswered(method: string, path: string): number;
  stop(): void;
}

const MAX_CALLS = 100_000;

export function watchPlatformCalls(server: Server): PlatformCallWatch {
  const calls: WatchedCall[] = [];
  const pending = new Map<ServerResponse, string>();
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    pending.set(res, `${req.method ?? 'GET'} ${(req.url ?? '/').replace(/[?#].*$/, '')}`);
    res.once('finish', () => pending.delete(res)); // an abandoned call is dropped when next counted
    const auth = req.headers.authorization;
    const authorization = auth === undefined ? 'none' : /^Bearer \S+$/.test(auth) ? 'bearer' : 'other';
    res.once('close', () => {
      calls.push({
        method: req.method ?? 'GET',
        path: (req.url ?? '/').replace(/[?#].*$/, ''),
        authorization,
        status: res.headersSent ? res.statusCode : 0,
        ms: Date.now() - started,
        abandoned: !res.writableFinished,
      });
      if (calls.length > MAX_CALLS) calls.splice(0, calls.length - MAX_CALLS);
    });
  };
  server.on('request', onRequest);
  return {
    calls,
    of: (method, path) => calls.filter((c) => c.method === method.toUpperCase() && c.path === path),
    unanswered: (method, path) => {
      let n = 0;
      for (const [res, key] of pending) {
        if (res.writableEnded) pending.delete(res);
        else if (key === `${method.toUpperCase()} ${path}`) n++;
      }
      return n;
    },
    stop: () => void server.off('request', onRequest),
  };
}
