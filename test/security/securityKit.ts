/**
 * What the security tests share: a bot server configuration with known secrets, raw requests to
 * its routes, and the refusal check (a 2.3 error body whose code starts with the status, E1).
 */
import http from 'node:http';
import { expect } from 'chai';
import { loadConfig, type Config } from '../../src/config/config.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';

export const CLIENT_ID = 'hub-security';
export const CLIENT_SECRET = 'security-client-secret-4f1c9a0e7b2d';
export const SIGNING_KEY = 'security-signing-key-0d9e8c7b6a5f4e3d2c1b0a99';
/** The knowledge webhook's shared secret: a served webhook must be authenticated (S4). */
export const WEBHOOK_SECRET = 'security-webhook-secret-5e6f7a8b9c0d';
/** Nothing listens there: the bot's replies fail at once, offline (the tests read the callback's answers). */
export const DEAD_URL = 'http://127.0.0.1:9/nothing';

export function securityConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    BOT_PORT: '0',
    BOT_CLIENT_ID: CLIENT_ID,
    BOT_CLIENT_SECRET: CLIENT_SECRET,
    BOT_TOKEN_SIGNING_KEY: SIGNING_KEY,
    PLATFORM_BASE_URL: DEAD_URL,
    PLATFORM_TOKEN_URL: DEAD_URL,
    PLATFORM_CLIENT_ID: 'x',
    PLATFORM_CLIENT_SECRET: 'y',
    LOG_LEVEL: 'silent',
    WEBHOOK_SHARED_SECRET: WEBHOOK_SECRET,
    ...env,
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read loosely; checked by the schema
  body: any;
}

/**
 * One request with exactly these headers and body bytes (Content-Length framed unless `chunked`).
 * `from` sends it from another loopback address (any of 127.0.0.0/8 on Linux), so tests can
 * speak as several callers to a server that tells callers apart by address.
 */
export function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean; from?: string } = {}): Promise<Answer> {
  const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body;
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (body !== undefined && !opts.chunked) headers['content-length'] = String(body.length);
  if (opts.chunked) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'POST', headers, agent: false, localAddress: opts.from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    if (body !== undefined && opts.chunked) {
      // In several pieces, so the server sees the body arrive in parts.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

/** Asserts a refusal: the status, a 2.3 error body for it, and the code when given. */
export function expectRefusal(a: Answer, status: number, code?: string): void {
  expect(a.status, a.text).to.equal(status);
  expect(String(a.headers['content-type'])).to.match(/^application\/json/);
  expect(isErrorBodyFor(status, a.body), a.text).to.equal(true);
  if (code !== undefined) expect(a.body.code, a.text).to.equal(code);
}

/** A hub callback body with one customer text message. */
export function textBatch(conversationId: string, text: string): string {
  return JSON.stringify({ messages: { message: [{ id: `m-${text}`, sender: { type: 'customer' }, type: { value: 'text' }, content: { text }, conversation: { id: conversationId } }] } });
}
