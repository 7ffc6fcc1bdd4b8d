/**
 * Records every activity of a turn in a TranscriptLogger (H4): the incoming one, each one sent
 * (with the id the send gave it), updates and deletions, logged after the turn without waiting
 * for the store (a turn is never slowed or failed by its transcript), failures logged through
 * the bot's logger.
 *
 * botbuilder's TranscriptLoggerMiddleware does the same, but first deep-copies each whole
 * activity through JSON, `channelData` included (the hub's raw message), which no transcript
 * keeps: in the profile of a round trip that copy and the store's own cost more than the rest of
 * the turn's middleware. Here an activity is copied once, and only the fields a transcript keeps
 * (transcriptRecord.ts): still a snapshot, so what the turn changes later is not what is logged.
 */
import { ActivityEventNames, ActivityTypes, TurnContext, type Activity, type Middleware, type TranscriptLogger } from 'botbuilder-core';
import { keptFieldsOf } from './transcriptRecord.js';

export interface TranscriptFailureLog {
  warn(obj: object, msg?: string): void;
}

export class HubTranscriptMiddleware implements Middleware {
  constructor(
    private readonly store: TranscriptLogger,
    private readonly log?: TranscriptFailureLog,
  ) {}

  async onTurn(context: TurnContext, next: () => Promise<void>): Promise<void> {
    const transcript: Partial<Activity>[] = [];
    const incoming = context.activity;
    if (incoming) {
      if (incoming.from && !incoming.from.role) incoming.from.role = 'user';
      record(transcript, snapshot(incoming));
    }
    context.onSendActivities(async (_ctx, activities, sendNext) => {
      const responses = await sendNext();
      activities.forEach((activity, i) => {
        const copy = snapshot(activity);
        copy.id = responses?.[i]?.id || copy.id || `g_${Math.random().toString(36).slice(2, 8)}${new Date(copy.timestamp ?? Date.now()).getTime()}`;
        record(transcript, copy);
      });
      return responses;
    });
    context.onUpdateActivity(async (_ctx, activity, updateNext) => {
      await updateNext();
      record(transcript, { ...snapshot(activity), type: ActivityTypes.MessageUpdate });
    });
    context.onDeleteActivity(async (_ctx, reference, deleteNext) => {
      await deleteNext();
      record(transcript, snapshot(TurnContext.applyConversationReference({ type: ActivityTypes.MessageDelete, id: reference.activityId }, reference, false)));
    });
    // As botbuilder's: a turn that fails logs nothing, since the inbox runs it again (a rerun
    // would otherwise log its activities twice).
    await next();
    for (const activity of transcript) this.write(activity);
  }

  private write(activity: Partial<Activity>): void {
    const failed = (err: unknown) =>
      // The error's name and message only: the activity may hold personal data.
      this.log?.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message }, conversationId: activity.conversation?.id }, 'transcript: activity not recorded');
    try {
      const pending = this.store.logActivity(activity as Activity);
      if (pending instanceof Promise) pending.catch(failed);
    } catch (err) {
      failed(err);
    }
  }
}

/** The kept fields, deep-copied: later changes to the activity do not reach the transcript. */
function snapshot(activity: Partial<Activity>): Partial<Activity> {
  const copy = JSON.parse(JSON.stringify(keptFieldsOf(activity))) as Partial<Activity>;
  copy.timestamp = copy.timestamp ? new Date(copy.timestamp) : new Date();
  if (copy.localTimestamp) copy.localTimestamp = new Date(copy.localTimestamp);
  return copy;
}

/** The skills' ContinueConversation event only sets up a turn: it is no part of the conversation. */
function record(transcript: Partial<Activity>[], activity: Partial<Activity>): void {
  if (activity.type === ActivityTypes.Event && activity.name === ActivityEventNames.ContinueConversation) return;
  transcript.push(activity);
}

/** The middleware for a store, as `adapter.use(transcriptMiddleware(store, logger))`. */
export function transcriptMiddleware(store: TranscriptLogger, log?: TranscriptFailureLog): HubTranscriptMiddleware {
  return new HubTranscriptMiddleware(store, log);
}
