/**
 * Knowledge events of spec 6. The envelope (KnowledgeSubscriptionEventAsync) is published only
 * as far as notificationId (6.10), so the schema requires that alone and keeps every other field
 * (W5, 6.8). The field naming the kind is not shown: we assume `eventType`, also accept `type`
 * and `eventName`, and let the receiver be configured with another (see README "Assumed shapes").
 */
import { z } from 'zod';

/**
 * The knowledge event kinds the contract names (article and article-type events); any other kind
 * goes to the catch-all stream.
 */
export const KNOWN_EVENT_KINDS = [
  'article_type_created',
  'article_type_updated',
  'article_type_deleted',
  'installation_name_added',
  'installation_name_updated',
  'article_availability_date_reached',
  'article_expiration_date_reached',
  'article_created',
  'article_published',
  'article_moved',
  'article_deleted',
] as const;
/** A knowledge event kind the contract names. */
export type KnownEventKind = (typeof KNOWN_EVENT_KINDS)[number];

export const DEFAULT_EVENT_KIND_FIELDS = ['eventType', 'type', 'eventName'] as const;

/** The lenient envelope: notificationId required, anything else kept. */
export const eventEnvelopeSchema = z.looseObject({
  notificationId: z.union([z.string().min(1), z.number()]).transform(String),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema> & Record<string, unknown>;

const articleRef = z.looseObject({
  articleId: z.string().optional(),
  id: z.string().optional(),
  title: z.string().optional(),
  locale: z.string().optional(),
});

const articleTypeRef = z.looseObject({
  articleTypeId: z.string().optional(),
  typeName: z.string().optional(),
});

/** Availability and expiration share one payload shape (spec 6). */
export const articleDateReachedSchema = articleRef.extend({
  availabilityDate: z.string().optional(),
  expirationDate: z.string().optional(),
});

const installationRef = z.looseObject({ installationName: z.string().optional() });

/** Typed payloads of the eleven known kinds (W8); all fields optional, unknown ones kept. */
export const EVENT_PAYLOAD_SCHEMAS = {
  article_type_created: articleTypeRef,
  article_type_updated: articleTypeRef,
  article_type_deleted: articleTypeRef,
  installation_name_added: installationRef,
  installation_name_updated: installationRef,
  article_availability_date_reached: articleDateReachedSchema,
  article_expiration_date_reached: articleDateReachedSchema,
  article_created: articleRef,
  article_published: articleDateReachedSchema,
  article_moved: articleRef.extend({ folderId: z.string().optional(), previousFolderId: z.string().optional() }),
  article_deleted: articleRef,
} as const satisfies Record<KnownEventKind, z.ZodType>;

export type EventPayload<K extends KnownEventKind> = z.infer<(typeof EVENT_PAYLOAD_SCHEMAS)[K]>;

export function isKnownEventKind(kind: unknown): kind is KnownEventKind {
  return typeof kind === 'string' && (KNOWN_EVENT_KINDS as readonly string[]).includes(kind);
}

/** The kind of an envelope, read from the first of `fields` present. */
export function eventKindOf(envelope: Record<string, unknown>, fields: readonly string[] = DEFAULT_EVENT_KIND_FIELDS): string | undefined {
  for (const f of fields) {
    const v = envelope[f];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return undefined;
}

/** A time carried by the envelope, for handlers that must not assume arrival order (W6). */
export function eventTimeOf(envelope: Record<string, unknown>): Date | undefined {
  for (const f of ['eventTime', 'timestamp', 'createdDate', 'occurredAt']) {
    const v = envelope[f];
    if (typeof v === 'string' || typeof v === 'number') {
      const d = new Date(v);
      if (!Number.isNaN(d.getTime())) return d;
    }
  }
  return undefined;
}
