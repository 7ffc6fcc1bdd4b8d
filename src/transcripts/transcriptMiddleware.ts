/**
 * botbuilder's TranscriptLoggerMiddleware over a TranscriptStore, with failures logged through
 * the bot's logger. The middleware does not wait for the store (a turn is never slowed or
 * failed by its transcript); without this, a store that fails would print to the console only.
 */
import { TranscriptLoggerMiddleware, type Activity, type TranscriptLogger } from 'botbuilder-core';

export interface TranscriptFailureLog {
  warn(obj: object, msg?: string): void;
}

export function transcriptMiddleware(store: TranscriptLogger, log?: TranscriptFailureLog): TranscriptLoggerMiddleware {
  return new TranscriptLoggerMiddleware({
    logActivity: async (activity: Activity) => {
      try {
        await store.logActivity(activity);
      } catch (err) {
        // The error's name and message only: the activity may hold personal data.
        log?.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message }, conversationId: activity.conversation?.id }, 'transcript: activity not recorded');
      }
    },
  });
}
