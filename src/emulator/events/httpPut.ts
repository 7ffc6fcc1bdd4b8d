/**
 * The real sender of webhook deliveries: one HTTP PUT with a JSON body, no redirects followed,
 * the answer's body drained and ignored. The read timeout runs from the moment the request is
 * sent until the status line arrives (an endpoint that accepts the connection but does not
 * answer within it counts as a read timeout, spec 6.2). Uses node:http rather than fetch so the
 * timeout is our own timer and nothing is pooled between deliveries.
 */
import http from 'node:http';
import https from 'node:https';
import type { AttemptResult } from './deliveryPolicy.js';

export function httpPut(url: string, body: string, timeoutMs: number, extraHeaders: Record<string, string> = {}): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ kind: 'unreachable', reason: 'invalid URL' });
    }
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, {
      method: 'PUT',
      agent: false,
      headers: { ...extraHeaders, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'emulated-eventmgr/v4' },
    });
    const timer = setTimeout(() => {
      done({ kind: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      res.resume();
      done({ kind: 'status', status: res.statusCode ?? 0 });
    });
    req.on('error', (err: NodeJS.ErrnoException) => done({ kind: 'unreachable', reason: err.code ?? 'connection failed' }));
    req.end(body);
  });
}
