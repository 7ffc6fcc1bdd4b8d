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
import type { TurnContext } from 'botbuilder-core';

type TurnLogic = (context: TurnContext) => Promise<void>;

interface Waiting {
  logic: TurnLogic;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class ProactiveTurns {
  private readonly waiting = new Map<string, Waiting>();

  /** Registers the logic of item `id`; the promise settles when its turn finished or was given up. */
  register(id: string, logic: TurnLogic): Promise<void> {
    return new Promise<void>((resolve, reject) => this.waiting.set(id, { logic, resolve, reject }));
  }

  /** Drops a registration whose item could not be recorded. */
  forget(id: string): void {
    this.waiting.delete(id);
  }

  /** The logic of item `id` when it waits in this process. */
  logicOf(id: string): TurnLogic | undefined {
    return this.waiting.get(id)?.logic;
  }

  /** The turn ran: its caller goes on. */
  finished(id: string): void {
    this.waiting.get(id)?.resolve();
    this.waiting.delete(id);
  }

  /** The turn was given up (parked): its caller gets the error. */
  failed(id: string, err: unknown): void {
    this.waiting.get(id)?.reject(err);
    this.waiting.delete(id);
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
