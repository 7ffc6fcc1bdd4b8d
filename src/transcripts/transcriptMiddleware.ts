// The transcript middleware (documented on the class).
import { ActivityEventNames, ActivityTypes, TurnContext, type Activity, type Middleware, type TranscriptLogger } from 'botbuilder-core';
import { writeWithInboxStep } from '../adapter/inbox/withInboxStep.js';
import { activityFromJson, keptJsonOf, takesKeptJson, type KeptJsonLogger } from './transcriptRecord.js';

/**
 * Where the middleware reports a store's failure (pino's Logger fits): a transcript that could not
 * be written never fails the turn.
 */
export interface TranscriptFailureLog {
  warn(obj: object, msg?: string): void;
}

/** One activity of the turn, as it will be logged. */
interface Snapshot {
  channelId?: string;
  conversationId?: string;
  keptJson: string;
}

/**
 * Records every activity of a turn in a TranscriptLogger (H4): the incoming one, each one sent
 * (with the id the send gave it), updates and deletions, logged after the turn without waiting
 * for the store (a turn is never slowed or failed by its transcript), failures logged through
 * the bot's logger. A turn run by the inbox worker on Redis logs them with the inbox's complete
 * (withInboxStep.ts), so that both share one round trip.
 *
 * botbuilder's TranscriptLoggerMiddleware does the same, but first deep-copies each whole
 * activity through JSON, `channelData` included (the hub's raw message), which no transcript
 * keeps: in the profile of a round trip that copy and the store's own cost more than the rest of
 * the turn's middleware. Here an activity is serialised once, and only the fields a transcript
 * keeps (transcriptRecord.ts): still a snapshot, so what the turn changes later is not what is
 * logged; this package's stores keep that JSON as it is (after the operator's redaction).
 */
export class HubTranscriptMiddleware implements Middleware {
  /** The store, when it is one of this package's: it takes the JSON as it is. */
  private readonly jsonStore?: KeptJsonLogger;

  /**
   * @param store - any botbuilder TranscriptLogger
   * @param log - where failures of the store are logged
   */
  constructor(
    private readonly store: TranscriptLogger,
    private readonly log?: TranscriptFailureLog,
  ) {
    if (takesKeptJson(store)) this.jsonStore = store;
  }

  /**
   * botbuilder's middleware hook: notes the turn's activities and hands them to the store once the
   * turn is over.
   *
   * @param context - the turn
   * @param next - runs the rest of the pipeline and the bot
   */
  async onTurn(context: TurnContext, next: () => Promise<void>): Promise<void> {
    const transcript: Snapshot[] = [];
    const incoming = context.activity;
    if (incoming) {
      if (incoming.from && !incoming.from.role) incoming.from.role = 'user';
      record(transcript, incoming);
    }
    context.onSendActivities(async (_ctx, activities, sendNext) => {
      const responses = await sendNext();
      activities.forEach((activity, i) => {
        const id = responses?.[i]?.id || activity.id || `g_${Math.random().toString(36).slice(2, 8)}${new Date(activity.timestamp ?? Date.now()).getTime()}`;
        record(transcript, activity, { id });
      });
      return responses;
    });
    context.onUpdateActivity(async (_ctx, activity, updateNext) => {
      await updateNext();
      record(transcript, activity, { type: ActivityTypes.MessageUpdate });
    });
    context.onDeleteActivity(async (_ctx, reference, deleteNext) => {
      await deleteNext();
      record(transcript, TurnContext.applyConversationReference({ type: ActivityTypes.MessageDelete, id: reference.activityId }, reference, false));
    });
    // As botbuilder's: a turn that fails logs nothing, since the inbox runs it again (a rerun
    // would otherwise log its activities twice).
    await next();
    // With the inbox's complete when the turn was run by the inbox worker (one round trip on
    // Redis for both; never later than the complete), else now.
    writeWithInboxStep(context, () => {
      for (const activity of transcript) this.write(activity);
    });
  }

  private write(activity: Snapshot): void {
    const failed = (err: unknown) =>
      // The error's name and message only: the activity may hold personal data.
      this.log?.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message }, conversationId: activity.conversationId }, 'transcript: activity not recorded');
    try {
      const pending = this.jsonStore
        ? this.jsonStore.logKeptJson(activity.channelId, activity.conversationId, activity.keptJson)
        : this.store.logActivity(activityFromJson(activity.keptJson));
      if (pending instanceof Promise) pending.catch(failed);
    } catch (err) {
      failed(err);
    }
  }
}

/**
 * Snapshots an activity of the turn: its kept fields, serialised now, so what the turn changes
 * later is not what is logged. The skills' ContinueConversation event only sets up a turn: it is
 * no part of the conversation.
 */
function record(transcript: Snapshot[], activity: Partial<Activity>, overrides?: Partial<Activity>): void {
  if (activity.type === ActivityTypes.Event && activity.name === ActivityEventNames.ContinueConversation) return;
  transcript.push({ channelId: activity.channelId, conversationId: activity.conversation?.id, keptJson: keptJsonOf(activity, overrides) });
}

/**
 * The transcript middleware for a store, as `adapter.use(transcriptMiddleware(store, logger))`. The
 * bot server adds it itself for the store it is given or builds.
 *
 * @param store - any botbuilder TranscriptLogger; this package's stores take the activities' JSON
 * as it is
 * @param log - where failures of the store are logged
 */
export function transcriptMiddleware(store: TranscriptLogger, log?: TranscriptFailureLog): HubTranscriptMiddleware {
  return new HubTranscriptMiddleware(store, log);
}
