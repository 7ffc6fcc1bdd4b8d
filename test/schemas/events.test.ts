import { expect } from 'chai';
import { EVENT_PAYLOAD_SCHEMAS, KNOWN_EVENT_KINDS, eventEnvelopeSchema, eventKindOf, isKnownEventKind, articleDateReachedSchema } from '../../src/schemas/events.js';

describe('knowledge event kinds and envelope (6)', () => {
  it('[W8] types exactly the eleven known kinds', () => {
    expect(KNOWN_EVENT_KINDS).to.have.length(11);
    expect(Object.keys(EVENT_PAYLOAD_SCHEMAS).sort()).to.deep.equal([...KNOWN_EVENT_KINDS].sort());
    expect(isKnownEventKind('article_deleted')).to.equal(true);
    expect(isKnownEventKind('article_archived')).to.equal(false);
  });

  it('[W8] availability and expiration share one payload shape', () => {
    expect(EVENT_PAYLOAD_SCHEMAS.article_availability_date_reached).to.equal(articleDateReachedSchema);
    expect(EVENT_PAYLOAD_SCHEMAS.article_expiration_date_reached).to.equal(articleDateReachedSchema);
  });

  it('[W5] the envelope requires only notificationId and keeps unknown fields', () => {
    const parsed = eventEnvelopeSchema.parse({ notificationId: 'n-1', eventType: 'brand_new_kind', whatever: { a: 1 } }) as Record<string, unknown>;
    expect(parsed.whatever).to.deep.equal({ a: 1 });
    expect(eventEnvelopeSchema.safeParse({ eventType: 'article_created' }).success).to.equal(false);
    expect(eventEnvelopeSchema.safeParse({ notificationId: '' }).success).to.equal(false);
  });

  it('[W8] reads the kind from the assumed field, or another configured one', () => {
    expect(eventKindOf({ eventType: 'article_moved' })).to.equal('article_moved');
    expect(eventKindOf({ kind: 'article_moved' }, ['kind'])).to.equal('article_moved');
    expect(eventKindOf({})).to.equal(undefined);
  });
});
