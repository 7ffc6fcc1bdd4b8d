/**
 * The harness's bot: an echo bot built to be observed and interrupted, for reliability tests
 * and the soak run (the ready bots live in bots/, which src/ may not import).
 *
 * - Each customer text is answered `echo <text> (turn <n>)`, where n counts the
 *   conversation's turns in the shared Storage: a reply shows whether the state followed the
 *   conversation from one replica to the next (B5), and the reply of a turn run again is the
 *   same text with the same id.
 * - A text holding `hold=<ms>` makes the turn wait <ms> before doing anything: a test kills
 *   the replica in that wait to interrupt a turn that has had no effect yet.
 * - A text holding `slow=<ms>` makes the turn slow after a first reply: it answers
 *   `working on <text>`, waits <ms>, then sends the echo. A test kills the replica during the
 *   wait to interrupt a turn that has already sent part of its replies.
 * - `onTurn` is told when a turn starts (the replica entry reports it to the harness), so a
 *   test knows which replica is running which message.
 *
 * The count is written only after the wait, so a turn killed in the wait leaves no state and
 * the replica that runs it again produces exactly the same replies.
 */
import { ActivityTypes, ConversationState, MessageFactory, type Storage, type TurnContext } from 'botbuilder-core';
import type { RunnableBot } from '../../src/server/hubBotServer.js';

export interface ProbeTurn {
  conversationId: string;
  /** The hub message id of the customer text being handled. */
  messageId?: string;
  text: string;
  /** The waits of this turn (`hold=`, `slow=`), 0 when none. */
  holdMs: number;
  slowMs: number;
}

export interface ProbeBotOptions {
  storage: Storage;
  onTurn?: (turn: ProbeTurn) => void;
  /** How the bot waits in a slow turn; a real timer by default. */
  sleep?: (ms: number) => Promise<void>;
}

const HOLD = /\bhold=(\d{1,6})\b/;
const SLOW = /\bslow=(\d{1,6})\b/;

/** `echo <text> (turn <n>)`: the reply the probe bot gives to the n-th text of a conversation. */
export function probeReply(text: string, turn: number): string {
  return `echo ${text} (turn ${turn})`;
}

/** `working on <text>`: the first reply of a slow turn. */
export function probeWorking(text: string): string {
  return `working on ${text}`;
}

export class ProbeBot implements RunnableBot {
  private readonly state: ConversationState;
  private readonly turns;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: ProbeBotOptions) {
    this.state = new ConversationState(opts.storage);
    this.turns = this.state.createProperty<number>('probeTurns');
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async run(context: TurnContext): Promise<void> {
    const activity = context.activity;
    if (activity.type === ActivityTypes.EndOfConversation) {
      await this.state.delete(context);
      return;
    }
    if (activity.type !== ActivityTypes.Message) return;
    const text = activity.text ?? '';
    const holdMs = Number(HOLD.exec(text)?.[1] ?? 0);
    const slowMs = Number(SLOW.exec(text)?.[1] ?? 0);
    this.opts.onTurn?.({ conversationId: activity.conversation.id, messageId: activity.id, text, holdMs, slowMs });
    if (holdMs > 0) await this.sleep(holdMs);
    if (slowMs > 0) {
      await context.sendActivity(MessageFactory.text(probeWorking(text)));
      await this.sleep(slowMs);
    }
    const turn = (await this.turns.get(context, 0)) + 1;
    await this.turns.set(context, turn);
    await context.sendActivity(MessageFactory.text(probeReply(text, turn)));
    await this.state.saveChanges(context, false);
  }
}
