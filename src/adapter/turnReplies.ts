/**
 * A turn's replies on their way to the outbox: each activity the bot sends is mapped to hub
 * messages (checked against the sender matrix, C5), given an id derived from the turn, and queued
 * in order. A typing.start is always paired with a typing.end, before the turn's next message or
 * at its end; the turn completes only when every reply it queued has left (or finally failed).
 */
import { ActivityTypes, type Activity, type ResourceResponse, type TurnContext } from 'botbuilder-core';
import { PlatformError } from '../errors/platformError.js';
import type { HubMessage } from '../schemas/hubMessages.js';
import type { SenderType } from '../schemas/messageTypes.js';
import { reportCards } from './cards/cardReport.js';
import { hubChannelData } from './hubChannel.js';
import type { HubAdapterOptions } from './hubAdapterOptions.js';
import { hubMessagesFromActivity, mapActivity, type OutboundAddress } from './hubMessagesFromActivity.js';

/** What every turn's replies share: the adapter's options (read when used) and its identity on the hub. */
export interface ReplySettings {
  opts: HubAdapterOptions;
  senderType: SenderType;
  botId: string;
}

const TURN_REPLIES = Symbol('hubTurnReplies');

/** The typing.end that closes an open typing.start (built once: it is the same for every turn). */
const TYPING_END = { type: ActivityTypes.Message, channelData: { hubType: 'typing.end' } };

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One turn's replies: its reply ids, whether a typing indicator is open, and the sends it waits for. */
export class TurnReplies {
  private typingOpen = false;
  private sequence = 0;
  private readonly sends: Promise<void>[] = [];
  /** Where the turn's replies go, read from its activity once (the first reply needs it). */
  private address?: OutboundAddress;

  private constructor(
    private readonly context: TurnContext,
    private readonly settings: ReplySettings,
    /** Base of the turn's reply ids when it is not the inbound message's id (a proactive or start turn). */
    private readonly idBase: string | undefined,
  ) {}

  /**
   * The replies of `context`'s turn, made on first use (a context the adapter did not make, in
   * a test say, gets them too). `idBase` applies only when they are made here.
   */
  static of(context: TurnContext, settings: ReplySettings, idBase?: string): TurnReplies {
    let replies = context.turnState.get(TURN_REPLIES) as TurnReplies | undefined;
    if (!replies) context.turnState.set(TURN_REPLIES, (replies = new TurnReplies(context, settings, idBase)));
    return replies;
  }

  /**
   * Maps and queues `activities` in order; a `delay` waits. Resolves with one response per
   * activity, carrying the id of its last hub message.
   *
   * @throws PlatformError when a reply's type may not be sent by the bot's sender type (C5)
   */
  async send(activities: Partial<Activity>[]): Promise<ResourceResponse[]> {
    const address = this.addressOf();
    const responses: ResourceResponse[] = [];
    for (const activity of activities) {
      if (activity.type === 'delay') {
        await (this.settings.opts.sleep ?? realSleep)(typeof activity.value === 'number' ? activity.value : 1000);
        responses.push({ id: '' });
        continue;
      }
      const { messages, cardKinds, losses } = mapActivity(activity, address);
      const isTyping = messages.length === 1 && messages[0].type.value === 'typing.start';
      if (!isTyping && this.typingOpen && messages.length > 0) messages.unshift(hubMessagesFromActivity(TYPING_END, address)[0]);
      if (isTyping && this.typingOpen) {
        responses.push({ id: '' });
        continue;
      }
      for (const m of messages) m.id = this.nextId();
      const lastId = messages.length > 0 ? messages[messages.length - 1].id! : '';
      // What of its cards the hub cannot carry is reported, or refused under strictCards (N3);
      // the reply is named by its own id, else by the id its sendActivity resolves with.
      reportCards({ conversationId: address.conversationId, activityId: activity.id ?? lastId, kinds: cardKinds, losses }, this.settings.opts);
      if (messages.length > 0) this.typingOpen = isTyping;
      this.queue(messages);
      responses.push({ id: lastId });
    }
    return responses;
  }

  /** At the turn's end: a typing indicator still open is closed. */
  closeTyping(): void {
    if (!this.typingOpen || !this.context.activity.conversation?.id) return;
    this.typingOpen = false;
    const end = hubMessagesFromActivity(TYPING_END, this.addressOf())[0];
    end.id = this.nextId();
    this.queue([end]);
  }

  /** Resolves once every reply queued so far has left; rejects when one finally failed. */
  async settled(): Promise<void> {
    await Promise.all(this.sends);
  }

  private queue(messages: HubMessage[]): void {
    const sent = this.settings.opts.outbox.enqueue(this.address!.conversationId, messages);
    for (const s of sent) this.sends.push(s);
  }

  private addressOf(): OutboundAddress {
    if (this.address) return this.address;
    const conversationId = this.context.activity.conversation?.id;
    if (!conversationId) throw PlatformError.of('400-112', { name: 'conversation.id' });
    return (this.address = {
      conversationId,
      senderType: this.settings.senderType,
      senderId: this.settings.botId,
      hubConversation: hubChannelData(this.context.activity).hubConversation,
    });
  }

  /**
   * Reply ids derive from the inbound message id and their order in the turn, so a turn that
   * is run again (its replica died before completing it) produces the same ids and the hub or
   * a dedupe step can recognise the repeats.
   */
  private nextId(): string {
    this.sequence += 1;
    const activity = this.context.activity;
    const base = this.idBase ?? activity.id ?? `${activity.conversation?.id}:${activity.timestamp?.valueOf() ?? Date.now()}`;
    return `${base}:r${this.sequence}`;
  }
}
