/**
 * Requests that are not valid HTTP, written straight to a socket: odd request lines, broken
 * header lines, Content-Length that is not a number or fights Transfer-Encoding, bad chunk
 * sizes, bare LF line ends, NUL bytes, a header block past node's 16 KiB limit. Node's parser
 * refuses these before any route runs; the property is the same as everywhere: whatever answer
 * comes back is a 2.3 error body with its status, never a 5xx, and the server stays up.
 */
import fc from 'fast-check';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { newStats, progress, report, runsFor, type SurfaceName } from './fuzzBudget.js';
import { parseRawAnswers, sendRaw } from './fuzzHttp.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'G E T', 'PO\u0000ST', 'BREW', 'get', ''];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', 'http/1.1', 'HTTP/9', ''];
const ODD_HEADER_LINES = [
  'Content-Length: abc', 'Content-Length: -1', 'Content-Length: 5\r\nContent-Length: 6', 'Transfer-Encoding: chunked\r\nContent-Length: 3',
  'Transfer-Encoding: gzip, chunked', 'Transfer-Encoding: xchunked', 'No-Colon-Here', 'Bad Name: x', ' Leading: space', 'X: a\r\n folded',
  'X-Nul: a\u0000b', 'Content-Type: application/json', 'Expect: 100-continue', 'Expect: x-odd', 'Connection: upgrade\r\nUpgrade: websocket',
];

function requestBytes(paths: string[]): fc.Arbitrary<Buffer> {
  return fc
    .record({
      method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 8 })),
      path: fc.oneof(fc.constantFrom(...paths, '*', 'http://x/healthz', '/%', '/a b', ''), fc.string({ maxLength: 20 })),
      version: fc.constantFrom(...VERSIONS),
      lines: fc.array(fc.constantFrom(...ODD_HEADER_LINES), { maxLength: 3 }),
      long: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 17_000, max: 40_000 }) }),
      lf: fc.boolean(),
      chunk: fc.constantFrom('', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\nhello\r\n0\r\n\r\n', 'ffffffffffffffffff\r\n', '3\r\nabcdef\r\n', '{"a":1}'),
    })
    .map((r) => {
      const eol = r.lf ? '\n' : '\r\n';
      // Connection: close, so a well-formed request ends with the server closing, not with a wait.
      const head = [`${r.method} ${r.path} ${r.version}`, 'Host: 127.0.0.1', 'Connection: close', ...r.lines];
      if (r.long > 0) head.push(`X-Long: ${'v'.repeat(r.long)}`);
      return Buffer.from(`${head.join(eol)}${eol}${eol}${r.chunk}`, 'latin1');
    });
}

/** Fuzzes `base` with raw bytes for the share of `surface`; `paths` are routes the server knows. */
export async function fuzzRawSurface(surface: SurfaceName, base: string, paths: string[], alive: () => Promise<void>): Promise<void> {
  const stats = newStats();
  await fc.assert(
    fc.asyncProperty(requestBytes(paths), async (bytes) => {
      const answers = parseRawAnswers(await sendRaw(base, bytes));
      stats.inputs += 1;
      for (const a of answers) {
        stats.statuses.set(a.status, (stats.statuses.get(a.status) ?? 0) + 1);
        const shown = `\n  request ${JSON.stringify(bytes.toString('latin1').slice(0, 300))}\n  answer ${a.status} ${a.contentType ?? ''} ${a.body.slice(0, 200)}`;
        if (a.status >= 500) throw new Error(`${surface}: unexpected ${a.status}${shown}`);
        if (a.status < 400) continue;
        let body: unknown;
        try {
          body = JSON.parse(a.body);
        } catch {
          body = undefined;
        }
        if (!isErrorBodyFor(a.status, body)) throw new Error(`${surface}: [E1] a refusal that is not a 2.3 error body${shown}`);
      }
      if (stats.inputs % 100 === 0) await alive();
      progress(surface, stats);
    }),
    { numRuns: runsFor(surface), seed: process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED) },
  );
  await alive();
  report(surface, stats);
}
