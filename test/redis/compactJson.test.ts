import { expect } from 'chai';
import fc from 'fast-check';
import { CompactJson } from '../../src/redis/compactJson.js';

const codec = new CompactJson('t', ['{"type":"message","id":"', '","name":"', ',"text":"', ':start', 'en-US"']);

describe('CompactJson: the shorter form of JSON kept in Redis', () => {
  it('gives back, byte for byte, any JSON it was given, with or without context strings', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.string(), { maxLength: 4 }), (value, context) => {
        const json = JSON.stringify(value);
        expect(codec.decode(codec.encode(json, context), context)).to.equal(json);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives back JSON made of its dictionary, UUIDs, times and context strings, shorter', () => {
    const conversation = '7cf905bb-7927-44eb-b974-c1957b701a7c';
    const pieces = fc.constantFrom('{"type":"message","id":"', '","name":"', ',"text":"', ':start', 'en-US"', conversation, 'conversation-hub', '"2026-11-26T06:28:06.535Z"', '"1969-12-31T23:59:59.999Z"', 'A1b2C3d4-0000-4000-8000-000000000000', '\\u0001', '\\"', 'x');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), fc.uuid(), fc.date({ noInvalidDate: true }), (parts, uuid, date) => {
        const json = JSON.stringify({ t: parts.join(''), uuid, at: date, [uuid]: [date, parts.join('')] });
        expect(codec.decode(codec.encode(json, [conversation, 'conversation-hub']), [conversation, 'conversation-hub'])).to.equal(json);
      }),
      { numRuns: 2000 },
    );
    const json = JSON.stringify({ type: 'message', id: `${conversation}:start`, timestamp: new Date(Date.UTC(2026, 10, 26)), channelId: 'conversation-hub', replyToId: '5d78e752-c033-43dc-82ed-580c2e9e2f49' });
    const short = codec.encode(json, [conversation, 'conversation-hub']);
    expect(short.length).to.be.below(json.length / 2);
    expect(short).not.to.include(conversation).and.not.to.include('5d78e752').and.not.to.include('2026-');
  });

  it('gives back any JSON with a raw JSON text among its context strings (a field and its value), which a reader without it reads as left out', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), fc.string(), (value, url, channel) => {
        const fragment = `","serviceUrl":"${JSON.stringify(url).slice(1, -1)}`;
        const json = JSON.stringify({ channelId: channel, serviceUrl: url, value });
        const context = ['c-1', channel, { json: fragment }];
        const short = codec.encode(json, context);
        expect(codec.decode(short, context)).to.equal(json);
        // The previous release passes two context strings: the fragment reads as nothing.
        if (fragment.length > 1 && json.startsWith(`{"channelId":"${JSON.stringify(channel).slice(1, -1)}${fragment}"`) && !json.includes(fragment, 1 + json.indexOf(fragment))) {
          expect(codec.decode(short, context.slice(0, 2))).to.equal(JSON.stringify({ channelId: channel, value }));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a plain JSON value (an earlier version wrote it) as it is', () => {
    const plain = JSON.stringify({ type: 'message', id: '5d78e752-c033-43dc-82ed-580c2e9e2f49', text: 'hello' });
    expect(codec.decode(plain, ['5d78e752-c033-43dc-82ed-580c2e9e2f49'])).to.equal(plain);
  });

  it('refuses a value of another version, a dictionary it cannot tell apart, and keeps text that is not JSON as it is', () => {
    const other = new CompactJson('u', ['{"type":"message","id":"']);
    expect(() => codec.decode(other.encode('{"type":"message","id":"x"}'))).to.throw(RangeError);
    expect(() => new CompactJson('t', ['ab', 'ab'])).to.throw(RangeError);
    expect(() => new CompactJson('t', ['a\u0002b'])).to.throw(RangeError);
    expect(() => new CompactJson('tt', [])).to.throw(RangeError);
    expect(codec.decode(codec.encode('a\nb'))).to.equal('a\nb');
    expect(() => codec.encode('\u0001t')).to.throw(RangeError);
  });
});
