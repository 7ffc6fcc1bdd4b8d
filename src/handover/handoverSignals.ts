/**
 * What an activity means for a handover to an agent (H1 of docs/platform-contract.md), read
 * from the hub's messages as the adapter maps them (activityFromHubMessage.ts):
 *
 *   agent.join (a conversationUpdate adding an agent)      → the agent answered
 *   agent.unavailable, error, a queue.transfer naming no
 *   queue (a transfer that ends nowhere)                   → the transfer failed
 *   conversation.state with state "bot" (our assumption)   → the agent handed the conversation back
 *   conversation.end                                       → the conversation is over
 *   the `handover.deadline` event                          → the wait for an agent is over
 *   a customer's message                                   → the customer spoke
 * and, among what the bot sends, whether it is the transfer (escalation.transfer).
 */
import { ActivityTypes, type Activity } from 'botbuilder-core';

/**
 * The name of the event activity that ends the wait for an agent. The middleware schedules it
 * through the adapter's inbox; a deployment without a scheduler can send it from elsewhere.
 */
export const HANDOVER_DEADLINE_EVENT = 'handover.deadline';

/** What one activity means for a handover (see `handoverSignalOf`). */
export type HandoverSignal =
  | { kind: 'agentJoined' }
  | { kind: 'failed'; why: 'agent.unavailable' | 'error' | 'queue.transfer' }
  | { kind: 'agentLeft' }
  | { kind: 'ended' }
  | { kind: 'deadline'; deadline?: number }
  | { kind: 'customer' }
  | { kind: 'other' };

const AGENT_ROLES = new Set(['platform_agent', 'custom_agent']);

/**
 * Reads what an incoming activity means for a handover: an agent joined, the transfer failed, the
 * agent handed back, the conversation ended, the deadline fell, the customer spoke, or nothing.
 *
 * @param a - an activity the adapter made from a hub message
 * @returns the signal, `none` when the activity says nothing about a handover
 */
export function handoverSignalOf(a: Partial<Activity>): HandoverSignal {
  const content = (a.value ?? {}) as Record<string, unknown>;
  switch (a.type) {
    case ActivityTypes.ConversationUpdate:
      return (a.membersAdded ?? []).some((m) => AGENT_ROLES.has(String(m.role))) ? { kind: 'agentJoined' } : { kind: 'other' };
    case ActivityTypes.EndOfConversation:
      return { kind: 'ended' };
    case ActivityTypes.Message:
      return a.from?.role === 'user' ? { kind: 'customer' } : { kind: 'other' };
    case ActivityTypes.Event:
      switch (a.name) {
        case 'agent.join':
          return { kind: 'agentJoined' };
        case 'agent.unavailable':
        case 'error':
          return { kind: 'failed', why: a.name };
        case 'queue.transfer':
          return queueOf(content) ? { kind: 'other' } : { kind: 'failed', why: 'queue.transfer' };
        case 'conversation.state':
          return content.state === 'bot' ? { kind: 'agentLeft' } : { kind: 'other' };
        case HANDOVER_DEADLINE_EVENT: {
          const deadline = (content as { deadline?: unknown }).deadline;
          return { kind: 'deadline', ...(typeof deadline === 'number' ? { deadline } : {}) };
        }
        default:
          return { kind: 'other' };
      }
    default:
      return { kind: 'other' };
  }
}

/** The queue a queue.transfer names (`queue.id`, `queueId` or `target`), if any. */
function queueOf(content: Record<string, unknown>): string | undefined {
  const q = content.queue as { id?: unknown } | undefined;
  const id = q?.id ?? content.queueId ?? content.target;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * Whether an outgoing activity is the transfer to an agent: botbuilder's handoff activity, a
 * `handoff` or `escalation.transfer` event, or a reply whose channel data names the
 * `escalation.transfer` hub type.
 *
 * @param a - an activity the bot sends
 */
export function isTransfer(a: Partial<Activity>): boolean {
  if (a.type === ActivityTypes.Handoff) return true;
  if (a.type === ActivityTypes.Event && (a.name === 'handoff' || a.name === 'escalation.transfer')) return true;
  return (a.channelData as { hubType?: unknown } | undefined)?.hubType === 'escalation.transfer';
}
