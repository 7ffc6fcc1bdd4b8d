/**
 * A knowledge event as handlers see it: the envelope as it was received (every field kept, W5),
 * its kind, and for the eleven known kinds a payload typed with EVENT_PAYLOAD_SCHEMAS (W8).
 *
 * Where the payload lives is not shown in the spec (6.10). Assumption, documented in docs/platform-clients.md, assumed shapes:
 * when the envelope carries an object field `payload` (or else `data`), that object is the
 * payload; otherwise the envelope's own top-level fields are. Either way the typed schemas are
 * lenient, so fields we do not know pass through.
 *
 * A kind is known by its kind alone (R6): an event of a known kind stays known whatever its
 * payload holds. Its typed payload is read tolerantly (a field of an unexpected type, say a
 * number where a string is typed, is left out of `payload`), and `raw` is the payload object as
 * it came, so typed handlers and the cache invalidation see every event of their kind.
 */
import { parseResponseBody } from '../platform/http/parseResponseBody.js';
import {
  DEFAULT_EVENT_KIND_FIELDS,
  EVENT_PAYLOAD_SCHEMAS,
  eventKindOf,
  eventTimeOf,
  isKnownEventKind,
  type EventEnvelope,
  type EventPayload,
  type KnownEventKind,
} from '../schemas/events.js';

interface KnowledgeEventBase {
  notificationId: string;
  /** The whole body as received, unknown fields included. */
  envelope: EventEnvelope;
  /** The time the event carries (envelope or payload), when it carries one (W6). */
  time?: Date;
  /** When this receiver recorded it. */
  receivedAt: Date;
}

export interface KnownKnowledgeEvent<K extends KnownEventKind = KnownEventKind> extends KnowledgeEventBase {
  known: true;
  kind: K;
  /** The fields this kind is known to carry, each well typed (the others are left out). */
  payload: EventPayload<K>;
  /** The payload object as it came, every field as sent. */
  raw: Record<string, unknown>;
}

export type UnknownEventReason = 'unknown-kind' | 'no-kind';

export interface UnknownKnowledgeEvent extends KnowledgeEventBase {
  known: false;
  /** The kind as read from the envelope, if any. */
  kind: string | undefined;
  payload: Record<string, unknown>;
  reason: UnknownEventReason;
}

/** One typed member per known kind, so `switch (event.kind)` narrows the payload. */
export type TypedKnowledgeEvent = { [K in KnownEventKind]: KnownKnowledgeEvent<K> }[KnownEventKind];
export type KnowledgeEvent = TypedKnowledgeEvent | UnknownKnowledgeEvent;

/** The object holding the payload: `payload` or `data` when it is an object, else the envelope. */
export function payloadSourceOf(envelope: Record<string, unknown>): Record<string, unknown> {
  for (const field of ['payload', 'data']) {
    const v = envelope[field];
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  }
  return envelope;
}

export interface ToKnowledgeEventOptions {
  /** Fields naming the kind, first present wins; default eventType, type, eventName. */
  kindFields?: readonly string[];
}

export function toKnowledgeEvent(envelope: EventEnvelope, receivedAt: Date, opts: ToKnowledgeEventOptions = {}): KnowledgeEvent {
  const source = payloadSourceOf(envelope);
  // The kind may sit in the payload object when the envelope nests everything there.
  const fields = opts.kindFields ?? DEFAULT_EVENT_KIND_FIELDS;
  const kind = eventKindOf(envelope, fields) ?? (source === envelope ? undefined : eventKindOf(source, fields));
  const base = {
    notificationId: envelope.notificationId,
    envelope,
    time: eventTimeOf(envelope) ?? (source === envelope ? undefined : eventTimeOf(source)),
    receivedAt,
  };
  if (!isKnownEventKind(kind)) {
    return { ...base, known: false, kind, payload: source, reason: kind === undefined ? 'no-kind' : 'unknown-kind' };
  }
  let payload: unknown;
  try {
    payload = parseResponseBody(EVENT_PAYLOAD_SCHEMAS[kind], source, `event ${kind}`);
  } catch {
    payload = {};
  }
  return { ...base, known: true, kind, payload, raw: source } as TypedKnowledgeEvent;
}

/** The article an event is about (`articleId`, else `id`), for article kinds; a numeric id reads as text. */
export function articleIdOf(event: KnowledgeEvent): string | undefined {
  const p = (event.known ? event.raw : event.payload) as { articleId?: unknown; id?: unknown };
  for (const id of [p.articleId, p.id]) {
    if (typeof id === 'string' && id.length > 0) return id;
    if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  }
  return undefined;
}
