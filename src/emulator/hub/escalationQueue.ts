/**
 * The agent queue of the emulated hub. There are no agents in the emulator: an
 * `escalation.transfer` opens an entry here (visible through GET /emulator/escalations), and the
 * customer's later messages are added to the entry (they go to the bot as well, which answers
 * what it offered while the transfer waits and is silent once an agent holds the conversation).
 */
import type { Conversation, StoredMessage } from './conversationStore.js';

export interface Escalation {
  seq: number;
  at: string;
  conversationId: string;
  tenant: string;
  accountId: string;
  /** The agent named by the orchestration's `onEscalation.agent`, when there is one. */
  agentId?: string;
  /** What the bot said the agent should know (`content.summary`, else `content.text`). */
  summary?: string;
  transfer: StoredMessage;
  /** Customer messages that arrived after the transfer. */
  customerMessages: StoredMessage[];
}

export class EscalationQueue {
  private readonly entries: Escalation[] = [];

  constructor(private readonly now: () => number) {}

  open(conv: Conversation, transfer: StoredMessage, agentId: string | undefined): Escalation {
    const content = transfer.content as { summary?: string; text?: string } | undefined;
    const summary = content?.summary ?? content?.text;
    const e: Escalation = {
      seq: this.entries.length + 1,
      at: new Date(this.now()).toISOString(),
      conversationId: conv.id,
      tenant: conv.tenant,
      accountId: conv.accountId,
      ...(agentId === undefined ? {} : { agentId }),
      ...(summary === undefined ? {} : { summary }),
      transfer,
      customerMessages: [],
    };
    this.entries.push(e);
    return e;
  }

  /** Adds a customer message to the newest escalation of its conversation. */
  addCustomerMessage(conversationId: string, msg: StoredMessage): void {
    const e = [...this.entries].reverse().find((x) => x.conversationId === conversationId);
    e?.customerMessages.push(msg);
  }

  list(): Escalation[] {
    return [...this.entries];
  }
}
