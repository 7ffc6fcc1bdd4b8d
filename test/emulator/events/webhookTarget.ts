/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
/**
 * A small local webhook receiver for the event manager tests: it records every PUT (time,
 * path, parsed body) and answers by path: `/status/<code>` answers that code, `/hang` never
 * answers (until the server closes), `/flaky/<code>` answers <code> once then 204.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  at: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body's bytes as text, as a signature covers them. */
  raw: string;
  body: any;
}

export interface WebhookTarget {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startWebhookTarget(): Promise<WebhookTarget> {
  const received: Received[] = [];
  const flaky = new Set<string>();
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      let body: unknown;
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      received.push({ at: Date.now(), method: req.method ?? '', path, headers: req.headers, raw, body });
      if (path === '/hang') return void hung.push(res);
      const m = /^\/(status|flaky)\/([0-9]{3})/.exec(path);
      let status = 204;
      if (m?.[1] === 'status') status = Number(m[2]);
      if (m?.[1] === 'flaky' && !flaky.has(path)) {
        flaky.add(path);
        status = Number(m[2]);
      }
      res.writeHead(status);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
