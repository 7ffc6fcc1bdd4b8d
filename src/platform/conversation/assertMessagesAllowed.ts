/**
 * The check every outgoing message batch passes before any network call (spec 4.4, C5): each
 * message's type must be one its sender type may send. One refused message refuses the whole
 * batch, so a batch is never half sent. The response of the hub to a refused type is not shown
 * (4.4), which is one more reason never to let one leave.
 */
import { PlatformError } from '../../errors/platformError.js';
import { messageBatchSchema, type MessageBatch } from '../../schemas/hubMessages.js';
import { maySend, type SenderType } from '../../schemas/messageTypes.js';
import { describeIssues } from '../../schemas/describeIssues.js';
import { fastReaderOf } from '../../schemas/fastReader.js';

/** The batch as the adapter builds it, read without zod's cost and with its result (fastReader.ts). */
const readBatchFast = fastReaderOf(messageBatchSchema);

/** The batch read by zod: one the fast path did not vouch for, and the error when it does not fit. */
function readBatch(batch: unknown): MessageBatch {
  const parsed = messageBatchSchema.safeParse(batch);
  if (!parsed.success) {
    throw PlatformError.of('400-101', { reason: `message batch: ${describeIssues(parsed.error.issues)}` });
  }
  return parsed.data;
}

/**
 * Returns the batch read by the (lenient) batch schema, or throws a PlatformError: 400-120
 * naming sender and type (and the message index) for a refused type, 400-101 for a batch that
 * is not a batch at all.
 */
export function assertMessagesAllowed(batch: unknown): MessageBatch {
  const data = readBatchFast(batch) ?? readBatch(batch);
  data.messages.message.forEach((m, index) => {
    // maySend refuses an unknown sender type or message type: neither is in the 4.4 matrix.
    if (!maySend(m.sender.type as SenderType, m.type.value)) {
      throw PlatformError.of('400-120', { sender: m.sender.type, type: m.type.value, index });
    }
  });
  return data;
}
