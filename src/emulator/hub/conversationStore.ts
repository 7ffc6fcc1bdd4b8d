/**
 * Conversations of the emulated hub: their state (active, escalated to an agent, completed),
 * every message in order, and what the customer side has received, as numbered events so the
 * customer API can long-poll or stream from a cursor.
 */
import { randomUUID } from 'node:crypto';
import type { HubMessage } from '../../schemas/hubMessages.js';

export type ConversationState = 'active' | 'escalated' | 'completed';

export type StoredMessage = HubMessage & { id: string; created: string; conversation: { id: string } & Record<string, unknown> };

/** What the customer side sees: a message for it, or a change of the conversation's state. */
export interface CustomerEvent {
  seq: number;
  at: string;
  kind: 'message' | 'escalated' | 'active' | 'completed';
  message?: StoredMessage;
}

export interface Conversation {
  id: string;
  tenant: string;
  accountId: string;
  state: ConversationState;
  created: string;
  modified: string;
  completed?: string;
  customer: { id: string; name?: string };
  messages: StoredMessage[];
  received: CustomerEvent[];
}

export class ConversationStore {
  private readonly conversations = new Map<string, Conversation>();
  private readonly listeners = new Map<string, Set<(e: CustomerEvent) => void>>();

  constructor(private readonly now: () => number) {}

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  create(init: { tenant: string; accountId: string; customer?: { id?: string; name?: string } }): Conversation {
    const at = this.iso();
    const conv: Conversation = {
      id: randomUUID(),
      tenant: init.tenant,
      accountId: init.accountId,
      state: 'active',
      created: at,
      modified: at,
      customer: { id: init.customer?.id ?? `customer-${randomUUID().slice(0, 8)}`, ...(init.customer?.name ? { name: init.customer.name } : {}) },
      messages: [],
      received: [],
    };
    this.conversations.set(conv.id, conv);
    return conv;
  }

  get(id: string): Conversation | undefined {
    return this.conversations.get(id);
  }

  list(): Conversation[] {
    return [...this.conversations.values()];
  }

  /** Whether the conversation already holds a message with this id (a resend). */
  hasMessage(conv: Conversation, messageId: string): boolean {
    return conv.messages.some((m) => m.id === messageId);
  }

  /** Stores a message of the conversation with its id, time and `conversation.id` set. */
  append(conv: Conversation, msg: HubMessage): StoredMessage {
    const stored = {
      ...msg,
      id: msg.id ?? randomUUID(),
      created: msg.created ?? this.iso(),
      conversation: { ...(msg.conversation ?? {}), id: conv.id },
    } as StoredMessage;
    conv.messages.push(stored);
    conv.modified = this.iso();
    return stored;
  }

  /** Hands an event to the customer side (and to whoever is waiting or streaming). */
  toCustomer(conv: Conversation, kind: CustomerEvent['kind'], message?: StoredMessage): CustomerEvent {
    const event: CustomerEvent = { seq: conv.received.length + 1, at: this.iso(), kind, ...(message ? { message } : {}) };
    conv.received.push(event);
    for (const l of this.listeners.get(conv.id) ?? []) l(event);
    return event;
  }

  /** Escalated, completed, or active again (the transfer was refused, or the agent left). */
  setState(conv: Conversation, state: 'escalated' | 'active' | 'completed'): void {
    if (conv.state === state || conv.state === 'completed') return;
    if (state === 'active' && conv.state !== 'escalated') return;
    conv.state = state;
    conv.modified = this.iso();
    if (state === 'completed') conv.completed = conv.modified;
    this.toCustomer(conv, state);
  }

  /** Customer events after cursor `since` (a seq; 0 for all). */
  eventsSince(conv: Conversation, since: number): CustomerEvent[] {
    return conv.received.slice(Math.max(0, since));
  }

  subscribe(conversationId: string, listener: (e: CustomerEvent) => void): () => void {
    let set = this.listeners.get(conversationId);
    if (!set) this.listeners.set(conversationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(conversationId);
    };
  }

  /** Long-poll: events after `since`, waiting up to `waitMs` for the first one (or until `signal` aborts). */
  async waitForEvents(conv: Conversation, since: number, waitMs: number, signal?: AbortSignal): Promise<CustomerEvent[]> {
    const ready = this.eventsSince(conv, since);
    if (ready.length > 0 || waitMs <= 0) return ready;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      const unsubscribe = this.subscribe(conv.id, done);
      signal?.addEventListener('abort', done);
    });
    return this.eventsSince(conv, since);
  }
}
