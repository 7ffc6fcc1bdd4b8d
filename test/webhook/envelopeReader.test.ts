import { expect } from 'chai';
import { eventEnvelopeSchema } from '../../src/schemas/events.js';
import { envelopeNotificationId, readStoredEnvelope } from '../../src/webhook/envelopeReader.js';

// Ids as JSON text, so that what JSON cannot say (NaN) is left out and 1e400 (Infinity) is in.
const IDS = ['"a"', '" "', '""', '"é☃𝄞"', '0', '-0', '1.5', '12345678901234567890', '1e400', '-1e400', 'true', 'false', 'null', '[]', '["a"]', '{}', '{"id":"a"}'];

describe('envelope reader', () => {
  it('[E1] accepts exactly the notificationIds eventEnvelopeSchema accepts, and reads them as it does', () => {
    for (const text of IDS) {
      const body = JSON.parse(`{"notificationId":${text},"eventType":"article_created"}`) as object;
      const parsed = eventEnvelopeSchema.safeParse(body);
      expect(envelopeNotificationId(body), text).to.equal(parsed.success ? parsed.data.notificationId : undefined);
    }
    expect(envelopeNotificationId({ eventType: 'article_created' })).to.equal(undefined);
  });

  it('[W5] reads a stored body with every field kept and a numeric notificationId as text', () => {
    const stored = JSON.stringify({ notificationId: 12345, eventType: 'article_moved', brandNew: { deep: [1, 2] } });
    expect(readStoredEnvelope(stored)).to.deep.equal({ notificationId: '12345', eventType: 'article_moved', brandNew: { deep: [1, 2] } });
    const text = JSON.stringify({ notificationId: 'n-1', extra: null });
    expect(readStoredEnvelope(text)).to.deep.equal(eventEnvelopeSchema.parse(JSON.parse(text)));
  });

  it('refuses a stored body the schema would refuse (it is then parked, not handled)', () => {
    for (const bad of ['[1]', '"text"', 'null', '{}', '{"notificationId":""}', '{"notificationId":1e400}', '{not json']) {
      expect(() => readStoredEnvelope(bad), bad).to.throw();
      let schemaRefuses = false;
      try {
        eventEnvelopeSchema.parse(JSON.parse(bad));
      } catch {
        schemaRefuses = true;
      }
      expect(schemaRefuses, bad).to.equal(true);
    }
  });
});
