/**
 * A customer, over the emulator's customer API (raw HTTP): start a conversation, say things,
 * and wait for what the bot sends back. Shared by the end-to-end tests.
 */
import { expect } from 'chai';
import type { HubMessage } from '../../src/schemas/hubMessages.js';

export interface Received {
  seq: number;
  kind: 'message' | 'escalated' | 'completed';
  message?: HubMessage & { id: string };
}

export class Customer {
  private cursor = 0;
  readonly received: Received[] = [];

  private constructor(
    readonly emulatorUrl: string,
    readonly conversationId: string,
  ) {}

  static async start(emulatorUrl: string, accountAddress: string, customer?: { id?: string; name?: string }, language?: string): Promise<Customer> {
    const res = await fetch(`${emulatorUrl}/emulator/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountAddress, ...(customer ? { customer } : {}), ...(language ? { language } : {}) }),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(201);
    return new Customer(emulatorUrl, body.id);
  }

  async say(text: string, extra: Record<string, unknown> = {}): Promise<void> {
    const res = await fetch(`${this.emulatorUrl}/emulator/conversations/${this.conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, ...extra }),
    });
    expect(res.status, await res.clone().text()).to.equal(202);
  }

  async send(type: string, content: Record<string, unknown> = {}): Promise<number> {
    const res = await fetch(`${this.emulatorUrl}/emulator/conversations/${this.conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, content }),
    });
    return res.status;
  }

  /** Long-polls until `count` more bot messages (or other events) arrived, or the time is up. */
  async waitFor(predicate: (all: Received[]) => boolean, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received so far: ${JSON.stringify(this.texts())}`);
      const res = await fetch(`${this.emulatorUrl}/emulator/conversations/${this.conversationId}/received?since=${this.cursor}&waitMs=${Math.min(left, 2000)}`);
      const body = (await res.json()) as { events: Received[]; next: number };
      this.received.push(...body.events);
      this.cursor = body.next;
    }
    return this.received;
  }

  /** Waits for `n` messages of the given types in total (typing indicators excluded by default). */
  async messages(n: number, timeoutMs?: number, include = (m: HubMessage) => !m.type.value.startsWith('typing.')): Promise<HubMessage[]> {
    const pick = () => this.received.filter((e) => e.kind === 'message' && e.message && include(e.message)).map((e) => e.message!);
    await this.waitFor(() => pick().length >= n, timeoutMs);
    return pick();
  }

  texts(): string[] {
    return this.received.filter((e) => e.message).map((e) => `${e.message!.type.value}: ${e.message!.content?.text ?? ''}`);
  }
}

/**
 * Says `text`, then waits until a bot message sent after it satisfies `until`; returns those messages
 * (typing indicators are not replies). The walks of the ready bots go turn by turn with it.
 */
export async function exchange(c: Customer, text: string, until: (m: HubMessage) => boolean): Promise<HubMessage[]> {
  const before = (await c.messages(0)).length;
  await c.say(text);
  const isReply = (m: HubMessage) => !m.type.value.startsWith('typing.');
  await c.waitFor((all) => all.filter((e) => e.message && isReply(e.message)).slice(before).some((e) => until(e.message!)), 15_000);
  return (await c.messages(0)).slice(before);
}
