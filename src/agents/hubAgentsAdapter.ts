// The Agents SDK's adapter for the hub (documented on the class).
import type { Activity } from '@microsoft/agents-activity';
import { BaseAdapter, TurnContext } from '@microsoft/agents-hosting';
import type { TurnContext as HubTurnContext } from 'botbuilder-core';
import { PlatformError } from '../errors/platformError.js';
import type { HubAdapter } from '../adapter/hubAdapter.js';
import { isTransientTurnError } from '../adapter/turnErrors.js';
import { agentsActivityOf, hubActivityOf, hubReferenceOf } from './agentsActivity.js';

type AgentsLogic = (context: TurnContext) => Promise<void>;
type AgentsReference = Parameters<BaseAdapter['continueConversation']>[1];
type Responses = Awaited<ReturnType<BaseAdapter['sendActivities']>>;

/** Where an Agents TurnContext keeps the HubAdapter turn it runs in. */
const HUB_TURN = Symbol('hubTurn');

/**
 * HubAgentsAdapter: the Microsoft 365 Agents SDK's BaseAdapter for the conversation hub (G1). An
 * AgentApplication or an Agents ActivityHandler runs on it unchanged (G2).
 *
 * It is thin on purpose: every turn is a turn of the botbuilder HubAdapter of the same server, so
 * the callback route and its authentication, the inbox and its worker, the welcome on the first
 * message, the turn error policy (T1), the outbox and the sender-matrix check of every reply (C5)
 * are the very same code, and the one mapping of hubActivity.ts serves both SDKs (G3). Inside that
 * turn this adapter builds the Agents SDK's TurnContext over the same activity, runs its own
 * middleware and the agent, and hands each reply back to the HubAdapter's turn.
 */
export class HubAgentsAdapter extends BaseAdapter {
  /** The developer's onTurnError: it runs for the agent's own errors, not for transient ones. */
  private agentErrorHandler?: (context: TurnContext, error: Error) => Promise<void>;

  /** The botbuilder HubAdapter whose turns this adapter runs the agent in. */
  readonly hub: HubAdapter;

  /** @param hub - the HubAdapter of the server (`hubAgentBot` passes it) */
  constructor(hub: HubAdapter) {
    super();
    this.hub = hub;
  }

  /**
   * Runs `logic` (an AgentApplication's or ActivityHandler's run) in the HubAdapter turn `hubTurn`:
   * the server's worker calls it, through hubAgentBot, for every turn of the conversation.
   */
  async runTurn(hubTurn: HubTurnContext, logic: AgentsLogic): Promise<void> {
    const context = new TurnContext(this, agentsActivityOf(hubTurn.activity));
    context.turnState.set(HUB_TURN, hubTurn);
    await this.runMiddleware(context, logic);
  }

  /**
   * Hands the agent's replies to the HubAdapter's turn, which maps, checks and queues them as it
   * does a botbuilder bot's.
   *
   * @param context - the agent's turn
   * @param activities - the replies, in order
   * @returns one response per reply, with its id
   */
  override async sendActivities(context: TurnContext, activities: Activity[]): Promise<Responses> {
    // The HubAdapter's turn maps each activity (G3), checks the sender matrix (C5) and queues it.
    return this.hubTurnOf(context).sendActivities(activities.map(hubActivityOf));
  }

  /**
   * Not supported: the hub cannot edit a message that was sent.
   *
   * @param context - the agent's turn
   * @param activity - the activity to update
   * @throws PlatformError 403-198, always
   */
  override async updateActivity(context: TurnContext, activity: Activity): Promise<void> {
    await this.hubTurnOf(context).updateActivity(hubActivityOf(activity));
  }

  /**
   * Not supported: on the hub only a customer may delete a message.
   *
   * @param context - the agent's turn
   * @param reference - the message to delete
   * @throws PlatformError 403-198, always
   */
  override async deleteActivity(context: TurnContext, reference: Partial<AgentsReference>): Promise<void> {
    await this.hubTurnOf(context).deleteActivity(hubReferenceOf(reference));
  }

  /**
   * Proactive messages (T2): the same as HubAdapter.continueConversation, the conversation's next
   * turn through its inbox; `logic` gets an Agents TurnContext. The first argument (an app id or a
   * claims identity in the Agents SDK) is not needed on the hub.
   */
  override async continueConversation(_botAppIdOrIdentity: unknown, reference: Partial<AgentsReference>, logic: AgentsLogic): Promise<void> {
    await this.hub.continueConversation(hubReferenceOf(reference), (hubTurn) => this.runTurn(hubTurn, logic));
  }

  /**
   * Not supported: the hub keeps no attachments; send a card or a link instead.
   *
   * @throws PlatformError 403-198, always
   */
  override async uploadAttachment(): Promise<never> {
    throw noAttachments();
  }

  /**
   * Not supported: the hub keeps no attachments.
   *
   * @throws PlatformError 403-198, always
   */
  override async getAttachmentInfo(): Promise<never> {
    throw noAttachments();
  }

  /**
   * Not supported: the hub keeps no attachments.
   *
   * @throws PlatformError 403-198, always
   */
  override async getAttachment(): Promise<never> {
    throw noAttachments();
  }

  /**
   * The developer's handler, as in any Agents SDK adapter. The error is always passed on to the
   * HubAdapter's turn, whose policy decides (T1): a transient error is retried from the inbox
   * without the handler; the agent's own error gets the customer's notice and is parked.
   */
  override get onTurnError(): (context: TurnContext, error: Error) => Promise<void> {
    return this.turnErrorPolicy;
  }

  override set onTurnError(handler: (context: TurnContext, error: Error) => Promise<void>) {
    this.agentErrorHandler = handler;
  }

  private readonly turnErrorPolicy = async (context: TurnContext, error: Error): Promise<void> => {
    if (!isTransientTurnError(error)) await this.agentErrorHandler?.(context, error).catch(() => undefined);
    throw error;
  };

  private hubTurnOf(context: TurnContext): HubTurnContext {
    const hubTurn = context.turnState.get<HubTurnContext | undefined>(HUB_TURN);
    if (!hubTurn) throw new TypeError('HubAgentsAdapter: this TurnContext was not created by the adapter (runTurn or continueConversation)');
    return hubTurn;
  }
}

function noAttachments(): PlatformError {
  return PlatformError.of('403-198', { reason: 'the conversation hub keeps no attachments: send a card or a link instead' });
}
