import { expect } from 'chai';
import { authenticationInputSchema, authenticationSchema, authenticationListSchema, encodeTokenPayload } from '../../src/schemas/authentication.js';

const valid = {
  name: 'bot token',
  type: 'oauth2',
  oauth2: {
    tokenRequestUrl: 'https://bot.example.com/oauth/token',
    method: 'POST',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    payload: encodeTokenPayload({ client_id: '<CLIENT_ID>', client_secret: '<CLIENT_SECRET>', grant_type: 'client_credentials' }),
    accessTokenPath: '$.access_token',
  },
};

describe('authentication resource (2.1)', () => {
  it('[C1] accepts an oauth2 authentication with payload as an escaped JSON string', () => {
    const parsed = authenticationInputSchema.parse(valid);
    expect(parsed.type).to.equal('oauth2');
    if (parsed.type !== 'oauth2') throw new Error('narrowing');
    expect(JSON.parse(parsed.oauth2.payload)).to.deep.include({ client_id: '<CLIENT_ID>' });
    expect(parsed.oauth2.headers[0]).to.deep.equal({ name: 'Content-Type', value: 'application/json' });
  });

  it('[C1] refuses a payload that is an object rather than a JSON document in a string', () => {
    const r = authenticationInputSchema.safeParse({ ...valid, oauth2: { ...valid.oauth2, payload: { client_id: 'x' } } });
    expect(r.success).to.equal(false);
    const r2 = authenticationInputSchema.safeParse({ ...valid, oauth2: { ...valid.oauth2, payload: 'client_id=x' } });
    expect(r2.success).to.equal(false);
  });

  it('[C1] refuses an accessTokenPath outside the JSONPath subset', () => {
    for (const path of ['$..token', '$.tokens[?(@.x)]', 'access_token', '$.a[*]']) {
      const r = authenticationInputSchema.safeParse({ ...valid, oauth2: { ...valid.oauth2, accessTokenPath: path } });
      expect(r.success, path).to.equal(false);
    }
  });

  it('[C1] accepts the basic variant with its unshown fields kept', () => {
    const parsed = authenticationInputSchema.parse({ name: 'b', type: 'basic', basic: { username: 'u' } });
    expect(parsed).to.have.property('basic');
  });

  it('[C1] reads a stored authentication with id, created, modified and keeps unknown fields', () => {
    const stored = { ...valid, id: '6f1c0e1a-0000-4000-8000-000000000001', created: '2026-01-01T00:00:00Z', modified: '2026-01-02T00:00:00Z', extra: 1 };
    const parsed = authenticationSchema.parse(stored) as Record<string, unknown>;
    expect(parsed.id).to.equal(stored.id);
    expect(parsed.modified).to.equal(stored.modified);
    expect(parsed.extra).to.equal(1);
    expect(authenticationListSchema.parse({ authentication: [stored] }).authentication).to.have.length(1);
  });

  it('[C1] refuses a type other than oauth2 or basic, and a missing name', () => {
    expect(authenticationInputSchema.safeParse({ ...valid, type: 'saml' }).success).to.equal(false);
    expect(authenticationInputSchema.safeParse({ ...valid, name: '' }).success).to.equal(false);
  });
});
