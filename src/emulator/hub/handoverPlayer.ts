/**
 * How the emulated hub answers a bot's escalation.transfer (H1 of docs/platform-contract.md),
 * so each outcome can be played against a real bot:
 *
 *   queue    (default) the transfer waits in the agent queue; no agent comes by itself
 *   agent    an agent joins after `agentDelayMs`: agent.join goes to the bot and the customer
 *   none     nobody comes: the bot's own deadline decides
 *   refused  the hub answers agent.unavailable at once, and the conversation is the bot's again
 *
 * In every outcome, customer messages of an escalated conversation go to the agent queue AND
 * to the bot (U6, docs/platform-contract.md "While a transfer waits"): the bot stays in the
 * conversation, answers what it offered (keep waiting, back to the assistant), and stays silent
 * while an agent holds it. By hand, through the
 * customer API, an agent can join, leave (conversation.state "bot": the bot takes over again)
 * or be unavailable. The agent's messages are sent through the router as a platform_agent's,
 * so they are checked, stored and routed like any other.
 */
import { z } from 'zod';
import type { MessageBatch } from '../../schemas/hubMessages.js';
import type { Conversation } from './conversationStore.js';

export const HANDOVER_OUTCOMES = ['queue', 'agent', 'none', 'refused'] as const;
export const AGENT_ACTIONS = ['join', 'leave', 'unavailable'] as const;
export type AgentAction = (typeof AGENT_ACTIONS)[number];

export const handoverSettingsSchema = z.strictObject({
  outcome: z.enum(HANDOVER_OUTCOMES).default('queue'),
  agentDelayMs: z.number().int().min(0).max(600_000).default(3000),
  agentName: z.string().min(1).max(60).default('Alex'),
});
export type HandoverSettings = z.output<typeof handoverSettingsSchema>;

/** Message types an agent sends that the bot of the conversation receives too. */
export const HANDOVER_TYPES_TO_BOT = new Set(['agent.join', 'agent.unavailable', 'conversation.state', 'queue.transfer', 'error']);

type Send = (tenant: string, batch: MessageBatch) => unknown;

export class HandoverPlayer {
  settings: HandoverSettings = handoverSettingsSchema.parse({});
  private readonly timers = new Set<NodeJS.Timeout>();

  /** `send`: the router's accept, through which the agent's messages go. */
  constructor(private readonly send: Send) {}

  /** Called once the transfer is in the agent queue. */
  onTransfer(conv: Conversation): void {
    // Played after the transfer's own routing is done, never inside it.
    if (this.settings.outcome === 'refused') this.later(0, () => this.act(conv, 'unavailable'));
    if (this.settings.outcome === 'agent') this.later(this.settings.agentDelayMs, () => conv.state === 'escalated' && this.act(conv, 'join'));
  }

  private later(ms: number, play: () => unknown): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      try {
        play();
      } catch {
        // The emulator stopped, or the conversation was completed meanwhile: nothing to play.
      }
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  act(conv: Conversation, action: AgentAction): void {
    const name = this.settings.agentName;
    const message =
      action === 'join' ? { type: 'agent.join', content: { text: `${name} joined the conversation` } }
      : action === 'leave' ? { type: 'conversation.state', content: { state: 'bot', text: `${name} left the conversation` } }
      : { type: 'agent.unavailable', content: { text: 'No agent is available' } };
    this.send(conv.tenant, {
      messages: { message: [{ sender: { type: 'platform_agent', id: 'emulated-agent', name }, type: { value: message.type }, content: message.content, conversation: { id: conv.id } }] },
    });
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
