/**
 * The contract test of the emulator against the vendor's published examples (F5): every
 * example of vendorExamples.ts is replayed over HTTP, in the vendor's request form, against the
 * emulator in default mode and in realistic mode, and its answer is compared field by field
 * with the example's (names, JSON types, and the values marked exact). Default mode must give
 * the contract's form where the contract names one and the vendor's where it is silent;
 * realistic mode must carry every field of the vendor's examples. A drift fails here.
 */
import { expect } from 'chai';
import { PORTAL, startPortalFixture, type PortalFixture } from './portalFixture.js';
import { VENDOR_EXAMPLES, type Form, type Learnt } from './vendorExamples.js';

/**
 * Where `actual` lacks a field of `example` or has it with another JSON type; array items are
 * each compared with the example's first. A list the answer is about (a field of the body
 * itself) must have items where the example has; a nested one may be empty (a text question
 * has no valid answers).
 */
export function fieldDiffs(example: unknown, actual: unknown, path = ''): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  const here = path || '(body)';
  if (kind(example) !== kind(actual)) return [`${here}: ${kind(example)} in the example, ${kind(actual)} in the answer`];
  if (Array.isArray(example)) {
    const items = actual as unknown[];
    if (example.length === 0) return [];
    if (items.length === 0) return path.includes('.') ? [] : [`${here}: an empty array where the example has items`];
    return items.flatMap((item, i) => fieldDiffs(example[0], item, `${path}.${i}`));
  }
  if (kind(example) !== 'object') return [];
  const a = actual as Record<string, unknown>;
  return Object.entries(example as Record<string, unknown>).flatMap(([k, v]) =>
    Object.hasOwn(a, k) ? fieldDiffs(v, a[k], path ? `${path}.${k}` : k) : [`${path ? `${path}.${k}` : k}: missing`],
  );
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v === null || typeof v !== 'object' ? undefined : (v as Record<string, unknown>)[k]), value);
}

for (const [mode, form] of [['default', 'contract'], ['realistic', 'vendor']] as const satisfies readonly (readonly [string, Form])[]) {
  describe(`[F5] the vendor's published examples replayed against the emulator in ${mode} mode`, () => {
    let f: PortalFixture;
    let token: string;
    const learnt: Learnt = {};
    before(async () => {
      f = await startPortalFixture();
      f.emu.setRealistic(mode === 'realistic');
      token = f.token({ id: 'ann' });
    });
    after(() => f.stop());

    it(`[F5] the examples are those of ${PORTAL}, every family present`, () => {
      expect(new Set(VENDOR_EXAMPLES.map((e) => e.family))).to.deep.equal(new Set(['guided help', 'quickpicks', 'suggestions', 'uploads']));
    });

    for (const ex of VENDOR_EXAMPLES) {
      it(`[F5] ${ex.family}: ${ex.name} answers ${ex.status} in the ${form}'s form, field by field`, async () => {
        const req = ex.request(learnt);
        const r = await f.call(req.method, req.path, { token, body: req.body, headers: req.headers });
        expect(r.status, JSON.stringify(r.body)).to.equal(ex.status);
        if (ex.answer) {
          const example = ex.answer(form);
          expect(fieldDiffs(example, r.body), JSON.stringify(r.body)).to.deep.equal([]);
          for (const p of ex.exact ?? []) expect(at(r.body, p), p).to.deep.equal(at(example, p));
        } else expect(r.body, 'no body').to.equal(undefined);
        ex.learn?.(r, learnt);
      });
    }
  });
}

describe('[F5] the field-by-field comparison itself', () => {
  it('[F5] names a missing field, a field of another type and an empty list, and passes extra fields', () => {
    expect(fieldDiffs({ a: { b: [{ c: 1 }] }, d: 'x' }, { a: { b: [{ c: '1' }] } })).to.deep.equal(['a.b.0.c: number in the example, string in the answer', 'd: missing']);
    expect(fieldDiffs({ link: { rel: 'self' } }, { link: [{ rel: 'self' }] })).to.deep.equal(['link: object in the example, array in the answer']);
    expect(fieldDiffs({ l: [1] }, { l: [] })).to.deep.equal(['l: an empty array where the example has items']);
    expect(fieldDiffs({ a: 1 }, { a: 2, extra: true })).to.deep.equal([]);
  });
});
