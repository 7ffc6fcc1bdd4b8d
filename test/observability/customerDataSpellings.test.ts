/**
 * S18: a card number, e-mail address or phone number is masked however it is written (any
 * separators, Unicode spaces and dashes, digits of any script, full-width letters), and ordinary
 * text with numbers in it is left as it is. Spellings are drawn at random (fast-check).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { maskCustomerData, passesLuhn } from '../../src/observability/customerData.js';
import { maskCustomerDataJson } from '../../src/observability/customerDataJson.js';

/** The zero of some scripts' decimal digits: ASCII, full-width, Arabic-Indic, Persian, Devanagari, Bengali, Thai, mathematical bold and monospace. */
const ZEROS = [0x30, 0xff10, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0x1d7ce, 0x1d7f6];
const CARD_SEPARATORS = [' ', '  ', '.', '/', '-', ' - ', ' / ', '\u00a0', '\u2009', '\u202f', '\u3000', '\u2013', '\uff0d', '\u00a0\u00a0'];
const PHONE_SEPARATORS = [' ', '  ', '.', '-', '/', '\u00a0', '\u2009', '\u3000', '\u2011'];

/** A Luhn-valid card number of 13 to 19 digits. */
const cardNumber = fc.integer({ min: 12, max: 18 }).chain((n) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((body) => {
    const digits = body.join('');
    const check = [...Array(10).keys()].find((d) => passesLuhn(digits + d))!;
    return digits + check;
  }),
);

/** Each digit in a script drawn at random (one script for all, or one per digit). */
function spelledDigits(digits: string, scripts: number[]): string[] {
  return [...digits].map((d, i) => String.fromCodePoint(scripts[i % scripts.length] + Number(d)));
}

const scripts = fc.oneof(fc.constantFrom(...ZEROS).map((z) => [z]), fc.array(fc.constantFrom(...ZEROS), { minLength: 1, maxLength: 19 }));

/** `digits` spelled: a script per digit, and a separator (or none) between any two. */
function spelling(digits: fc.Arbitrary<string>, separators: string[]): fc.Arbitrary<{ digits: string; written: string }> {
  return digits.chain((d) =>
    fc.tuple(scripts, fc.array(fc.option(fc.constantFrom(...separators), { freq: 2 }), { minLength: d.length, maxLength: d.length })).map(([s, seps]) => {
      const spelled = spelledDigits(d, s);
      return { digits: d, written: spelled.map((ch, i) => (i === 0 ? ch : (seps[i] ?? '') + ch)).join('') };
    }),
  );
}

/** Letters, the at sign and the dot in full width, at random. */
function fullWidthSome(text: string, which: boolean[]): string {
  return [...text].map((c, i) => (which[i % which.length] && c > ' ' && c < '\x7f' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
}

describe('Customer data masked however it is written (S18)', () => {
  it('[S18] masks a Luhn-valid card number spelled with any separators, Unicode spaces and dashes, and digits of any script', () => {
    fc.assert(
      fc.property(spelling(cardNumber, CARD_SEPARATORS), ({ written }) => {
        const text = `my card is ${written} thanks`;
        expect(maskCustomerData(text)).to.equal('my card is [card] thanks');
        expect(JSON.parse(maskCustomerDataJson(JSON.stringify({ text })))).to.deep.equal({ text: 'my card is [card] thanks' });
      }),
      { numRuns: 3000 },
    );
  });

  it('[S18] the spellings of the attack (dots, no-break spaces, double spaces, slashes, full-width digits) are masked', () => {
    for (const written of ['4111.1111.1111.1111', '4111\u00a01111\u00a01111\u00a01111', '4111  1111  1111  1111', '4111/1111/1111/1111', '４１１１ １１１１ １１１１ １１１１', '４１１１１１１１１１１１１１１１']) {
      expect(maskCustomerData(`card: ${written}.`)).to.equal('card: [card].');
    }
  });

  it('[S18] masks a phone number spelled with any separators and digits of any script', () => {
    // At most 12 digits: a longer one that passes the Luhn check is taken for a card first.
    const phone = fc.tuple(fc.integer({ min: 1, max: 999 }), fc.array(fc.integer({ min: 100, max: 999 }), { minLength: 2, maxLength: 3 })).map(([cc, groups]) => `${cc}${groups.join('')}`);
    fc.assert(
      fc.property(spelling(phone, PHONE_SEPARATORS), fc.constantFrom('+', '+ ', '＋'), ({ written }, plus) => {
        fc.pre(written.length > 0);
        expect(maskCustomerData(`call ${plus}${written} please`)).to.equal('call [phone] please');
      }),
      { numRuns: 2000 },
    );
  });

  it('[S18] masks an e-mail address with full-width letters, at sign and dots', () => {
    const address = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9._]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{2,8}$/), fc.constantFrom('com', 'de', 'co.uk')).map(([l, d, t]) => `${l}@${d}.${t}`);
    fc.assert(
      fc.property(address, fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }), (a, which) => {
        expect(maskCustomerData(`write to ${fullWidthSome(a, which)} soon`)).to.equal('write to [email] soon');
      }),
      { numRuns: 1000 },
    );
  });

  it('[S18] leaves ordinary text with numbers alone: order dates and times, versions, prices, quantities, in any digits', () => {
    const piece = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2000, max: 2030 }), fc.constantFrom('.', '/')).map(([d, m, y, s]) => `${d}${s}${m}${s}${y}`),
      fc.tuple(fc.integer({ min: 2000, max: 2030 }), fc.integer({ min: 10, max: 12 }), fc.integer({ min: 10, max: 28 })).map(([y, m, d]) => `${y}-${m}-${d}`),
      fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 10, max: 59 })).map(([h, m]) => `${h}:${m}`),
      fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 20 })).map(([a, b]) => `Printers ${a}.${b}`),
      fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `€${a}.${b}`),
      fc.integer({ min: 0, max: 99_999 }).map((n) => `order ${n}`),
      fc.constantFrom('page 3 of 12', 'room 101', 'ISO 9001', 'Windows 11', 'v2.10.3'),
    );
    const words = fc.constantFrom(' on ', ' at ', ', then ', ' and ', ' for ');
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, words), { minLength: 1, maxLength: 5 }), fc.constantFrom(...ZEROS), (parts, zero) => {
        const ascii = parts.map(([p, w]) => p + w).join('') + 'thanks';
        const text = ascii.replace(/\d/g, (d) => String.fromCodePoint(zero + Number(d)));
        expect(maskCustomerData(text)).to.equal(text);
      }),
      { numRuns: 3000 },
    );
  });
});
