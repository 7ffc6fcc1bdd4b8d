/**
 * What the driver sends, built the same way for the three servers compared: the same text of
 * the same length, wrapped in the envelope each one expects (the hub's message batch for the
 * bare handler and our adapter, a Bot Framework activity for CloudAdapter). The text carries a
 * marker, so the sink can tell the reply to THIS message from a late one.
 */
import type { MessageBatch } from '../../src/schemas/hubMessages.js';

/** Characters of customer text per message (a short chat line). */
export const TEXT_LENGTH = 120;

/** `m<seq>;` — unique per conversation, found again in the echo. */
export function markerOf(seq: number): string {
  return `m${seq};`;
}

export function textOf(seq: number): string {
  const head = `${markerOf(seq)} my router keeps dropping the connection `;
  return head.padEnd(TEXT_LENGTH, 'x').slice(0, Math.max(TEXT_LENGTH, head.length));
}

/** The hub's callback body (src/schemas/hubMessages.ts) with one customer text message. */
export function hubCallbackBody(conversationId: string, seq: number): string {
  const batch: MessageBatch = {
    messages: {
      message: [
        {
          id: `${conversationId}-${seq}`,
          sender: { type: 'customer', id: `customer-${conversationId}` },
          type: { value: 'text' },
          content: { text: textOf(seq) },
          conversation: { id: conversationId },
          created: new Date().toISOString(),
        },
      ],
    },
  };
  return JSON.stringify(batch);
}

/** The same message as a Bot Framework activity, as the Bot Connector would post it. */
export function activityBody(conversationId: string, seq: number, serviceUrl: string): string {
  return JSON.stringify({
    type: 'message',
    id: `${conversationId}-${seq}`,
    timestamp: new Date().toISOString(),
    channelId: 'bench',
    serviceUrl,
    from: { id: `customer-${conversationId}`, role: 'user' },
    recipient: { id: 'bench-bot', role: 'bot' },
    conversation: { id: conversationId },
    text: textOf(seq),
  });
}

/** The echo all three servers answer with (bots/echoBot.ts says the same). */
export function echoText(text: string, count: number): string {
  return `You said: ${text} (message ${count})`;
}
