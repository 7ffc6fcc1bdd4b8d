/**
 * Two pieces of botbuilder's turn plumbing, written as native async functions with the same
 * behaviour as botbuilder-core's (4.x) own: `BotAdapter.runMiddleware` and
 * `TurnContext.sendActivity`.
 *
 * Why: botbuilder-core is compiled for ES2015, so each of its async methods runs as a generator
 * driven by TypeScript's `__awaiter`. On Node 20 such a call costs several times a native async
 * call's CPU, and the objects it reaches are promoted to the old generation instead of dying in
 * the young one (measured: docs/performance.md, "Generators"). Every turn passes through these
 * two once (and sendActivity once per reply), so the adapter runs its own. The test
 * test/adapter/nativeTurnPlumbing.test.ts holds each to botbuilder's, side by side.
 */
import { InputHints, TurnContext, type Activity, type MiddlewareSet, type ResourceResponse } from 'botbuilder-core';

type TurnErrorHandler = ((context: TurnContext, error: Error) => Promise<void>) | undefined;

/**
 * What `BotAdapter.runMiddleware` does: the activity's locale on the context, the middleware
 * and then `next` with a revocable proxy of the context (revoked when the turn ends, so a
 * handler that kept it cannot use it later), a failure given to `onTurnError` when there is one.
 */
export async function runThroughMiddleware(
  middleware: MiddlewareSet,
  onTurnError: TurnErrorHandler,
  context: TurnContext,
  next: (revocableContext: TurnContext) => Promise<void>,
): Promise<void> {
  if (context?.activity?.locale) context.locale = context.activity.locale;
  const { proxy, revoke } = Proxy.revocable(context, {});
  try {
    await middleware.run(proxy, () => next(proxy));
  } catch (err) {
    if (!onTurnError) throw err;
    await onTurnError(proxy, err as Error);
  } finally {
    revoke();
  }
}

/** A TurnContext whose `sendActivity` is native async; everything else is botbuilder's. */
export class HubTurnContext extends TurnContext {
  override async sendActivity(activityOrText: string | Partial<Activity>, speak?: string, inputHint?: string): Promise<ResourceResponse | undefined> {
    let activity: Partial<Activity>;
    if (typeof activityOrText === 'string') {
      activity = { text: activityOrText, inputHint: inputHint || InputHints.AcceptingInput };
      if (speak) activity.speak = speak;
    } else {
      activity = activityOrText;
    }
    const responses = (await this.sendActivities([activity])) || [];
    return responses[0];
  }
}
