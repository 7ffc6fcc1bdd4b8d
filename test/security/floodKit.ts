/**
 * What the flood tests share: an attacker that keeps a number of slow connections open from one
 * address (each one the server closes is opened again at once), and a trickle of the hub's real,
 * signed callbacks whose every message must be acknowledged and then handled by the bot.
 */
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { DEFAULT_TOKEN_PATH } from '../../src/authentication/tokenEndpoint.js';
import { CLIENT_ID, CLIENT_SECRET, request, textBatch } from './securityKit.js';
import { waitFor } from '../support/waitFor.js';

/** A flood from `from`: `count` connections, each writing `head` and then nothing more, reopened when closed. */
export interface SlowFlood {
  /** Connections opened so far, reopenings included. */
  opened(): number;
  /** Connections open now. */
  open(): number;
  stop(): void;
}

export function slowFlood(url: string, opts: { from: string; count: number; head: string }): SlowFlood {
  const { hostname, port } = new URL(url);
  const sockets = new Set<Socket>();
  let opened = 0;
  let stopped = false;
  const openOne = (): void => {
    if (stopped) return;
    opened += 1;
    const socket = connect({ port: Number(port), host: hostname, localAddress: opts.from });
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write(opts.head));
    // Read what comes (the 408), so the server's close is seen and the place taken again.
    socket.resume();
    socket.on('close', () => {
      sockets.delete(socket);
      openOne();
    });
  };
  for (let i = 0; i < opts.count; i++) openOne();
  return {
    opened: () => opened,
    open: () => [...sockets].filter((s) => !s.connecting && !s.destroyed).length,
    stop: () => {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

/** A connection that sends the start of a request's headers and never the end of them (slowloris). */
export const HEADERS_NEVER_END = (path: string): string => `POST ${path} HTTP/1.1\r\nHost: bot\r\nX-Padding: `;

/** One hub callback per message, each on a connection of its own; resolves with every acknowledgement's status. */
export async function hubTrickle(urls: string[], opts: { token: () => string; count: number; prefix: string; pauseMs?: number }): Promise<{ statuses: number[]; texts: string[] }> {
  const statuses: number[] = [];
  const texts: string[] = [];
  for (let i = 0; i < opts.count; i++) {
    const text = `${opts.prefix}-${i}`;
    texts.push(text);
    const answer = await request(urls[i % urls.length], {
      headers: { authorization: `Bearer ${opts.token()}`, 'content-type': 'application/json' },
      body: textBatch(`trickle-${randomUUID()}`, text),
    }).catch((err: Error) => ({ status: 0, text: err.message }));
    statuses.push(answer.status);
    if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
  }
  return { statuses, texts };
}

/** Asserts that every callback of the trickle was acknowledged 200 and its message then handled by a bot. */
export async function expectNoneLost(trickle: { statuses: number[]; texts: string[] }, handled: Set<string>): Promise<void> {
  expect(trickle.statuses, 'acknowledgements of the hub callbacks').to.deep.equal(trickle.statuses.map(() => 200));
  await waitFor(() => trickle.texts.every((t) => handled.has(t)), { what: `every trickled message handled (${trickle.texts.filter((t) => !handled.has(t)).length} missing)`, timeoutMs: 20_000 });
}

/** A token from a replica's token endpoint, as the hub gets one (client credentials, JSON). */
export async function hubToken(url: string): Promise<string> {
  const answer = await request(`${url}${DEFAULT_TOKEN_PATH}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }) });
  expect(answer.status, answer.text).to.equal(200);
  return answer.body.access_token as string;
}
