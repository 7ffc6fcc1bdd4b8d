/**
 * Message types and the sender permission matrix of spec 4.4, as data. `maySend` is the one
 * function every sender (our adapter, the emulator's hub) asks before a message leaves (C5).
 */
import { z } from 'zod';

export const SENDER_TYPES = ['customer', 'platform_agent', 'custom_agent', 'platform_bot', 'custom_bot'] as const;
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

export const MESSAGE_TYPES = SENDER_MATRIX.flatMap((row) => row.types);
export type MessageType = string;

const allowedBySenderAndType = new Map<string, ReadonlySet<SenderType>>(
  SENDER_MATRIX.flatMap((row) => row.types.map((t) => [t, new Set(row.allowed)] as const)),
);

export function isKnownMessageType(type: string): boolean {
  return allowedBySenderAndType.has(type);
}

/** May a sender of type `sender` send a message of type `type`? Unknown types are never allowed. */
export function maySend(sender: SenderType, type: string): boolean {
  return allowedBySenderAndType.get(type)?.has(sender) ?? false;
}
