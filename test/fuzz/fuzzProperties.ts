/**
 * The properties every fuzzed surface must keep, whatever it is sent:
 *  - it answers (no hang, no dropped connection) and keeps answering: the server's liveness
 *    route is asked every 200 inputs and after the last;
 *  - no 5xx except those documented for the surface (503 where a record could not be made);
 *  - every refusal (4xx, 5xx) is a JSON error body of spec 2.3 whose code starts with the
 *    status (E1), and never echoes a secret the request carried.
 * One input is one HTTP request; a failure names it (shortened) and the answer, and fast-check
 * prints the seed to replay it with FUZZ_SEED.
 */
import fc from 'fast-check';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { newStats, progress, report, runsFor, type SurfaceName, type SurfaceStats } from './fuzzBudget.js';
import { send, type FuzzAnswer, type FuzzRequest, type FuzzTarget } from './fuzzHttp.js';

export interface Surface {
  name: SurfaceName;
  target: FuzzTarget;
  request: fc.Arbitrary<FuzzRequest>;
  /** 5xx statuses this surface documents (e.g. 503 when it cannot record); any other 5xx fails. */
  allowed5xx?: number[];
  /** Throws when the server no longer answers its liveness route. */
  alive: () => Promise<void>;
  /** Secrets the request carried, which no error body may contain. */
  secretsOf?: (r: FuzzRequest) => string[];
  /** More checks of one answer. */
  check?: (r: FuzzRequest, a: FuzzAnswer) => void;
}

function describe(r: FuzzRequest): string {
  const body = r.body === undefined ? '(none)' : `${r.body.length} bytes: ${JSON.stringify(r.body.subarray(0, 300).toString('utf8'))}`;
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}… (${v.length})` : v]));
  return `${r.method} ${r.path.slice(0, 200)}${r.chunked ? ' (chunked)' : ''}\n  headers ${JSON.stringify(headers)}\n  body ${body}`;
}

/** Throws when `a` breaks a property; `why` says which. */
export function checkAnswer(surface: Surface, r: FuzzRequest, a: FuzzAnswer): void {
  const fail = (why: string) => {
    throw new Error(`${surface.name}: ${why}\n  request ${describe(r)}\n  answer ${a.status} ${a.headers['content-type'] ?? ''} ${a.text.slice(0, 300)}`);
  };
  if (a.status >= 500 && !(surface.allowed5xx ?? []).includes(a.status)) fail(`unexpected ${a.status}`);
  if (a.status < 400 || r.method === 'HEAD') return;
  if (!/^application\/json\b/i.test(String(a.headers['content-type'] ?? ''))) fail('a refusal without a JSON content type');
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    fail('a refusal whose body is not JSON');
  }
  if (!isErrorBodyFor(a.status, body)) fail(`[E1] a refusal that is not a 2.3 error body for ${a.status}`);
  for (const secret of surface.secretsOf?.(r) ?? []) {
    if (secret.length >= 8 && a.text.includes(secret)) fail('an error body echoing a secret of the request');
  }
  surface.check?.(r, a);
}

/** Runs `surface` for its share of FUZZ_RUNS; resolves with what was seen. */
export async function fuzzSurface(surface: Surface): Promise<SurfaceStats> {
  const stats = newStats();
  const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
  await fc.assert(
    fc.asyncProperty(surface.request, async (r) => {
      const a = await send(surface.target, r);
      stats.inputs += 1;
      stats.statuses.set(a.status, (stats.statuses.get(a.status) ?? 0) + 1);
      checkAnswer(surface, r, a);
      if (stats.inputs % 200 === 0) await surface.alive();
      progress(surface.name, stats);
    }),
    { numRuns: runsFor(surface.name), seed, maxSkipsPerRun: 0 },
  );
  await surface.alive();
  report(surface.name, stats);
  return stats;
}

/** A liveness check: GET `path` answers 200. */
export function aliveAt(target: FuzzTarget, path: string): () => Promise<void> {
  return async () => {
    const a = await send(target, { method: 'GET', path, headers: {} });
    if (a.status !== 200) throw new Error(`the server no longer answers ${path}: ${a.status} ${a.text.slice(0, 200)}`);
  };
}

/** The request of a generated body: its bytes, framing and content type, plus headers. */
export function requestOf(method: string, path: string, generated: { body?: Buffer; contentType?: string; chunked: boolean }, headers: Record<string, string>): FuzzRequest {
  const h = { ...headers };
  if (generated.contentType !== undefined) h['content-type'] = generated.contentType;
  return { method, path, headers: h, body: generated.body, chunked: generated.chunked && generated.body !== undefined };
}
