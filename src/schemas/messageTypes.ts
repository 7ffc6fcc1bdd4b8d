/**
 * Message types and the sender permission matrix of spec 4.4, as data. `maySend` is the one
 * function every sender (our adapter, the emulator's hub) asks before a message leaves (C5).
 */
import { z } from 'zod';

/** The hub's participant types that may send messages (spec 4.4), in the contract's order. */
export const SENDER_TYPES = ['customer', 'platform_agent', 'custom_agent', 'platform_bot', 'custom_bot'] as const;
/**
 * A participant type of the hub; the bot sends as `custom_bot` unless configured otherwise
 * (`BOT_SENDER_TYPE`).
 */
export type SenderType = (typeof SENDER_TYPES)[number];
export const senderTypeSchema = z.enum(SENDER_TYPES);

/** One row of the 4.4 table: the message types it lists and who may send them (Y cells). */
interface MatrixRow {
  types: readonly string[];
  allowed: readonly SenderType[];
}

const AGENTS_AND_BOTS = ['platform_agent', 'custom_agent', 'platform_bot', 'custom_bot'] as const;

export const SENDER_MATRIX: readonly MatrixRow[] = [
  {
    types: ['text', 'typing.start', 'typing.end', 'customer.info', 'error', 'conversation.end'],
    allowed: SENDER_TYPES,
  },
  { types: ['escalation.transfer', 'pagePush'], allowed: AGENTS_AND_BOTS },
  {
    types: ['conversation.state', 'agent.join', 'agent.available', 'agent.unavailable', 'agent.transfer', 'queue.transfer'],
    allowed: ['platform_agent', 'custom_agent'],
  },
  {
    types: [
      'richMessage.listpicker',
      'richMessage.quickreply',
      'richMessage.template',
      'richMessage.timepicker',
      'richMessage.richlink',
      'richMessage.form',
      'richMessage.payment',
      'richMessage.app',
      'richMessage.authentication',
    ],
    allowed: AGENTS_AND_BOTS,
  },
  {
    types: ['authentication.success', 'authentication.failure', 'customer.active', 'customer.inactive', 'delete.soft', 'delete.permanent', 'undo'],
    allowed: ['customer'],
  },
];

/** Every hub message type of the sender matrix (spec 4.4). */
export const MESSAGE_TYPES = SENDER_MATRIX.flatMap((row) => row.types);
export type MessageType = string;

const allowedBySenderAndType = new Map<string, ReadonlySet<SenderType>>(
  SENDER_MATRIX.flatMap((row) => row.types.map((t) => [t, new Set(row.allowed)] as const)),
);

export function isKnownMessageType(type: string): boolean {
  return allowedBySenderAndType.has(type);
}

/**
 * Whether the sender matrix of the contract (spec 4.4) lets a participant of type `sender` send a
 * message of type `type`. The adapter checks every reply with it before queueing (C5).
 *
 * @param sender - the sender's participant type
 * @param type - the hub message type, e.g. `text` or `escalation.transfer`
 * @returns false for a type the matrix does not list
 */
export function maySend(sender: SenderType, type: string): boolean {
  return allowedBySenderAndType.get(type)?.has(sender) ?? false;
}
