/**
 * Fires guided-help inactivity deadlines in this process: one timer per conversation (a new
 * deadline replaces the old one), which runs the bot on a `guidedHelp.deadline` event through
 * `adapter.continueConversation`. Pass `schedule` as the bot's `scheduleDeadline`.
 *
 * Timers do not survive a restart; nothing is lost by that: the deadline lives in the stored
 * dialog, and the conversation's next message finds it expired and ends the session first
 * (GuidedHelpBot checks `status(...).expired`). A deployment that wants the reminder sent
 * on time after a restart reschedules from its own list of active conversations.
 */
import { ActivityTypes, type BotAdapter, type ConversationReference, type TurnContext } from 'botbuilder-core';

export interface DeadlineTarget {
  run(context: TurnContext): Promise<void>;
}

export interface InProcessDeadlinesOptions {
  /** Called when running the deadline turn failed (the bot already apologised if it could). */
  onError?: (err: unknown, conversationId: string) => void;
  now?: () => number;
}

export class InProcessDeadlines {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly now: () => number;

  constructor(
    private readonly adapter: BotAdapter,
    private readonly bot: DeadlineTarget,
    private readonly opts: InProcessDeadlinesOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** For GuidedHelpBotOptions.scheduleDeadline. */
  readonly schedule = (reference: Partial<ConversationReference>, at: number): void => {
    const id = reference.conversation?.id;
    if (!id) return;
    this.cancel(id);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      void this.fire(reference, id);
    }, Math.max(0, at - this.now()));
    // A pending reminder must not keep the process alive on shutdown.
    timer.unref?.();
    this.timers.set(id, timer);
  };

  cancel(conversationId: string): void {
    const t = this.timers.get(conversationId);
    if (t) clearTimeout(t);
    this.timers.delete(conversationId);
  }

  /** Conversations with a pending deadline. */
  get size(): number {
    return this.timers.size;
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private async fire(reference: Partial<ConversationReference>, id: string): Promise<void> {
    try {
      await this.adapter.continueConversation(reference, async (context) => {
        context.activity.type = ActivityTypes.Event;
        context.activity.name = 'guidedHelp.deadline';
        await this.bot.run(context);
      });
    } catch (err) {
      this.opts.onError?.(err, id);
    }
  }
}
