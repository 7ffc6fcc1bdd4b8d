/**
 * The storage keys the bot server's turn reads first, so the Redis inbox can read them with the
 * claim (claimPrefetch.ts): the handover middleware's record, then the conversation's state as
 * botbuilder's ConversationState names it (`<channel>/conversations/<id>/`, no namespace). A bot
 * that keeps no state there costs a read of a missing key inside the claim's script, nothing more.
 */
import { HUB_CHANNEL_ID } from '../adapter/hubChannel.js';
import { handoverRecordKey } from '../handover/handoverMiddleware.js';

/**
 * The keys read first by the turn of a conversation.
 *
 * @param conversationId - the conversation
 */
export function turnStateKeys(conversationId: string): string[] {
  return [handoverRecordKey(conversationId), `${HUB_CHANNEL_ID}/conversations/${conversationId}/`];
}
