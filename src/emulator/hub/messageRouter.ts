/**
 * What the hub does with a batch of messages (POST /conversations/messages, and the
 * emulator's customer API): every message is checked first (sender type known, message type
 * allowed for it by the matrix of 4.4 (C5), conversation known and not completed), and only
 * when the whole batch passes is anything stored or routed, so a refused batch leaves no trace.
 *
 * Routing by sender: customer messages go to the bot's callback (once escalated, to the agent
 * queue as well: the bot answers what it offered while a transfer waits, U6); bot and agent messages go to the customer side (the emulator's customer API,
 * and the customer application's callback when the orchestration names one).
 * `escalation.transfer` opens an agent-queue entry; `conversation.end` completes the
 * conversation after it was delivered.
 *
 * Idempotent on message id (an assumption: the spec does not show what the hub does with a
 * message sent twice). A message whose id the conversation already holds is a resend (the
 * sender timed out on a call the hub did take, then tried again): it is answered as accepted
 * and neither stored nor routed again, so the other side never sees it twice.
 */
import { PlatformError } from '../../errors/platformError.js';
import type { HubMessage, MessageBatch } from '../../schemas/hubMessages.js';
import { maySend, SENDER_TYPES, type SenderType } from '../../schemas/messageTypes.js';
import type { AssetStore } from '../assets/assetStore.js';
import type { CallLog } from '../callLog.js';
import type { CallbackDelivery, CallbackTarget } from './callbackDelivery.js';
import type { Conversation, ConversationStore, StoredMessage } from './conversationStore.js';
import { accountDefaultLanguage, customerInfoSignal, startSignalMessage, type ConversationStartSignal } from './conversationStartSignal.js';
import type { EscalationQueue } from './escalationQueue.js';
import { HANDOVER_TYPES_TO_BOT, HandoverPlayer } from './handoverPlayer.js';
import { botTarget, customerTarget, escalationAgentOf, type TargetResult } from './routeTargets.js';
import type { ResourceStores } from './setupRoutes.js';

export interface RoutedMessage {
  id: string;
  conversationId: string;
}

interface Planned {
  msg: HubMessage;
  sender: SenderType;
  conv?: Conversation;
  /** For a customer's first message without a conversation id: the account to open one on. */
  newOnAccount?: string;
  /** The conversation already holds a message with this id: a resend, not routed again. */
  duplicate?: boolean;
}

export class MessageRouter {
  /** How transfers are answered (H1): agent joins, nobody, refused, or the plain queue. */
  readonly handover = new HandoverPlayer((tenant, batch) => this.accept(tenant, batch));

  constructor(
    private readonly deps: {
      stores: ResourceStores;
      conversations: ConversationStore;
      delivery: CallbackDelivery;
      escalations: EscalationQueue;
      assets: AssetStore;
      log: CallLog;
      /** How a new conversation is signalled to the bot (N4); default `customer.info`, false for none. */
      startSignal?: ConversationStartSignal | false;
    },
  ) {}

  /**
   * Signals a new conversation to the bot (N4), routed like the customer's own messages; a no-op
   * when signals are off. `language` is the channel's, else the account's default is used.
   */
  signalStart(conv: Conversation, language?: string): void {
    const signal = this.startMessage(conv, language);
    if (signal) this.accept(conv.tenant, { messages: { message: [signal] } });
  }

  private startMessage(conv: Conversation, language: string | undefined): HubMessage | undefined {
    const lang = language ?? accountDefaultLanguage(this.deps.stores.accounts, conv.accountId);
    return startSignalMessage(this.deps.startSignal ?? customerInfoSignal, conv.id, { customerId: conv.customer.id, name: conv.customer.name, language: lang });
  }

  /** Checks, stores and routes a batch for `tenant`; throws (routing nothing) on the first refusal. */
  /** `boundSender`: the participant type the calling client is bound to, if any (its messages must carry it). */
  accept(tenant: string, batch: MessageBatch, boundSender?: SenderType): RoutedMessage[] {
    const plan = batch.messages.message.map((msg) => this.check(tenant, msg, boundSender));
    markRepeatsWithinBatch(plan);
    const opened = new Map<string, Conversation>();
    const groups = new Map<Conversation, { sender: SenderType; msg: HubMessage }[]>();
    for (const p of plan) {
      if (p.duplicate) {
        this.deps.log.record({ kind: 'messageDuplicate', conversationId: p.conv!.id, messageId: p.msg.id, senderType: p.sender });
        continue;
      }
      let conv = p.conv;
      if (!conv) {
        conv = opened.get(p.newOnAccount!);
        if (!conv) {
          conv = this.deps.conversations.create({ tenant, accountId: p.newOnAccount!, customer: { id: p.msg.sender.id, name: p.msg.sender.name } });
          opened.set(p.newOnAccount!, conv);
          // A conversation opened by a customer's first message is signalled before that message (N4).
          const signal = this.startMessage(conv, p.msg.language);
          groups.set(conv, signal ? [{ sender: 'customer', msg: signal }] : []);
        }
      }
      if (!groups.has(conv)) groups.set(conv, []);
      groups.get(conv)!.push({ sender: p.sender, msg: p.msg });
    }
    const routed = new Map<HubMessage, RoutedMessage>();
    for (const [conv, msgs] of groups) {
      const done = this.route(conv, msgs, batch.metadata);
      msgs.forEach((m, i) => routed.set(m.msg, done[i]));
    }
    return plan.map((p) => (p.duplicate ? { id: p.msg.id!, conversationId: p.conv!.id } : routed.get(p.msg)!));
  }

