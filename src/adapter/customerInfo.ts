/**
 * Who the customer is, from the hub's `customer.info` message (N4 of docs/platform-contract.md).
 * The contract does not show that message's content; we assume the hub sends one when a
 * customer's conversation starts, with the customer's name and language, and read it leniently:
 * the first non-empty text among the places a name or a language plausibly sits. A deployment
 * whose hub puts them elsewhere passes its own reader (HubAdapterOptions.readCustomerInfo).
 */
import type { HubMessage } from '../schemas/hubMessages.js';

export interface CustomerInfo {
  /** The customer's display name, for activity.from.name. */
  name?: string;
  /** The customer's language (a locale such as `fr-FR`), for activity.locale. */
  language?: string;
}

export type CustomerInfoReader = (message: HubMessage) => CustomerInfo;

/** The first of `values` that is a non-empty string, trimmed. */
function firstText(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** The default reader: `content.name` or `content.customer.name` or the sender's name; `content.language`, `content.locale` or the message's language. */
export const readCustomerInfo: CustomerInfoReader = (message) => {
  const content = record(message.content);
  const customer = record(content.customer);
  const name = firstText(content.name, content.customerName, customer.name, message.sender?.name);
  const language = firstText(content.language, content.locale, customer.language, customer.locale, message.language);
  return { ...(name ? { name } : {}), ...(language ? { language } : {}) };
};
