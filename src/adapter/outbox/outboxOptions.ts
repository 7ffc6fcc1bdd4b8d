/**
 * What an outbox is built with (outbox.ts): how it sends one POST, its limits, and the hooks
 * that tell the bot server (metrics, logs) what became of each reply.
 */
import type { HubMessage, MessageBatch } from '../../schemas/hubMessages.js';
import type { ReplyTiming } from './replyTiming.js';
import type { TraceContext } from '../../observability/traceContext.js';

/**
 * One POST; `take` builds its batch and is called once, when the POST's rate slot is granted.
 * `call.traceParent` gives, after `take`, the POST's span: pass it on to the core (O4).
 */
export type SendAtSlot = (take: () => MessageBatch, call: { signal: AbortSignal; traceParent?: () => TraceContext | undefined }) => Promise<void>;

/**
 * How an `Outbox` sends, batches, retries and reports. Give `sendAtSlot` (or `send`); the rest has
 * defaults.
 */
export interface OutboxOptions {
  /**
   * One POST whose batch is taken when its rate slot is granted: call `take()` once, right
   * after the slot (the core's `bodyAtSlot`), and send what it returns. Pass `signal` on (it
   * aborts the call when the outbox stops) and use the core's `backoff: 'caller'`.
   */
  sendAtSlot?: SendAtSlot;
  /** One POST of a batch taken before it is called: for a send with no rate slot to wait for (tests). `sendAtSlot` wins. */
  send?: (batch: MessageBatch, call: { signal: AbortSignal }) => Promise<void>;
  /** Messages per POST at most. */
  maxBatch?: number;
  /**
   * POSTs at once (each for different conversations); of them, one at most waits for its rate
   * slot, since it takes its batch only once the slot is granted. Default 1.
   */
  concurrency?: number;
  /** Attempts of one POST for a retryable failure before its messages fail; default 6. */
  maxAttempts?: number;
  /** Backoff before attempt `attempt + 1`; default 1 s, 2 s, 4 s ... up to 30 s. A longer Retry-After wins (up to a minute). */
  retryDelayMs?: (attempt: number) => number;
  /** Told of messages that finally failed (after retries, or refused for good), with the error. */
  onFailure?: (conversationId: string, messages: HubMessage[], err: unknown) => void;
  /** Told the size of each batch the hub accepted. */
  onSent?: (batchSize: number) => void;
  /** Each message the hub accepted: where its time in the outbox went (replyTiming.ts). */
  onDelivered?: (timing: ReplyTiming) => void;
  /** Replies dropped because the hub said their conversation is unknown or ended (S6). */
  onDropped?: (conversationId: string, count: number, reason: string) => void;
  /**
   * Told when this outbox learns that a conversation is over (the hub's end message came here, or
   * its own POST got 404/409), not when told by `markEnded(id, false)`: to tell the other
   * replicas (sharedEndings.ts, S15).
   */
  onClosed?: (conversationId: string) => void;
  /** Closed conversations, and live ones, remembered at most each (oldest forgotten first); default 10,000. */
  maxClosed?: number;
  /** How a backoff waits; default a timer that stop() clears. */
  sleep?: (ms: number) => Promise<void>;
}
