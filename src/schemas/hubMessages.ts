/**
 * The hub's message payload. The spec does not show it (2.4, 6.12); this is the shape of
 * the assumed shapes of docs/platform-contract.md, our one documented assumption, used by the client, the adapter and the
 * emulator alike. Everything is lenient: unknown fields are kept, and only what routing needs
 * is required. The content of rich messages is also our assumption (README "Assumed shapes").
 */
import { z } from 'zod';

export const nameValueSchema = z.looseObject({ name: z.string(), value: z.string() });

export const conversationRefSchema = z.looseObject({
  /** Not published; assumed (docs/platform-contract.md, assumed shapes). */
  id: z.string().optional(),
  account: z.looseObject({ address: z.string().optional(), channel: z.looseObject({ type: z.string().optional() }).optional() }).optional(),
  customer: z
    .looseObject({
      contacts: z.looseObject({ contact: z.array(z.looseObject({ address: z.string().optional(), type: z.string().optional() })).optional() }).optional(),
    })
    .optional(),
  entryPoint: z.looseObject({ id: z.string().optional() }).optional(),
});

export const quickReplyOptionSchema = z.looseObject({ id: z.string().optional(), label: z.string(), value: z.string().optional() });
export const listPickerItemSchema = z.looseObject({ id: z.string(), title: z.string(), subtitle: z.string().optional(), imageUrl: z.string().optional() });
/**
 * A button of a template element (assumed, N3): `reply` sends `value` as the customer's text,
 * `url` opens `url` (http, https, tel or mailto).
 */
export const templateButtonSchema = z.looseObject({ id: z.string(), type: z.string(), label: z.string(), value: z.string().optional(), url: z.string().optional() });
/** A playable of a template element: an audio, video or animation by its URL (assumed, N3). */
export const templateMediaSchema = z.looseObject({ url: z.string(), kind: z.string().optional() });
/** One card of a richMessage.template (assumed, N3); `url` is what a click on the card opens. */
export const templateElementSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  text: z.string().optional(),
  imageUrl: z.string().optional(),
  url: z.string().optional(),
  media: z.array(templateMediaSchema).optional(),
  buttons: z.array(templateButtonSchema).optional(),
});

/** Content of a message: text for most types; richer fields for rich messages (assumed). */
export const messageContentSchema = z.looseObject({
  text: z.string().optional(),
  /** richMessage.quickreply */
  quickReplies: z.array(quickReplyOptionSchema).optional(),
  /** richMessage.listpicker */
  title: z.string().optional(),
  multiSelect: z.boolean().optional(),
  items: z.array(listPickerItemSchema).optional(),
  /** richMessage.richlink */
  url: z.string().optional(),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
  /** richMessage.template: its cards, side by side (`carousel`) or one under the other (`list`) */
  elements: z.array(templateElementSchema).optional(),
  layout: z.string().optional(),
  /** richMessage.authentication: the sign-in button's label (with `url` and `title`) */
  label: z.string().optional(),
  /** escalation.transfer: what the agent should know */
  summary: z.string().optional(),
  /** pagePush */
  pageUrl: z.string().optional(),
});

/** The schema of one hub message, read tolerantly: unknown fields are kept. */
export const hubMessageSchema = z.looseObject({
  id: z.string().optional(),
  sender: z.looseObject({ type: z.string(), id: z.string().optional(), name: z.string().optional() }),
  type: z.looseObject({ value: z.string() }),
  content: messageContentSchema.optional(),
  conversation: conversationRefSchema.optional(),
  created: z.string().optional(),
  language: z.string().optional(),
});

/** Body of POST /conversations/messages, and (assumed) of the hub's callbacks. */
export const messageBatchSchema = z.looseObject({
  metadata: z.looseObject({ attributes: z.array(nameValueSchema).optional() }).optional(),
  messages: z.looseObject({ message: z.array(hubMessageSchema).min(1) }),
});

/**
 * One message of the hub, as the callback delivers it and the bot's replies are sent: its
 * conversation, sender, type, content and, when the hub gives them, id, creation time and language.
 * Fields the contract does not name are kept as they came (read tolerantly).
 */
export type HubMessage = z.infer<typeof hubMessageSchema>;
/**
 * A batch of hub messages, as `POST /conversations/messages` takes it and (as the contract assumes)
 * the callback delivers it.
 */
export type MessageBatch = z.infer<typeof messageBatchSchema>;
export type MessageContent = z.infer<typeof messageContentSchema>;
export type TemplateElement = z.infer<typeof templateElementSchema>;
export type TemplateButton = z.infer<typeof templateButtonSchema>;
export type ConversationRef = z.infer<typeof conversationRefSchema>;
