/**
 * How the emulated hub tells the bot that a customer's conversation has started (N4). The
 * contract shows no such signal; we assume the hub sends, as soon as the conversation exists,
 * a `customer.info` message from the customer naming them and their language, and the
 * adapter's reader (src/adapter/customerInfo.ts) reads `content.name` and `content.language`
 * among others. A test or a developer whose hub says it another way passes their own signal
 * (EmulatorOptions.conversationStart), or `false` for none: then the bot first hears of the
 * conversation with the customer's first message, as before.
 */
import type { HubMessage } from '../../schemas/hubMessages.js';

/** What the hub knows when a conversation starts. */
export interface ConversationStart {
  /** The customer's participant id. */
  customerId: string;
  /** The customer's display name, when the channel gave one. */
  name?: string;
  /** The conversation's language: the channel's, else the account's default language. */
  language?: string;
}

/** The message a new conversation's start is signalled with (type and content), or undefined for none. */
export type ConversationStartSignal = (start: ConversationStart) => Pick<HubMessage, 'type' | 'content'> | undefined;

/** The default: `customer.info` with `{name?, language?}`. */
export const customerInfoSignal: ConversationStartSignal = (start) => ({
  type: { value: 'customer.info' },
  content: { ...(start.name ? { name: start.name } : {}), ...(start.language ? { language: start.language } : {}) } as HubMessage['content'],
});

/** The signal's hub message for a conversation, from the customer, or undefined when signals are off. */
export function startSignalMessage(signal: ConversationStartSignal | false, conversationId: string, start: ConversationStart): HubMessage | undefined {
  const made = signal === false ? undefined : signal(start);
  if (!made) return undefined;
  return {
    sender: { type: 'customer', id: start.customerId, ...(start.name ? { name: start.name } : {}) },
    ...made,
    conversation: { id: conversationId },
    ...(start.language ? { language: start.language } : {}),
  };
}

/** An account's chatConfigurations.defaultLanguage, when it has one. */
export function accountDefaultLanguage(accounts: { find(id: string): { doc: unknown } | undefined }, accountId: string): string | undefined {
  const doc = accounts.find(accountId)?.doc as { chatConfigurations?: { defaultLanguage?: unknown } } | undefined;
  const lang = doc?.chatConfigurations?.defaultLanguage;
  return typeof lang === 'string' && lang !== '' ? lang : undefined;
}
