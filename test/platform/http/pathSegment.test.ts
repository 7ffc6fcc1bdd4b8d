/**
 * S17 on the way out: an id the hub sent goes into a URL path or query exactly, lone surrogates
 * included, and one of our servers refuses such a path with the contract's 400 body (never a
 * 500, never another id).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { createJsonServer } from '../../../src/httpServer/jsonServer.js';
import { pathSegment, queryString } from '../../../src/platform/http/pathSegment.js';
import { similarIds } from '../../storage/exactIdsProperty.js';

/** The UTF-16 code units percent escapes of generalized UTF-8 (WTF-8) stand for. */
function fromWtf8Escapes(segment: string): string {
  const bytes = Buffer.from(segment.replace(/%([0-9A-F]{2})|([^%])/gi, (_, hex?: string, ch?: string) => (hex ? String.fromCharCode(parseInt(hex, 16)) : ch!)), 'latin1');
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const len = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    const cont = [...bytes.subarray(i + 1, i + len)].map((x) => x & 0x3f);
    const cp = len === 1 ? b : cont.reduce((acc, x) => (acc << 6) | x, b & (0xff >> (len + 1)));
    out += String.fromCodePoint(cp);
    i += len;
  }
  return out;
}

describe('Ids in URLs, exactly (S17)', () => {
  it('[S17] a lone surrogate becomes its WTF-8 escapes: \\ud800, \\udbff, \\udc00 and U+FFFD are four segments', () => {
    expect(['m\ud800', 'm\udbff', 'm\udc00', 'm\ufffd'].map(pathSegment)).to.deep.equal(['m%ED%A0%80', 'm%ED%AF%BF', 'm%ED%B0%80', 'm%EF%BF%BD']);
    // A pair is a character, written as encodeURIComponent writes it.
    expect(pathSegment('a😀/b')).to.equal(encodeURIComponent('a😀/b'));
  });

  it('[S17] path segments and query values are one to one on ids differing in one code unit, and give the id back', () => {
    fc.assert(
      fc.property(similarIds, (ids) => {
        const segments = ids.map(pathSegment);
        expect(new Set(segments).size).to.equal(new Set(ids).size);
        expect(segments.map(fromWtf8Escapes)).to.deep.equal(ids);
        const queries = ids.map((id) => queryString([['id', id]]));
        expect(new Set(queries).size).to.equal(new Set(ids).size);
      }),
      { numRuns: 2000 },
    );
  });

  it('[S17] a query of well-formed values is written as URLSearchParams writes it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string())), (entries) => {
        const wellFormed = entries.map(([k, v]): [string, string] => [k.replace(/[\ud800-\udfff]/g, 'x'), v.replace(/[\ud800-\udfff]/g, 'y')]);
        expect(queryString(wellFormed)).to.equal(new URLSearchParams(wellFormed).toString());
      }),
    );
  });

  it('[S17] our servers refuse a path with such escapes with the contract 400 body, never a 500 nor the id with U+FFFD', async () => {
    const app = createJsonServer({ name: 'exact-ids' });
    app.route('get', '/conversations/:id', ({ res, params }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: params.id }));
    });
    const base = await app.listen();
    try {
      for (const id of ['c\ud800', 'c\udbff', 'c\udc00']) {
        const res = await fetch(`${base}/conversations/${pathSegment(id)}`);
        expect(res.status).to.equal(400);
        expect(await res.json()).to.deep.include({ code: '400-101' });
      }
      const served = await fetch(`${base}/conversations/${pathSegment('c\ufffd')}`);
      expect(await served.json()).to.deep.equal({ id: 'c\ufffd' });
      expect((await fetch(`${base}/elsewhere`)).status).to.equal(404);
    } finally {
      await app.close();
    }
  });
});
