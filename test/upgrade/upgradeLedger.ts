/**
 * The rolling-upgrade test's count, from the hub's own record of each conversation (the
 * emulator's) and the shared inbox: every customer text answered (a bot message whose id is the
 * text's id with `:r<n>`, the ids the adapter gives a turn's replies), no reply twice (an id twice
 * in the record or at the customer, or one turn saying the same thing twice under new ids), and
 * nothing in the dead letters. Each finding says where and why, with the replicas that ran the
 * message's turn, so a failure names what a release could not read.
 */
import type { ObservedTurn, ReplicaHarness } from '../../cli/harness/replicaHarness.js';
import type { DeadLetter } from '../../src/adapter/inbox/inbox.js';
import { RedisInbox } from '../../src/adapter/inbox/redisInbox.js';
import { closeRedisConnection, createRedisConnection } from '../../src/redis/redisConnection.js';
import { hubRecord, type RecordedMessage } from '../reliability/reliabilityKit.js';
import type { Customer } from '../e2e/customerClient.js';

export interface Finding {
  conversationId: string;
  messageId: string;
  text: string;
  why: string;
}

export interface Ledger {
  /** Customer texts the hub recorded, in every conversation counted. */
  customerTexts: number;
  /** Bot messages the hub recorded (typing indicators left out). */
  botMessages: number;
  lost: Finding[];
  duplicated: Finding[];
  deadLetters: DeadLetter[];
  /** Items still in the inbox (not run) at the count. */
  pending: number;
}

const isTyping = (m: RecordedMessage) => m.type.value.startsWith('typing.');
const textOf = (m: RecordedMessage) => m.content?.text ?? '';

/** The turn a reply belongs to: its id up to `:r<n>`. */
function turnOf(replyId: string): string {
  const at = replyId.lastIndexOf(':r');
  return at > 0 ? replyId.slice(0, at) : replyId;
}

function ranOn(turns: readonly ObservedTurn[], messageId: string): string {
  const replicas = turns.filter((t) => t.turn.messageId === messageId).map((t) => t.replica);
  return replicas.length ? `its turn started on ${replicas.join(', ')}` : 'no replica started its turn';
}

/** Counts one conversation into the ledger. */
async function countConversation(h: ReplicaHarness, customer: Customer, ledger: Ledger): Promise<void> {
  const conversationId = customer.conversationId;
  const record = await hubRecord(h, conversationId);
  const bot = record.filter((m) => m.sender.type !== 'customer' && !isTyping(m));
  ledger.botMessages += bot.length;
  for (const said of record.filter((m) => m.sender.type === 'customer' && m.type.value === 'text')) {
    ledger.customerTexts++;
    if (!bot.some((m) => turnOf(m.id) === said.id)) ledger.lost.push({ conversationId, messageId: said.id, text: textOf(said), why: `never answered: ${ranOn(h.turns, said.id)}` });
  }
  const seenIds = new Set<string>();
  const seenInTurn = new Set<string>();
  for (const m of bot) {
    if (seenIds.has(m.id)) ledger.duplicated.push({ conversationId, messageId: m.id, text: textOf(m), why: 'the hub recorded this reply id twice' });
    seenIds.add(m.id);
    const said = `${turnOf(m.id)}\u0000${m.type.value}\u0000${textOf(m)}`;
    if (seenInTurn.has(said)) ledger.duplicated.push({ conversationId, messageId: m.id, text: textOf(m), why: `turn ${turnOf(m.id)} sent this ${m.type.value} twice under different ids (run again with other reply ids)` });
    seenInTurn.add(said);
  }
  const received = customer.received.filter((e) => e.message && e.message.sender.type !== 'customer' && !e.message.type.value.startsWith('typing.')).map((e) => e.message!);
  const receivedIds = new Set<string>();
  for (const m of received) {
    if (receivedIds.has(m.id)) ledger.duplicated.push({ conversationId, messageId: m.id, text: m.content?.text ?? '', why: 'the customer received this reply twice' });
    receivedIds.add(m.id);
  }
}

/** The count over `customers`' conversations and the tenant's inbox. */
export async function countUpgrade(h: ReplicaHarness, customers: readonly Customer[]): Promise<Ledger> {
  const ledger: Ledger = { customerTexts: 0, botMessages: 0, lost: [], duplicated: [], deadLetters: [], pending: 0 };
  for (const c of customers) await countConversation(h, c, ledger);
  const client = await createRedisConnection({ url: h.redisUrl });
  try {
    const inbox = new RedisInbox({ client, tenant: h.tenant });
    ledger.deadLetters = await inbox.deadLetters(1000);
    ledger.pending = await inbox.depth();
  } finally {
    await closeRedisConnection(client);
  }
  return ledger;
}

/** The ledger's findings, one per line, for a failure message (empty when there are none). */
export function describeFindings(ledger: Ledger): string {
  const lines: string[] = [];
  for (const f of ledger.lost) lines.push(`LOST ${f.conversationId} "${f.text}" (${f.messageId}): ${f.why}`);
  for (const f of ledger.duplicated) lines.push(`DUPLICATED ${f.conversationId} "${f.text}" (${f.messageId}): ${f.why}`);
  for (const d of ledger.deadLetters) lines.push(`DEAD-LETTERED ${d.conversationId} ${d.item.kind ?? 'message'} item ${d.item.id} after ${d.attempts} attempt(s): ${d.reason}`);
  if (ledger.pending > 0) lines.push(`PENDING ${ledger.pending} item(s) still in the inbox at the count`);
  return lines.join('\n');
}
