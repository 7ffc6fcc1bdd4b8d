/**
 * The concrete URL path of a conversation-manager operation, from the contract's route table
 * (src/schemas/conversationOperations.ts). It lives with the client, not the table, because it
 * refuses with the client's error type: the table itself stays plain data.
 */
import { PlatformError } from '../../errors/platformError.js';
import { CONVERSATION_OPERATIONS, type ConversationOperation } from '../../schemas/conversationOperations.js';
import { pathSegment } from '../http/pathSegment.js';

/**
 * The concrete path of an operation: `{id}` replaced by the URL-encoded id. A missing id is
 * refused here, before any network call, with the same error type as any other refusal.
 */
export function pathFor(op: ConversationOperation, id?: string): string {
  const { template } = CONVERSATION_OPERATIONS[op];
  if (!template.includes('{id}')) return template;
  if (id === undefined || id === '') throw PlatformError.of('400-112', { name: 'id', operation: op });
  return template.replace('{id}', pathSegment(id));
}
