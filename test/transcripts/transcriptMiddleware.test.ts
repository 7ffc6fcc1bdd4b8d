import { expect } from 'chai';
import { ActivityTypes, TestAdapter, type Activity, type TranscriptLogger } from 'botbuilder-core';
import { HubMemoryTranscriptStore } from '../../src/transcripts/memoryTranscriptStore.js';
import { HubTranscriptMiddleware } from '../../src/transcripts/transcriptMiddleware.js';

/** A logger that keeps what it is given, as given. */
function keeper(): TranscriptLogger & { logged: Partial<Activity>[] } {
  const logged: Partial<Activity>[] = [];
  return { logged, logActivity: (a: Activity) => void logged.push(a) };
}

describe('transcripts: the middleware', () => {
  it('[H4] logs the incoming activity and each reply with its id, without channelData, after the turn', async () => {
    const store = keeper();
    const adapter = new TestAdapter(async (context) => {
      context.activity.text = 'changed by the bot';
      await context.sendActivity('hello back');
      expect(store.logged).to.have.length(0); // nothing before the turn ends
    }).use(new HubTranscriptMiddleware(store));
    await adapter.send({ type: ActivityTypes.Message, text: 'hello', channelData: { contact: 'alice@example.com' } } as Partial<Activity>).startTest();
    expect(store.logged.map((a) => [a.type, a.text, a.from?.role])).to.deep.equal([
      ['message', 'hello', 'user'],
      ['message', 'hello back', undefined],
    ]);
    expect(store.logged[0]).to.not.have.property('channelData');
    expect(store.logged[1].id).to.be.a('string').and.not.equal('');
    for (const a of store.logged) expect(a.timestamp).to.be.instanceOf(Date);
  });

  it('[H4] logs a snapshot: what the turn changes afterwards is not what is recorded', async () => {
    const store = keeper();
    const adapter = new TestAdapter(async (context) => {
      const reply: Partial<Activity> = { type: ActivityTypes.Message, text: 'first', attachments: [{ contentType: 'text/plain', content: 'a' }] };
      await context.sendActivity(reply);
      reply.attachments![0].content = 'changed';
    }).use(new HubTranscriptMiddleware(store));
    await adapter.send('hi').startTest();
    expect(store.logged[1].attachments?.[0].content).to.equal('a');
  });

  it('[H4] logs updates and deletions, and nothing of a turn that failed (the inbox runs it again)', async () => {
    const store = keeper();
    let fail = false;
    const adapter = new TestAdapter(async (context) => {
      await context.updateActivity({ ...context.activity, id: 'm1', text: 'edited' });
      await context.deleteActivity('m2');
      if (fail) throw new Error('bot error');
    }).use(new HubTranscriptMiddleware(store));
    await adapter.send('hi').startTest();
    expect(store.logged.map((a) => a.type)).to.deep.equal(['message', ActivityTypes.MessageUpdate, ActivityTypes.MessageDelete]);
    expect(store.logged[2].id).to.equal('m2');
    store.logged.length = 0;
    fail = true;
    adapter.onTurnError = async () => undefined;
    await adapter.send('again').startTest();
    expect(store.logged).to.deep.equal([]);
  });

  it('[H4] hands this package\'s store its snapshot as JSON (never through logActivity), kept fields only, redacted', async () => {
    /** The memory store, refusing the Activity path: each activity must come as kept JSON. */
    class JsonOnlyStore extends HubMemoryTranscriptStore {
      override async logActivity(): Promise<void> {
        throw new Error('logActivity was called');
      }
    }
    const store = new JsonOnlyStore({ redact: (a) => ({ ...a, text: a.text?.replace(/\S+@\S+/g, '[email]') }) });
    const warnings: object[] = [];
    const adapter = new TestAdapter(async (context) => {
      await context.sendActivity('write to help@example.com');
      context.activity.text = 'changed by the bot';
    }).use(new HubTranscriptMiddleware(store, { warn: (o) => warnings.push(o) }));
    await adapter.send({ type: ActivityTypes.Message, text: 'I am bob@example.com', channelData: { contact: 'bob@example.com' } } as Partial<Activity>).startTest();
    await new Promise((r) => setImmediate(r));
    expect(warnings).to.deep.equal([]);
    const { items } = await store.getTranscriptActivities('test', adapter.conversation.conversation.id);
    expect(items.map((a) => [a.text, a.from?.role])).to.deep.equal([
      ['I am [email]', 'user'],
      ['write to [email]', undefined],
    ]);
    expect(JSON.stringify(items)).to.not.include('@example.com');
    expect(items[1].id).to.be.a('string').and.not.equal('');
    for (const a of items) expect(a.timestamp).to.be.instanceOf(Date);
  });

  it('[H4] a store that fails is logged through the logger (name and message only) and never fails the turn', async () => {
    const warnings: object[] = [];
    const failing: TranscriptLogger = { logActivity: async () => Promise.reject(new Error('store down')) };
    const adapter = new TestAdapter(async (context) => void (await context.sendActivity('ok'))).use(new HubTranscriptMiddleware(failing, { warn: (o) => warnings.push(o) }));
    await adapter.send('hi').assertReply('ok').startTest();
    await new Promise((r) => setImmediate(r));
    expect(warnings).to.have.length(2);
    expect(JSON.stringify(warnings[0])).to.contain('store down');
  });
});
