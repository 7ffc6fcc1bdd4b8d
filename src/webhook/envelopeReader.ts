/**
 * Reading the envelope of a knowledge event per event, on the route and in the consumer, without
 * running eventEnvelopeSchema (a zod object parse that copies the envelope) for the usual case.
 * The schema stays the definition: the fast path accepts only what it accepts (a non-empty string,
 * or a finite number, which it reads as text), and anything else is handed to the schema, so the
 * answer is the schema's in every case (the equivalence is tested over the edge cases).
 */
import { eventEnvelopeSchema, type EventEnvelope } from '../schemas/events.js';

/** The notificationId of an object body as eventEnvelopeSchema reads it, or undefined when it refuses it. */
export function envelopeNotificationId(body: object): string | undefined {
  const id = (body as { notificationId?: unknown }).notificationId;
  if (typeof id === 'string' && id.length > 0) return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  const parsed = eventEnvelopeSchema.safeParse(body);
  return parsed.success ? parsed.data.notificationId : undefined;
}

/**
 * A stored body (JSON text) as the envelope handlers see: every field kept (W5), notificationId
 * as text. Throws on a body that is not an object or has no acceptable notificationId.
 */
export function readStoredEnvelope(json: string): EventEnvelope {
  const value: unknown = JSON.parse(json);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('the stored event is not a JSON object');
  const id = envelopeNotificationId(value);
  if (id === undefined) throw new TypeError('the stored event has no valid notificationId');
  const envelope = value as EventEnvelope;
  // A numeric id is read as text, as the schema's transform does; the object is used as it came otherwise.
  return envelope.notificationId === id ? envelope : { ...envelope, notificationId: id };
}
