/**
 * What each kind of inbox item carries, and how a turn reads it back (T2). An item went through
 * JSON (and Redis, possibly written by another version of the bot), so it is checked again
 * before a turn runs on it (except a message the callback validated in this process and the
 * memory inbox kept: validatedInProcess.ts); one that cannot be read is parked in the dead
 * letters with the reason (the field, never its value), not retried, and never crashes the worker.
 *
 * - message:   the hub's message (the callback), checked with the hub message schema;
 * - proactive: a conversation reference; the logic to run lives in the process that asked for
 *              it (adapter.continueConversation), so the item is pinned to that process;
 * - deadline:  a named event (name, value): the durable form of a proactive turn, run as an
 *              `event` activity the bot handles in its turn. It carries the conversation
 *              reference only when the adapter has no stored one to read at the turn (a copy
 *              of it was most of an idle conversation's scheduled item); items of earlier
 *              versions, which always carry it, are read as they are.
 */
import { z } from 'zod';
import type { ConversationReference } from 'botbuilder-core';
import { hubMessageSchema, type HubMessage } from '../../schemas/hubMessages.js';
import { BotTurnError } from '../turnErrors.js';
import { presentId } from '../messageIds.js';
import type { InboxItem } from './inbox.js';
import { isValidatedInProcess } from './validatedInProcess.js';

const referenceSchema = z.looseObject({ conversation: z.looseObject({ id: z.string().min(1) }) });
const proactivePayloadSchema = z.looseObject({ reference: referenceSchema });
const deadlinePayloadSchema = z.looseObject({ reference: referenceSchema.optional(), name: z.string().min(1), value: z.unknown().optional() });

export type Reference = Partial<ConversationReference>;

/** A named event due at a time: what a deadline turn runs. */
export interface ScheduledEvent {
  /** The event activity's `name`, which the bot dispatches on. */
  name: string;
  /** Any JSON value, e.g. which deadline this is (the bot checks it is still the current one). */
  value?: unknown;
}

export type ReadInboxItem =
  | { kind: 'message'; message: HubMessage }
  | { kind: 'proactive'; reference: Reference }
  /** `reference` undefined: the conversation's stored reference is the one to run on. */
  | { kind: 'deadline'; reference: Reference | undefined; event: ScheduledEvent };

/** An item no turn can run on: parked at once (a retry would read the same bytes). */
export class UnreadableInboxItemError extends BotTurnError {
  constructor(reason: string) {
    super(new Error(reason));
    this.name = 'UnreadableInboxItemError';
    this.message = `the inbox item cannot be run: ${reason}`;
  }
}

export function readInboxItem(conversationId: string, item: InboxItem): ReadInboxItem {
  const kind = item.kind ?? 'message';
  if (kind === 'message') {
    // Validated at the callback in this process and kept in its memory: the same bytes, not read twice.
    const message = isValidatedInProcess(item) ? (item.payload as HubMessage) : checked(hubMessageSchema, item.payload, 'message');
    // A message the hub sent without an id was recorded under a derived one (S7): the same here.
    return { kind, message: { ...message, id: presentId(message.id) ?? item.id } };
  }
  if (kind === 'proactive') return { kind, reference: inConversation(conversationId, checked(proactivePayloadSchema, item.payload, 'proactive turn').reference) };
  if (kind === 'deadline') {
    const payload = checked(deadlinePayloadSchema, item.payload, 'deadline');
    return { kind, reference: payload.reference && inConversation(conversationId, payload.reference), event: { name: payload.name, value: payload.value } };
  }
  throw new UnreadableInboxItemError(`unknown item kind ${JSON.stringify(String(kind)).slice(0, 40)}`);
}

export function proactiveItem(id: string, reference: Reference, now: number): InboxItem {
  return { id, kind: 'proactive', payload: { reference }, receivedAt: now };
}

/**
 * A deadline item for `slot`, due at `at`. Its id names the slot and the time, so a rerun of the
 * turn that scheduled it schedules the same item (handled once), and a later deadline of the
 * same slot is a new item. Without `reference` the turn runs on the conversation's stored one.
 */
export function deadlineItem(slot: string, reference: Reference | undefined, event: ScheduledEvent, at: number, now: number): InboxItem & { notBefore: number } {
  const payload = reference ? { reference, name: event.name, value: event.value } : { name: event.name, value: event.value };
  return { id: `${slot}@${Math.round(at).toString(36)}`, kind: 'deadline', payload, receivedAt: now, notBefore: at };
}

function checked<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UnreadableInboxItemError(`the ${what} is not readable at ${issue?.path.join('.') || 'its root'}: ${issue?.message ?? 'invalid'}`);
}

/** A reference of another conversation would address the wrong customer: refused. */
function inConversation(conversationId: string, reference: { conversation: { id: string } }): Reference {
  if (reference.conversation.id !== conversationId) throw new UnreadableInboxItemError('the reference names another conversation');
  return reference as Reference;
}
