/**
 * The adapter's native runMiddleware and sendActivity (src/adapter/nativeTurnPlumbing.ts) held to
 * botbuilder-core's own, side by side: every assertion runs once against botbuilder's
 * BotAdapter.runMiddleware and TurnContext.sendActivity (the reference) and once against ours.
 */
import { expect } from 'chai';
import { BotAdapter, TurnContext, type Activity, type ConversationReference, type Middleware, type ResourceResponse } from 'botbuilder-core';
import { HubTurnContext, runThroughMiddleware } from '../../src/adapter/nativeTurnPlumbing.js';

/** Records what it is asked to send; answers with ids, or with nothing when `answer` says so. */
class RecordingAdapter extends BotAdapter {
  sent: Partial<Activity>[][] = [];
  answer: 'ids' | 'undefined' = 'ids';

  constructor(private readonly native: boolean) {
    super();
  }

  async sendActivities(_context: TurnContext, activities: Partial<Activity>[]): Promise<ResourceResponse[]> {
    this.sent.push(activities);
    return this.answer === 'ids' ? activities.map((_, i) => ({ id: `r${i + 1}` })) : (undefined as unknown as ResourceResponse[]);
  }
  updateActivity(): Promise<void> {
    return Promise.resolve();
  }
  deleteActivity(): Promise<void> {
    return Promise.resolve();
  }
  continueConversation(_reference: Partial<ConversationReference>): Promise<void> {
    return Promise.resolve();
  }
  protected override runMiddleware(context: TurnContext, next: (c: TurnContext) => Promise<void>): Promise<void> {
    return this.native ? runThroughMiddleware(this.middleware, this.onTurnError, context, next) : super.runMiddleware(context, next);
  }
  context(activity: Partial<Activity>): TurnContext {
    return this.native ? new HubTurnContext(this, activity) : new TurnContext(this, activity);
  }
  turn(context: TurnContext, logic: (c: TurnContext) => Promise<void>): Promise<void> {
    return this.runMiddleware(context, logic);
  }
}

const message = (extra: Partial<Activity> = {}): Partial<Activity> => ({
  type: 'message',
  id: 'm1',
  channelId: 'hub',
  text: 'hello',
  from: { id: 'customer', name: '' },
  recipient: { id: 'bot', name: '' },
  conversation: { id: 'c1', isGroup: false, conversationType: '', name: '' },
  ...extra,
});

for (const native of [false, true]) {
  const who = native ? 'ours' : "botbuilder's";

  describe(`Turn plumbing: ${who} runMiddleware`, () => {
    it(`runs the middleware in order, then the logic, with one revocable proxy of the context (${who})`, async () => {
      const adapter = new RecordingAdapter(native);
      const order: string[] = [];
      const seen: TurnContext[] = [];
      const step = (name: string): Middleware => ({
        onTurn: async (c, next) => {
          order.push(`${name} in`);
          seen.push(c);
          await next();
          order.push(`${name} out`);
        },
      });
      adapter.use(step('a'), step('b'));
      const context = adapter.context(message({ locale: 'de-DE' }));
      await adapter.turn(context, async (c) => {
        order.push('logic');
        seen.push(c);
        expect(c.activity.text).to.equal('hello');
        expect(c).to.be.instanceOf(TurnContext);
      });
      expect(order).to.deep.equal(['a in', 'b in', 'logic', 'b out', 'a out']);
      expect(seen[0]).to.equal(seen[1]).and.equal(seen[2]);
      expect(seen[0]).to.not.equal(context);
      expect(context.locale).to.equal('de-DE');
      // The turn is over: the proxy a handler may have kept no longer works.
      expect(() => seen[0].activity).to.throw(TypeError);
      expect(context.activity.id).to.equal('m1');
    });

    it(`a middleware that does not call next stops the turn before the logic (${who})`, async () => {
      const adapter = new RecordingAdapter(native);
      adapter.use({ onTurn: async () => undefined });
      let ran = false;
      await adapter.turn(adapter.context(message()), async () => {
        ran = true;
      });
      expect(ran).to.equal(false);
    });

    it(`a failure goes to onTurnError with the proxy, and is not thrown again (${who})`, async () => {
      const adapter = new RecordingAdapter(native);
      const failure = new Error('bot broke');
      const handled: [TurnContext, Error][] = [];
      adapter.onTurnError = async (c, err) => {
        expect(c.activity.id).to.equal('m1');
        handled.push([c, err]);
      };
      await adapter.turn(adapter.context(message()), async () => {
        throw failure;
      });
      expect(handled).to.have.length(1);
      expect(handled[0][1]).to.equal(failure);
      expect(() => handled[0][0].activity).to.throw(TypeError);
    });

    it(`without onTurnError the failure reaches the caller (${who})`, async () => {
      const adapter = new RecordingAdapter(native);
      const failure = new Error('bot broke');
      let caught: unknown;
      await adapter
        .turn(adapter.context(message()), async () => {
          throw failure;
        })
        .catch((err: unknown) => (caught = err));
      expect(caught).to.equal(failure);
    });
  });

  describe(`Turn plumbing: ${who} sendActivity`, () => {
    it(`text becomes a message with the accepting-input hint, speak only when given; the first response is returned (${who})`, async () => {
      const adapter = new RecordingAdapter(native);
      const context = adapter.context(message());
      const plain = await context.sendActivity('hi there');
      const spoken = await context.sendActivity('say it', 'spoken words', 'expectingInput');
      expect(plain).to.deep.equal({ id: 'r1' });
      expect(spoken).to.deep.equal({ id: 'r1' });
      expect(adapter.sent[0]).to.have.length(1);
      expect(adapter.sent[0][0]).to.include({ type: 'message', text: 'hi there', inputHint: 'acceptingInput' });
      expect(adapter.sent[0][0]).to.not.have.property('speak');
      expect(adapter.sent[1][0]).to.include({ text: 'say it', speak: 'spoken words', inputHint: 'expectingInput' });
      expect(adapter.sent[1][0].conversation?.id).to.equal('c1');
      expect(context.responded).to.equal(true);
    });

    it(`an activity passes as given, through the onSendActivities handlers (${who})`, async () => {
      const adapter = new RecordingAdapter(native);
      const context = adapter.context(message());
      const handed: Partial<Activity>[][] = [];
      context.onSendActivities(async (_c, activities, next) => {
        handed.push(activities);
        return next();
      });
      await context.sendActivity({ type: 'typing' });
      expect(handed).to.have.length(1);
      expect(handed[0][0]).to.include({ type: 'typing' });
      expect(handed[0][0]).to.not.have.property('inputHint');
      expect(adapter.sent[0][0]).to.equal(handed[0][0]);
    });

    it(`an adapter that answers nothing gives undefined, not a throw (${who})`, async () => {
      const adapter = new RecordingAdapter(native);
      adapter.answer = 'undefined';
      expect(await adapter.context(message()).sendActivity('hi')).to.equal(undefined);
    });
  });
}
