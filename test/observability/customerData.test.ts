/**
 * maskCustomerData skips a pattern when the text has too few digits for it (or no @): the skip
 * must never change a result, so it is held equal to running every pattern on every text.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { maskCustomerData, maskWithEveryPattern, type CustomerDataKind } from '../../src/observability/customerData.js';
import { maskCustomerDataJson } from '../../src/observability/customerDataJson.js';

/** Texts dense in what the patterns look at: digits, separators, @, dots, letters, plus signs. */
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('1', '2', '4', '0', ' ', '-', '.', '(', ')', '+', '@', 'a', 'x', '_'), maxLength: 40 }),
  // At the bounds: a card of 13 digits (Luhn-valid), a phone of 7 digits with its +, of 9 without.
  fc.constantFrom('4222222222222', '4222-2222-22222', '+12 345 67', 'tel +1234567', '123456789', '4111 1111 1111 1111', '+33 6 12 34 56', '+1 555 1234', '555 123 45', 'jean.dupont@example.com 0612345678', '4111111111111111@x.io', '2026-11-26', '10.0.0.1', 'm12; text', ''),
  fc.string(),
);
const kinds = fc.constantFrom<CustomerDataKind[]>(['cards', 'emails', 'phones'], ['cards'], ['emails'], ['phones'], ['emails', 'phones'], ['cards', 'phones'], []);

describe('customer data masking skips what cannot match', () => {
  it('[S13] masks exactly as running every pattern on the text, for any text and kinds', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), kinds, (parts, k) => {
        const t = parts.join(' ');
        expect(maskCustomerData(t, k)).to.equal(maskWithEveryPattern(t, k));
      }),
      { numRuns: 5000 },
    );
  });

  it('[S13] masks data written with \\u escapes in JSON text (an @ or digits hidden in them)', () => {
    const email = '{"text":"mail jean\\u0040example.com"}';
    expect(JSON.parse(maskCustomerDataJson(email))).to.deep.equal({ text: 'mail [email]' });
    const phone = '{"text":"call \\u0030612345678"}';
    expect(JSON.parse(maskCustomerDataJson(phone))).to.deep.equal({ text: 'call [phone]' });
    // A short reference with quotes and a line break has nothing to mask: the text comes back as it was.
    const plain = '{"text":"order \\"12\\"\\nthanks"}';
    expect(maskCustomerDataJson(plain)).to.equal(plain);
  });
});
