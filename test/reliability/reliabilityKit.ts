/**
 * What the reliability tests share: customers over the emulator's customer API (the e2e
 * Customer), and the two checks every fault test ends with — what the customer received, and
 * what the hub recorded — each required to hold every expected reply exactly once, in order.
 */
import { expect } from 'chai';
import type { ReplicaHarness } from '../../cli/harness/replicaHarness.js';
import { Customer } from '../e2e/customerClient.js';

export { Customer };

export const MESSAGES_PATH = '/conversation/conversationmgr/v3/conversations/messages';

export interface RecordedMessage {
  id: string;
  sender: { type: string };
  type: { value: string };
  content?: { text?: string };
}

export async function openCustomers(h: ReplicaHarness, n: number): Promise<Customer[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => Customer.start(h.emulator.url, h.accountAddress, { id: `customer-${i + 1}` })));
}

/** The conversation as the hub holds it (the emulator's own API). */
export async function hubRecord(h: ReplicaHarness, conversationId: string): Promise<RecordedMessage[]> {
  const res = await fetch(`${h.emulator.url}/emulator/conversations/${conversationId}`);
  expect(res.status).to.equal(200);
  return ((await res.json()) as { messages: { message: RecordedMessage[] } }).messages.message;
}

/** The bot's text replies the hub recorded in a conversation, in its order. */
export async function hubReplies(h: ReplicaHarness, conversationId: string): Promise<RecordedMessage[]> {
  return (await hubRecord(h, conversationId)).filter((m) => m.sender.type !== 'customer' && m.type.value === 'text');
}

/** The bot's text replies the customer received, with their ids, in arrival order. */
export function receivedReplies(customer: Customer): { id: string; text: string }[] {
  return customer.received
    .filter((e) => e.kind === 'message' && e.message && e.message.sender.type !== 'customer' && e.message.type.value === 'text')
    .map((e) => ({ id: e.message!.id, text: e.message!.content?.text ?? '' }));
}

/**
 * Waits until the customer has `expected.length` replies (and a little longer, for a late
 * duplicate to show up), then requires: on the customer's side and in the hub's record, each
 * expected reply exactly once, in this order, and no reply id twice.
 */
export async function expectRepliesOnce(h: ReplicaHarness, customer: Customer, expected: string[], timeoutMs = 60_000): Promise<void> {
  await customer.waitFor(() => receivedReplies(customer).length >= expected.length, timeoutMs);
  await customer.waitFor(() => false, 300).catch(() => undefined);
  const got = receivedReplies(customer);
  expect(got.map((r) => r.text), `replies to ${customer.conversationId}`).to.deep.equal(expected);
  expect(new Set(got.map((r) => r.id)).size, 'reply ids seen by the customer').to.equal(got.length);
  const recorded = await hubReplies(h, customer.conversationId);
  expect(recorded.map((m) => m.content?.text), `hub record of ${customer.conversationId}`).to.deep.equal(expected);
  expect(new Set(recorded.map((m) => m.id)).size, 'reply ids in the hub record').to.equal(recorded.length);
}

/** Emulator call-log entries of one kind. */
export async function emulatorLog(h: ReplicaHarness, kind: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${h.emulator.url}/emulator/calls?kind=${encodeURIComponent(kind)}`);
  return ((await res.json()) as { call: Record<string, unknown>[] }).call;
}

/** What a failing test prints: the replicas' last output, and the hub's callbacks and failures. */
export async function dumpOnFailure(h: ReplicaHarness | undefined): Promise<void> {
  if (!h) return;
  for (const r of h.replicas) console.log(`--- ${r.name} (${r.alive ? 'alive' : 'dead'})\n${r.output()}`);
  const brief = (e: Record<string, unknown>) => JSON.stringify({ seq: e.seq, at: e.at, conversationId: e.conversationId, status: e.status, attempt: e.attempt, reason: e.reason, messageIds: e.messageIds });
  console.log(`--- hub callbacks\n${(await emulatorLog(h, 'callback')).map(brief).join('\n')}`);
  console.log(`--- hub callback failures\n${(await emulatorLog(h, 'callbackFailure')).map(brief).join('\n')}`);
}

