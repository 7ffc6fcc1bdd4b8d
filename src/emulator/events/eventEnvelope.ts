/**
 * The envelope the emulated event manager PUTs to a webhook (KnowledgeSubscriptionEventAsync,
 * spec 6). Only notificationId is shown (6.10); the other field names are the project's one
 * assumption, shared with the receiver's schema (src/schemas/events.ts): `eventType` for the
 * kind, `eventTime` (ISO 8601), `tenantId`, and the payload's fields beside them at the top
 * level. Fields of the payload never overwrite the envelope's own.
 */
import { randomUUID } from 'node:crypto';

export interface EventEnvelopeOut extends Record<string, unknown> {
  notificationId: string;
  eventType: string;
  eventTime: string;
  tenantId: string;
}

export function buildEnvelope(eventType: string, payload: Record<string, unknown>, tenantId: string, now: number): EventEnvelopeOut {
  return { ...payload, notificationId: randomUUID(), eventType, eventTime: new Date(now).toISOString(), tenantId };
}
