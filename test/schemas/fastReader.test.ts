/**
 * The callback batch's fast path (fastReader.ts) must give zod's result exactly: for every input
 * it accepts, what `messageBatchSchema.parse` returns (the same JSON text, so the same key order);
 * for every input zod refuses, no answer (zod is asked, and its error stands). Valid batches,
 * mutated ones (fuzzMutations.ts) and hand-picked odd ones are compared.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { z } from 'zod';
import { fastReaderOf } from '../../src/schemas/fastReader.js';
import { messageBatchSchema } from '../../src/schemas/hubMessages.js';
import { defaultCallbackParser } from '../../src/adapter/callbackHandler.js';
import { ALL_SENDERS, messageBatch } from '../fuzz/validShapes.js';
import { mutated, toJsonText } from '../fuzz/fuzzMutations.js';

const readBatch = fastReaderOf(messageBatchSchema);

/** The fast path agrees with zod on `body`; returns whether it answered (took the fast path). */
function agrees(body: unknown): boolean {
  const fast = readBatch(body);
  const slow = messageBatchSchema.safeParse(body);
  if (fast === undefined) return false;
  expect(slow.success, 'the fast path accepted what zod refuses').to.equal(true);
  expect(JSON.stringify(fast)).to.equal(JSON.stringify(slow.data));
  expect(fast).to.deep.equal(slow.data);
  return true;
}

/** The callback parser's answer, or its error's message. */
function parserAnswer(body: unknown): string {
  try {
    return JSON.stringify(defaultCallbackParser(body));
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
}

/** The same, by zod alone, as the parser answered before the fast path. */
function zodAnswer(body: unknown): string {
  try {
    return JSON.stringify(messageBatchSchema.parse(body).messages.message);
  } catch {
    return 'error';
  }
}

const common = {
  messages: {
    message: [
      {
        id: 'c1-1',
        sender: { type: 'customer', id: 'customer-c1' },
        type: { value: 'text' },
        content: { text: 'hello' },
        conversation: { id: 'c1' },
        created: '2026-11-26T10:00:00.000Z',
      },
    ],
  },
};

const odd: [string, unknown][] = [
  ['null', null],
  ['an array', [common]],
  ['a string', 'x'],
  ['no messages', {}],
  ['an empty message list', { messages: { message: [] } }],
  ['a message without a sender', { messages: { message: [{ type: { value: 'text' } }] } }],
  ['a number for a string', { messages: { message: [{ sender: { type: 1 }, type: { value: 'text' } }] } }],
  ['null for an optional field', { messages: { message: [{ ...common.messages.message[0], created: null }] } }],
  ['undefined for an optional field', { messages: { message: [{ ...common.messages.message[0], language: undefined }] } }],
  ['undefined for an unknown field', { messages: { message: [{ ...common.messages.message[0], extra: undefined }] } }],
  ['a sparse message list', { messages: { message: Object.assign(new Array<unknown>(2), { 1: common.messages.message[0] }) } }],
  ['a __proto__ key', JSON.parse('{"messages":{"message":[{"__proto__":{"x":1},"sender":{"type":"customer"},"type":{"value":"text"}}]}}')],
  ['a class instance', { messages: { message: [Object.assign(new (class Message {})(), common.messages.message[0])] } }],
  ['a null-prototype object', { messages: { message: [Object.assign(Object.create(null) as object, common.messages.message[0])] } }],
  ['a string for a boolean', { messages: { message: [{ ...common.messages.message[0], content: { multiSelect: 'yes' } }] } }],
  ['bad metadata', { ...common, metadata: { attributes: [{ name: 'x' }] } }],
  ['unknown fields everywhere', { z: 1, ...common, metadata: { q: [1], attributes: [{ value: 'v', name: 'n', k: {} }] }, messages: { a: 1, message: [{ x: { y: 1 }, ...common.messages.message[0], conversation: { q: 1, id: 'c', account: { channel: { type: 't', w: 2 } } } }] } }],
  ['rich content', { messages: { message: [{ ...common.messages.message[0], content: { title: 't', multiSelect: true, items: [{ id: 'i', title: 'x', extra: 1 }], elements: [{ id: 'e', buttons: [{ id: 'b', type: 'url', label: 'l', url: 'https://x' }], media: [{ url: 'u' }] }] } }] } }],
];

describe('the callback batch read by its fast path', () => {
  it('[R1] takes the fast path for the common well-formed batch, with zod\'s result', () => {
    expect(agrees(common)).to.equal(true);
    expect(agrees(JSON.parse(JSON.stringify(common)))).to.equal(true);
  });

  for (const [name, body] of odd) {
    it(`[R1] agrees with zod on ${name}`, () => {
      const fast = agrees(body);
      if (name === 'unknown fields everywhere' || name === 'rich content') expect(fast, 'the fast path reads it').to.equal(true);
      expect(parserAnswer(body).startsWith('error') ? 'error' : parserAnswer(body)).to.equal(zodAnswer(body));
    });
  }

  it('[R1] agrees with zod on any valid-shaped batch, and takes the fast path for it', () => {
    fc.assert(
      fc.property(messageBatch(ALL_SENDERS, () => ['c1', 'c2']), (body) => {
        const json = JSON.parse(JSON.stringify(body)) as unknown;
        expect(agrees(json)).to.equal(true);
      }),
      { numRuns: 500 },
    );
  });

  it('[R1] agrees with zod on mutated batches (fields missing, of another type, null, odd keys), and the callback parser answers as zod alone did', () => {
    fc.assert(
      fc.property(mutated(messageBatch(ALL_SENDERS, () => ['c1'])), (body) => {
        // Nesting thousands deep is kept by reference by both readers, but this test's own
        // JSON.stringify of the result would overflow the stack.
        if (body === undefined || /deep:\d{4}/.test(JSON.stringify(body))) return;
        const text = toJsonText(body);
        if (text.length > 100_000) return;
        const json = JSON.parse(text) as unknown;
        agrees(json);
        const answer = parserAnswer(json);
        expect(answer.startsWith('error') ? 'error' : answer).to.equal(zodAnswer(json));
      }),
      { numRuns: 2000 },
    );
  });

  it('[R1] leaves to zod a schema node it does not know (a regex, a union, a stripping object)', () => {
    const schema = z.looseObject({ a: z.string().regex(/^x/), b: z.union([z.string(), z.number()]).optional(), c: z.object({ d: z.string() }).optional() });
    const read = fastReaderOf(schema);
    expect(read({ a: 'x' })).to.equal(undefined);
    expect(fastReaderOf(z.looseObject({ a: z.string() }))({ a: 'x', b: 2 })).to.deep.equal({ a: 'x', b: 2 });
  });
});
