/**
 * Proactive turns of this process (T2): `adapter.continueConversation(reference, logic)` puts a
 * proactive item in the conversation's inbox and waits here until a worker of this process runs
 * it as that conversation's turn, so it never runs beside a customer's turn of the same
 * conversation (the lease serialises them, on any replica). The logic is a function: it cannot be
 * written to Redis, so the item is pinned to this process and the logic waits in this registry.
 *
 * One exception: asked from inside a turn of the same conversation (the bot's own handler), the
 * logic runs at once: that turn already holds the conversation, and waiting for the next turn
 * would wait for itself. `TurnScope` tells which conversation's turn the caller runs in.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { TurnContext, type Activity } from 'botbuilder-core';
import type { AppendOptions, Inbox } from './inbox/inbox.js';
import { proactiveItem, UnreadableInboxItemError, type Reference } from './inbox/inboxItems.js';
import { HUB_CHANNEL_ID } from './hubChannel.js';
import { isDeadLetterNow } from './turnErrors.js';
import { activeTraceContext, traceparentOf } from '../observability/tracing.js';

type TurnLogic = (context: TurnContext) => Promise<void>;

interface Waiting {
  logic: TurnLogic;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class ProactiveTurns {
  private readonly waiting = new Map<string, Waiting>();

  /**
   * Records a proactive item in the conversation's inbox and resolves once its turn ran (rejects
   * when the turn was parked for a bot error). After a transient failure it waits for the retry.
   */
  async enqueue(inbox: Inbox, conversationId: string, reference: Reference, logic: TurnLogic, opts: AppendOptions = {}): Promise<void> {
    const id = `proactive-${randomUUID()}`;
    const done = new Promise<void>((resolve, reject) => this.waiting.set(id, { logic, resolve, reject }));
    try {
      // The caller's trace (a webhook event's, say) goes with it: its turn joins that trace (O4).
      const traceparent = traceparentOf(activeTraceContext());
      const item = { ...proactiveItem(id, reference, Date.now()), ...(traceparent ? { traceparent } : {}) };
      await inbox.append(conversationId, item, opts);
    } catch (err) {
      this.waiting.delete(id);
      throw err;
    }
    return done;
  }

  /** Runs the turn of proactive item `id` with the logic waiting for it here. */
  async run(id: string, turn: (logic: TurnLogic) => Promise<void>): Promise<void> {
    const waiting = this.waiting.get(id);
    // Its logic lived in a process that is gone (or restarted): nothing here can run it.
    if (!waiting) throw new UnreadableInboxItemError('the logic of this proactive turn lived in another process, which did not run it in time');
    try {
      await turn(waiting.logic);
    } catch (err) {
      // A transient failure is retried by the worker, here (the item stays pinned): keep waiting.
      if (isDeadLetterNow(err)) {
        this.waiting.delete(id);
        waiting.reject(err);
      }
      throw err;
    }
    this.waiting.delete(id);
    waiting.resolve();
  }

  /** The worker gave item `id` up (attempts exhausted): its caller, if here, gets the reason. */
  parked(id: string, reason: string): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    waiting?.reject(new Error(`the proactive turn was parked in the dead letters: ${reason}`));
  }

  get size(): number {
    return this.waiting.size;
  }
}

/**
 * Which conversation's turn the current code runs in. The marker is switched off when the turn
 * ends, because timers started during a turn inherit its async context and fire after it.
 */
export class TurnScope {
  private readonly storage = new AsyncLocalStorage<{ conversationId: string; open: boolean }>();

  async run<T>(conversationId: string | undefined, work: () => Promise<T>): Promise<T> {
    if (!conversationId) return work();
    const marker = { conversationId, open: true };
    try {
      return await this.storage.run(marker, work);
    } finally {
      marker.open = false;
    }
  }

  isInTurnOf(conversationId: string): boolean {
    const marker = this.storage.getStore();
    return marker?.open === true && marker.conversationId === conversationId;
  }
}

/**
 * An incoming event activity of a stored reference's conversation. `id` is the inbox item's, so
 * the turn's reply ids derive from it (the same on a rerun, never those of the message the
 * reference was taken from).
 */
export function activityOfReference(reference: Reference, event: Partial<Activity>, id: string, serviceUrl: string): Partial<Activity> {
  const activity = TurnContext.applyConversationReference({ ...event }, { channelId: HUB_CHANNEL_ID, serviceUrl, ...reference }, true);
  return { ...activity, id, timestamp: new Date() };
}
