/**
 * The transcript stores mask customer data on the activity's JSON text (S13, customerDataJson.ts)
 * instead of parsing, masking and serialising it again: the text must come out exactly as that
 * round trip gives it, for any JSON value JSON.stringify writes.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { maskCustomerDataDeep, type CustomerDataKind } from '../../src/observability/customerData.js';
import { maskCustomerDataJson } from '../../src/observability/customerDataJson.js';

const roundTrip = (json: string, kinds?: CustomerDataKind[]) => JSON.stringify(maskCustomerDataDeep(JSON.parse(json) as unknown, kinds));

/** Strings with customer data, escapes, and plain words, mixed. */
const text = fc.oneof(
  fc.constantFrom('card 4111 1111 1111 1111', 'mail jean.dupont@example.com', '+33 6 12 34 56 78', 'call (555) 123-4567', 'quote " and \\ back', 'line\nbreak 0612345678', 'tab\t@x.io', 'é 2026-11-24', '\u0000 4111111111111111', ''),
  fc.string(),
  fc.string({ unit: fc.constantFrom('1', '2', ' ', '-', '@', 'a', '.', '"', '\\', '\n', 'é') }),
);
/** Keys: structural ones (id, timestamp, ...), ordinary ones, and odd ones. */
const key = fc.oneof(fc.constantFrom('id', 'conversationId', 'timestamp', 'text', 'value', 'from', 'name', 'ids', '__proto__', 'a"b', 'x\\y', 'serviceUrl', 'entities'), fc.string());
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
}));

/** `inner` nested `n` containers deep (objects under an ordinary key and arrays, in turn). */
function nested(n: number, inner: unknown): unknown {
  let v = inner;
  for (let i = 0; i < n; i++) v = i % 2 === 0 ? { text: v, n: i } : [v, 'x'];
  return v;
}

describe('customer data masked on JSON text', () => {
  it('[S13] gives exactly the text of parsing, masking and serialising again, for any JSON value (all kinds, and each kind alone)', () => {
    fc.assert(
      fc.property(value, fc.constantFrom<CustomerDataKind[] | undefined>(undefined, ['cards'], ['emails'], ['phones'], []), (v, kinds) => {
        const json = JSON.stringify(v);
        expect(maskCustomerDataJson(json, kinds)).to.equal(roundTrip(json, kinds));
      }),
      { numRuns: 2000 },
    );
  });

  it('[S13] masks an activity as a transcript keeps it: text and values, never ids, times or what nests under a structural key', () => {
    const activity = {
      type: 'message',
      id: '0612345678',
      timestamp: '2026-11-24T10:00:00.000Z',
      from: { id: 'customer-0612345678', name: 'jean.dupont@example.com', role: 'user' },
      conversation: { id: '4111111111111111' },
      text: 'my card is 4111 1111 1111 1111, "call" me on +33 6 12 34 56 78',
      value: { note: ['x@y.io', { ids: ['0612345678'] }] },
    };
    const json = JSON.stringify(activity);
    const masked = JSON.parse(maskCustomerDataJson(json)) as typeof activity;
    expect(masked.text).to.equal('my card is [card], "call" me on [phone]');
    expect(masked.from).to.deep.equal({ id: 'customer-0612345678', name: '[email]', role: 'user' });
    expect([masked.id, masked.conversation.id, masked.timestamp]).to.deep.equal([activity.id, activity.conversation.id, activity.timestamp]);
    expect(masked.value).to.deep.equal({ note: ['[email]', { ids: ['0612345678'] }] });
    expect(maskCustomerDataJson(json)).to.equal(roundTrip(json));
  });

  it('[S13] keeps what nests deeper than the mask goes, as the object form does', () => {
    for (const depth of [30, 31, 32, 33, 34]) {
      const json = JSON.stringify(nested(depth, 'mail me at jean@example.com'));
      expect(maskCustomerDataJson(json), `depth ${depth}`).to.equal(roundTrip(json));
    }
    expect(maskCustomerDataJson(JSON.stringify(nested(2, 'jean@example.com')))).to.not.include('jean@example.com');
    expect(maskCustomerDataJson(JSON.stringify(nested(40, 'jean@example.com')))).to.include('jean@example.com');
  });
});
