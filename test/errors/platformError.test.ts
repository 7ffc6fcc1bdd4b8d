import { expect } from 'chai';
import { PlatformError, tooManyRequests } from '../../src/errors/platformError.js';
import { ERROR_CATALOG } from '../../src/errors/errorCatalog.js';
import { errorBodySchema, isErrorBodyFor, statusOfCode } from '../../src/schemas/errorBody.js';

describe('error body and PlatformError', () => {
  it('[E1] every catalog code is {status}-{n} with a real HTTP status, and unique', () => {
    const codes = Object.keys(ERROR_CATALOG);
    expect(new Set(codes).size).to.equal(codes.length);
    for (const code of codes) {
      const status = statusOfCode(code);
      expect(status, code).to.be.within(400, 599);
      expect(PlatformError.of(code as keyof typeof ERROR_CATALOG).status).to.equal(status);
    }
  });

  it('[E1] the schema requires code and developerMessage and keeps unknown fields', () => {
    expect(errorBodySchema.safeParse({ developerMessage: 'x' }).success).to.equal(false);
    expect(errorBodySchema.safeParse({ code: '400-1' }).success).to.equal(false);
    expect(errorBodySchema.safeParse({ code: 'E400', developerMessage: 'x' }).success).to.equal(false);
    const parsed = errorBodySchema.parse({ code: '404-101', developerMessage: 'x', details: [{ key: 'id' }], extra: true });
    expect(parsed).to.have.property('extra', true);
  });

  it('[E1] a body is valid for a response only when the code starts with its status', () => {
    expect(isErrorBodyFor(404, { code: '404-101', developerMessage: 'x' })).to.equal(true);
    expect(isErrorBodyFor(400, { code: '404-101', developerMessage: 'x' })).to.equal(false);
  });

  it('[E1] userMessage appears only when asked for', () => {
    const err = PlatformError.of('404-101', { name: 'x' });
    expect(err.toErrorBody()).to.not.have.property('userMessage');
    expect(err.toErrorBody({ includeUserMessage: true })).to.have.property('userMessage');
    expect(err.toErrorBody().details).to.deep.equal([{ key: 'name', value: 'x' }]);
  });

  it('[E2] the 429 body is 429-001 "Too many requests." in every language', () => {
    const body = tooManyRequests(2).localized('fr-FR').toErrorBody();
    expect(body).to.deep.equal({ code: '429-001', developerMessage: 'Too many requests.' });
    expect(tooManyRequests().status).to.equal(429);
  });

  it('[E3] localises catalog errors, French or English', () => {
    const err = PlatformError.of('404-101', { name: 'case 7' });
    expect(err.localized('fr-CA').developerMessage).to.equal('Introuvable : case 7.');
    expect(err.localized('de-DE').developerMessage).to.equal('Not found: case 7.');
  });

  it('[E4] reads any error response into one typed error, body or not', () => {
    const withBody = PlatformError.fromResponse(404, { code: '404-101', developerMessage: 'no', details: [{ key: 'id', value: '3' }] });
    expect(withBody).to.be.instanceOf(PlatformError);
    expect(withBody).to.include({ status: 404, code: '404-101', developerMessage: 'no' });
    expect(withBody.details).to.deep.equal([{ key: 'id', value: '3' }]);
    const html = PlatformError.fromResponse(502, '<html>bad gateway</html>');
    expect(html).to.include({ status: 502, code: '502-000' });
    expect(html.retryable).to.equal(true);
  });
});
