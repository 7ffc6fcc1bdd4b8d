/**
 * Guided-help inactivity deadlines through the conversation's inbox (T2), with the real
 * HubAdapter, InboxWorker and MemoryInbox: the bot schedules each deadline as an event, the
 * worker runs it as the conversation's turn when it is due, in line with the customer's turns.
 * Where a deadline must fall at a given point (during a turn), the inbox's clock is moved on
 * (MemoryInbox's `now`) rather than waiting; every wait is for a condition (no timed assertion).
 */
import { expect } from 'chai';
import { MemoryStorage, type TurnContext } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { InboxDeadlines } from '../../bots/guidedHelpDeadlines.js';
import { HubAdapter } from '../../src/adapter/hubAdapter.js';
import { Outbox } from '../../src/adapter/outbox/outbox.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { InboxWorker } from '../../src/adapter/inbox/inboxWorker.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { waitFor } from '../support/waitFor.js';
import { portalStubAsPort } from './portalStubAsPort.js';

describe('guided help: deadlines through the inbox (HubAdapter, InboxWorker)', () => {
  let inbox: MemoryInbox;
  let worker: InboxWorker;
  let sent: HubMessage[];
  let turns: string[];
  let overlaps: number;
  let gate: { text: string; open: Promise<void> } | undefined;
  let n: number;
  /** How far the inbox's clock is ahead of the real one: moving it makes deadlines due at once. */
  let skew: number;
  const texts = () => sent.filter((m) => m.type.value !== 'typing.start' && m.type.value !== 'typing.end').map((m) => `${m.type.value}:${(m.content?.text ?? '').split('\n')[0]}`);
  const say = (text: string, conversationId = 'd1') =>
    inbox.append(conversationId, { id: `m${++n}`, payload: { id: `m${n}`, sender: { type: 'customer' }, type: { value: 'text' }, content: { text }, language: 'en-US' }, receivedAt: Date.now() });

  function start(settings: { reminderAfterMs: number; endAfterMs: number }) {
    inbox = new MemoryInbox({ now: () => Date.now() + skew });
    const adapter = new HubAdapter({ inbox, workerId: 'w1', outbox: new Outbox({ send: async (batch) => void sent.push(...batch.messages.message) }) });
    const deadlines = new InboxDeadlines(adapter);
    const bot = new GuidedHelpBot({
      storage: new MemoryStorage(),
      portal: portalStubAsPort(),
      casebases: [{ casebaseId: '101', name: 'Home internet' }],
      settings,
      scheduleDeadline: deadlines.schedule,
      cancelDeadline: deadlines.cancel,
    });
    let inTurn = 0;
    const logic = async (context: TurnContext) => {
      if (++inTurn > 1) overlaps++;
      const a = context.activity;
      try {
        if (a.conversation.id === 'd1') turns.push(a.type === 'event' ? `event:${a.name}` : `${a.type}:${a.text ?? ''}`);
        if (gate && a.text === gate.text) await gate.open;
        await bot.run(context);
      } finally {
        inTurn--;
      }
    };
    // A lease far longer than any clock move here, so moving the clock never looks like a dead worker.
    const opts = { workerId: 'w1', pollIntervalMs: 10, leaseMs: 3_600_000 };
    worker = new InboxWorker(inbox, (conversationId, item) => adapter.processInboxItem(conversationId, item, logic).then(() => undefined), opts);
    worker.start();
    return { adapter, deadlines };
  }

  beforeEach(() => {
    sent = [];
    turns = [];
    overlaps = 0;
    gate = undefined;
    n = 0;
    skew = 0;
  });
  afterEach(async () => {
    await worker?.stop();
    await inbox?.close();
  });

  it('[T2][B3] sends the reminder when the deadline falls, then ends the session at the next one', async () => {
    start({ reminderAfterMs: 150, endAfterMs: 150 });
    await say('hello');
    await waitFor(() => texts().some((t) => t.startsWith('text:I am closing this session')), 'the end of the session');
    expect(texts()).to.deep.equal([
      'richMessage.quickreply:Question 1001?',
      'text:Are you still there? I will close this session soon if I hear nothing.',
      'richMessage.quickreply:Question 1001?',
      'text:I am closing this session as I have not heard from you. Write again whenever you like.',
      'conversation.end:',
    ]);
    expect(turns.filter((t) => t === 'event:guidedHelp.deadline')).to.have.length(2);
    expect(await inbox.scheduled('d1'), 'an ended dialog has no deadline').to.deep.equal([]);
  });

  it('[T2] a deadline that falls while the customer\'s turn runs waits for that turn, and the answer supersedes it', async () => {
    start({ reminderAfterMs: 60_000, endAfterMs: 60_000 });
    await say('hello');
    await waitFor(() => texts().length === 1, 'the first question');
    let open!: () => void;
    gate = { text: 'fibre', open: new Promise<void>((resolve) => (open = resolve)) };
    await say('fibre');
    await waitFor(() => turns.includes('message:fibre'), 'the customer\'s turn to start');
    // The deadline falls during that turn: it is moved into the conversation's line, behind it.
    skew = 120_000;
    await waitFor(async () => (await inbox.scheduled('d1')).length === 0 && (await inbox.depth()) === 2, 'the deadline to wait in line');
    skew = 0; // back to real time: the answer's new deadline is a minute away
    open();
    await waitFor(() => turns.includes('event:guidedHelp.deadline'), 'the deadline turn');
    await waitFor(async () => (await inbox.depth()) === 0, 'an empty inbox');
    expect(overlaps, 'never two turns at once').to.equal(0);
    expect(turns).to.deep.equal(['message:hello', 'message:fibre', 'event:guidedHelp.deadline']);
    // The answer moved the deadline on: the old one does nothing, the new one is scheduled.
    expect(texts().some((t) => t.startsWith('text:Are you still there'))).to.equal(false);
    expect((await inbox.scheduled('d1')).map((i) => i.kind)).to.deep.equal(['deadline']);
  });

  it('[T2] a cancelled deadline never fires', async () => {
    const { adapter } = start({ reminderAfterMs: 60_000, endAfterMs: 60_000 });
    await say('hello');
    await waitFor(async () => (await inbox.scheduled('d1')).length === 1, 'the deadline');
    const due = (await inbox.scheduled('d1'))[0].notBefore!;
    await say('restart');
    await waitFor(async () => (await inbox.scheduled('d1')).length === 0, 'the deadline to be cancelled');
    // A sentinel in another conversation, due after the cancelled deadline would have been; then
    // the inbox's clock moves past both.
    await adapter.scheduleEvent({ conversation: { id: 'sentinel', isGroup: false, conversationType: 'hub', name: '' } }, { name: 'sentinel' }, due + 100);
    skew = due + 200 - Date.now();
    const sentinelDone = () => inbox.depth().then(async (d) => d === 0 && (await inbox.scheduled('sentinel')).length === 0);
    await waitFor(sentinelDone, 'the sentinel turn');
    expect(turns).to.deep.equal(['message:hello', 'message:restart']);
    expect(texts().some((t) => t.startsWith('text:Are you still there'))).to.equal(false);
  });
});
