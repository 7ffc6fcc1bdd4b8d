import { expect } from 'chai';
import { compileJsonPath, queryJsonPath, JsonPathError } from '../../src/jsonpath/jsonPathSubset.js';

describe('JSONPath subset for accessTokenPath', () => {
  const doc = { access_token: 'a', data: { 'token-value': 'b', list: [{ t: 'c' }, { t: 'd' }] }, 'odd key': 'e' };

  it('evaluates $, .name, [\'name\'], ["name"] and [n]', () => {
    expect(queryJsonPath('$', doc)).to.equal(doc);
    expect(queryJsonPath('$.access_token', doc)).to.equal('a');
    expect(queryJsonPath("$.data['token-value']", doc)).to.equal('b');
    expect(queryJsonPath('$["odd key"]', doc)).to.equal('e');
    expect(queryJsonPath('$.data.list[1].t', doc)).to.equal('d');
  });

  it('answers undefined for missing steps, never inherited properties', () => {
    expect(queryJsonPath('$.nope.deeper', doc)).to.equal(undefined);
    expect(queryJsonPath('$.data.list[5]', doc)).to.equal(undefined);
    expect(queryJsonPath('$.constructor', doc)).to.equal(undefined);
    expect(queryJsonPath('$.access_token[0]', doc)).to.equal(undefined);
  });

  for (const bad of ['', 'access_token', '$..x', '$.a[*]', '$[?(@.a)]', '$.a[(1+1)]', "$['a", '$.', '$.a b', '$[-1]', "$['a\\'b']"]) {
    it(`refuses ${JSON.stringify(bad)} with a message naming the position`, () => {
      expect(() => compileJsonPath(bad)).to.throw(JsonPathError, /position \d+/);
    });
  }
});