  private check(tenant: string, msg: HubMessage, boundSender?: SenderType): Planned {
    const sender = msg.sender.type;
    if (!(SENDER_TYPES as readonly string[]).includes(sender)) throw PlatformError.of('400-196', { name: 'sender.type', allowed: SENDER_TYPES.join(', ') });
    // The hub knows which participant a client is: it cannot post under another's type.
    if (boundSender !== undefined && sender !== boundSender) throw PlatformError.of('403-198', { reason: `this client sends as ${boundSender}, not ${sender}` });
    if (!maySend(sender as SenderType, msg.type.value)) throw PlatformError.of('400-120', { sender, type: msg.type.value });
    const id = msg.conversation?.id;
    if (id !== undefined) {
      const conv = this.deps.conversations.get(id);
      if (!conv || conv.tenant !== tenant) throw PlatformError.of('404-101', { name: `conversation ${id}` });
      // Before the completed check: the resend of a conversation.end is still a success.
      if (msg.id !== undefined && this.deps.conversations.hasMessage(conv, msg.id)) return { msg, sender: sender as SenderType, conv, duplicate: true };
      if (conv.state === 'completed') throw PlatformError.of('409-101', { reason: `conversation ${id} is completed` });
      return { msg, sender: sender as SenderType, conv };
    }
    if (sender !== 'customer') throw PlatformError.of('400-112', { name: 'conversation.id' });
    // A customer's first message opens a conversation on the account named by its address.
    const address = msg.conversation?.account?.address;
    if (address === undefined) throw PlatformError.of('400-112', { name: 'conversation.id' });
    const account = this.deps.stores.accounts.list(tenant).find((a) => a.doc.address === address || a.id === address);
    if (!account) throw PlatformError.of('400-113', { resource: 'account', id: address });
    return { msg, sender: 'customer', newOnAccount: account.id };
  }

  private route(conv: Conversation, msgs: { sender: SenderType; msg: HubMessage }[], metadata: MessageBatch['metadata']): RoutedMessage[] {
    const { conversations, escalations, assets, log, stores } = this.deps;
    const toBot: StoredMessage[] = [];
    const toCustomer: StoredMessage[] = [];
    let end = false;
    for (const { sender, msg } of msgs) {
      const stored = conversations.append(conv, msg);
      assets.markUsed(conv.tenant, stored.content, stored.id);
      log.record({ kind: 'message', conversationId: conv.id, senderType: sender, type: stored.type.value, message: stored });
      const type = stored.type.value;
      if (sender === 'customer') {
        if (conv.state === 'escalated') escalations.addCustomerMessage(conv.id, stored);
        toBot.push(stored);
      } else if (type === 'escalation.transfer') {
        this.flushToCustomer(conv, toCustomer.splice(0), metadata);
        escalations.open(conv, stored, escalationAgentOf(conv, stores));
        conversations.setState(conv, 'escalated');
        this.handover.onTransfer(conv);
      } else {
        toCustomer.push(stored);
        // The bot learns what becomes of its transfer; after a refusal or once the agent
        // leaves, the conversation is the bot's again.
        if ((sender === 'platform_agent' || sender === 'custom_agent') && HANDOVER_TYPES_TO_BOT.has(type)) {
          toBot.push(stored);
          if (type === 'agent.unavailable' || (type === 'conversation.state' && (stored.content as { state?: unknown } | undefined)?.state === 'bot')) conversations.setState(conv, 'active');
        }
      }
      if (type === 'conversation.end') end = true;
    }
    if (toBot.length > 0) this.deliver(conv, botTarget(conv, stores), toBot, metadata, 'bot');
    this.flushToCustomer(conv, toCustomer, metadata);
    if (end) conversations.setState(conv, 'completed');
    return msgs.length === 0 ? [] : conv.messages.slice(-msgs.length).map((m) => ({ id: m.id, conversationId: conv.id }));
  }

  private flushToCustomer(conv: Conversation, msgs: StoredMessage[], metadata: MessageBatch['metadata']): void {
    if (msgs.length === 0) return;
    for (const m of msgs) this.deps.conversations.toCustomer(conv, 'message', m);
    const target = customerTarget(conv, this.deps.stores);
    if (target) this.deliver(conv, target, msgs, metadata, 'customer');
  }

  private deliver(conv: Conversation, result: TargetResult, msgs: StoredMessage[], metadata: MessageBatch['metadata'], recipient: CallbackTarget['recipient']): void {
    const messageIds = msgs.map((m) => m.id);
    if ('reason' in result) {
      this.deps.delivery.fail({ conversationId: conv.id, recipient, reason: result.reason, messageIds });
      return;
    }
    const body: Record<string, unknown> = { ...(metadata ? { metadata } : {}), messages: { message: msgs } };
    this.deps.delivery.enqueue({ conversationId: conv.id, target: result.target, body, messageIds });
  }
}

/** The same id twice in one batch: the later copies are resends too. */
function markRepeatsWithinBatch(plan: Planned[]): void {
  const seen = new Set<string>();
  for (const p of plan) {
    if (p.duplicate || !p.conv || p.msg.id === undefined) continue;
    const key = `${p.conv.id}\n${p.msg.id}`;
    if (seen.has(key)) p.duplicate = true;
    seen.add(key);
  }
}
