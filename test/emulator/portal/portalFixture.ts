/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
/**
 * A started emulator with the knowledge parts, and small raw-HTTP helpers for the portal
 * tests. The default plan is a flat, generous custom rate so tests that call one endpoint
 * quickly are not throttled; the rate-limit test sets its own plan.
 */
import http from 'node:http';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/startEmulator.js';
import { EventManager } from '../../../src/emulator/events/eventManager.js';
import { knowledgeParts } from '../../../src/emulator/portal/knowledgeParts.js';
import type { PortalServices } from '../../../src/emulator/portal/portalServices.js';

export const PORTAL = 'KP-10001';

export interface PortalFixture {
  emu: RunningEmulator;
  events: EventManager;
  services: PortalServices;
  portalBase: string;
  token(subject: { id: string; kind?: 'user' | 'customer' | 'client'; profileIds?: string[]; admin?: boolean }, tenant?: string): string;
  call(method: string, path: string, opts?: CallOptions): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out Accept-Language (it is sent as en-US by default); sent with node:http, since fetch adds `*`. */
  noAcceptLanguage?: boolean;
}

export async function startPortalFixture(opts: { timeScale?: number; rateBurst?: number } = {}): Promise<PortalFixture> {
  const events = new EventManager({ timeScale: opts.timeScale ?? 0.01 });
  let services!: PortalServices;
  const emu = await startEmulator({
    plan: { name: 'custom', defaultRate: 10_000 },
    // Requests sent together arrive in the same millisecond: a burst keeps them from 429s.
    rateBurst: opts.rateBurst ?? 1000,
    parts: knowledgeParts({ eventManager: events, onReady: (s) => (services = s) }),
  });
  const portalBase = `${emu.url}/knowledge/portalmgr/v4`;
  return {
    emu,
    events,
    services,
    portalBase,
    token: (subject, tenant = 'default') => emu.tokenFor({ tenant, subject: { kind: subject.kind ?? 'user', id: subject.id, profileIds: subject.profileIds, admin: subject.admin } }),
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.noAcceptLanguage ? {} : { 'accept-language': 'en-US' }), ...(o.headers ?? {}) };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: string | undefined;
      if (o.body !== undefined) {
        body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
      }
      const url = path.startsWith('http') ? path : path.startsWith('/emulator') ? `${emu.url}${path}` : `${portalBase}${path}`;
      if (o.noAcceptLanguage) return rawRequest(method, url, headers, body);
      const r = await fetch(url, { method, headers, body });
      const text = await r.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: r.status, body: parsed, headers: r.headers };
    },
    async stop() {
      await events.close();
      await emu.stop();
    },
  };
}

/** A request with exactly the headers given (no defaults added). */
function rawRequest(method: string, url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: any; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: h });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
