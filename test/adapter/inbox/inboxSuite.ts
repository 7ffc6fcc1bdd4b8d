/**
 * The one test suite of the Inbox contract and of InboxWorker over it, run against MemoryInbox
 * and RedisInbox. A fixture hands out "replicas": inboxes over the same data (for Redis, each
 * on its own connection, as two processes would be).
 *
 * Time: leases are short (a few hundred ms) where they must run out, and waits are for a
 * condition with a generous deadline, never for a fixed time, so a slow machine only makes the
 * tests slower, not red.
 */
import { BotTurnError } from '../../../src/adapter/turnErrors.js';
import { expect } from 'chai';
import type { Inbox, InboxClaim, InboxItem } from '../../../src/adapter/inbox/inbox.js';
import { InboxWorker, type InboxHandler } from '../../../src/adapter/inbox/inboxWorker.js';
import { waitFor } from '../../support/waitFor.js';

export interface InboxFixture {
  /** A new view of the same inbox, as another replica would have. */
  replica(): Promise<Inbox>;
  cleanup(): Promise<void>;
}

const item = (id: string, payload: unknown = { text: id }): InboxItem => ({ id, payload, receivedAt: Date.now() });

export function inboxSuite(name: string, makeFixture: () => Promise<InboxFixture>): void {
  describe(`Inbox contract: ${name}`, () => {
    let fx: InboxFixture;
    let inbox: Inbox;
    const workers: InboxWorker[] = [];
    const startWorker = (on: Inbox, handler: InboxHandler, opts: ConstructorParameters<typeof InboxWorker>[2] = {}) => {
      const w = new InboxWorker(on, handler, { pollIntervalMs: 20, ...opts });
      workers.push(w);
      w.start();
      return w;
    };

    beforeEach(async () => {
      fx = await makeFixture();
      inbox = await fx.replica();
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await fx.cleanup();
    });

    it('claims the head item, keeps or releases the lease, and holds a released conversation for its delay', async () => {
      expect(await inbox.claim('w', 60_000)).to.equal(undefined);
      await inbox.append('c1', item('m1', { nested: [1, { a: null }] }));
      await inbox.append('c1', item('m2'));
      expect(await inbox.depth()).to.equal(2);
      const first = (await inbox.claim('w', 60_000))!;
      expect(first).to.include({ conversationId: 'c1', workerId: 'w', attempt: 1 });
      expect(first.item.id).to.equal('m1');
      expect(first.item.payload).to.deep.equal({ nested: [1, { a: null }] });
      expect(await inbox.claim('other', 60_000), 'a leased conversation is not claimable').to.equal(undefined);
      const { completed, next } = await inbox.complete(first, { keepLease: true });
      expect(completed).to.equal(true);
      expect(next).to.include({ conversationId: 'c1', token: first.token, attempt: 1 });
      expect(next!.item.id).to.equal('m2');
      expect(await inbox.release(next!)).to.equal(true);
      const again = (await inbox.claim('w', 60_000))!;
      expect(again.item.id).to.equal('m2');
      expect(again.attempt).to.equal(2);
      expect(await inbox.release(again, { delayMs: 60_000 })).to.equal(true);
      expect(await inbox.claim('w', 60_000), 'held for the retry delay').to.equal(undefined);
      expect(await inbox.depth()).to.equal(1);
    });

    it('recognises a redelivered item id and records it only once', async () => {
      expect(await inbox.append('c1', item('m1'))).to.deep.equal({ duplicate: false });
      expect(await inbox.append('c1', item('m1', 'changed'))).to.deep.equal({ duplicate: true });
      expect(await inbox.append('c2', item('m1')), 'the same id in another conversation').to.deep.equal({ duplicate: false });
      expect(await inbox.depth()).to.equal(2);
      const claim = (await inbox.claim('w', 60_000))!;
      await inbox.complete(claim);
      const other = await fx.replica();
      expect(await other.append(claim.conversationId, item('m1')), 'still recognised after it was handled').to.deep.equal({ duplicate: true });
      expect(await inbox.depth()).to.equal(1);
    });

    it('[B4] handles 100 items of 10 conversations in arrival order, one turn at a time, with two workers', async () => {
      const handled = new Map<string, string[]>();
      const inTurn = new Set<string>();
      const overlaps: string[] = [];
      const handler: InboxHandler = async (conversationId, it) => {
        if (inTurn.has(conversationId)) overlaps.push(conversationId);
        inTurn.add(conversationId);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        handled.set(conversationId, [...(handled.get(conversationId) ?? []), it.id]);
        inTurn.delete(conversationId);
      };
      startWorker(inbox, handler, { workerId: 'replica-1', maxTurnsPerClaim: 3 });
      startWorker(await fx.replica(), handler, { workerId: 'replica-2', maxTurnsPerClaim: 3 });
      for (let i = 0; i < 10; i++) for (let c = 0; c < 10; c++) await inbox.append(`conv-${c}`, item(`conv-${c}/msg-${i}`));
      await waitFor(() => [...handled.values()].reduce((n, ids) => n + ids.length, 0) >= 100, '100 turns');
      expect(overlaps).to.deep.equal([]);
      for (let c = 0; c < 10; c++) expect(handled.get(`conv-${c}`)).to.deep.equal(Array.from({ length: 10 }, (_, i) => `conv-${c}/msg-${i}`));
      await waitFor(async () => (await inbox.depth()) === 0, 'an empty inbox');
    });

    it('runs different conversations in parallel', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const running = new Set<string>();
      startWorker(inbox, async (conversationId) => {
        running.add(conversationId);
        await gate;
      }, { concurrency: 3 });
      try {
        for (const c of ['a', 'b', 'c']) await inbox.append(c, item(`${c}-1`));
        await waitFor(() => running.size === 3, 'three conversations running at once');
      } finally {
        release();
      }
      await waitFor(async () => (await inbox.depth()) === 0, 'an empty inbox');
    });

    it('gives the head item of a worker that died to another worker when its lease runs out', async () => {
      await inbox.append('c1', item('m1'));
      await inbox.append('c1', item('m2'));
      const dying = (await inbox.claim('dying', 60_000))!;
      expect(dying.item.id).to.equal('m1');
      const survivor = await fx.replica();
      expect(await survivor.claim('survivor', 60_000), 'held while the lease lives').to.equal(undefined);
      // The dying worker's last renewal leaves a short lease; then it stops renewing and never completes.
      expect(await inbox.renew(dying, 150)).to.equal(true);
      const handled: Array<{ id: string; attempt: number }> = [];
      startWorker(survivor, async (_c, it, turn) => void handled.push({ id: it.id, attempt: turn.attempt }), { workerId: 'survivor' });
      await waitFor(() => handled.length === 2, 'the survivor to handle both items');
      expect(handled).to.deep.equal([{ id: 'm1', attempt: 2 }, { id: 'm2', attempt: 1 }]);
      expect(await inbox.complete(dying), 'the dead worker can no longer complete').to.deep.equal({ completed: false });
      expect(await inbox.renew(dying, 60_000)).to.equal(false);
      expect(await inbox.depth()).to.equal(0);
    });

    it('keeps the lease of a turn that outlasts it by renewing it', async () => {
      const leaseMs = 400;
      const other = await fx.replica();
      let renewals = 0;
      let stolen: InboxClaim | undefined | 'not checked' = 'not checked';
      const renew = inbox.renew.bind(inbox);
      // Right after a renewal that happened once the first lease is long over, try to steal.
      inbox.renew = async (claim, ms) => {
        const held = await renew(claim, ms);
        if (held && ++renewals === 12) stolen = await other.claim('thief', 60_000);
        return held;
      };
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      startWorker(inbox, () => done, { leaseMs, renewEveryMs: 40 });
      try {
        await inbox.append('c1', item('m1'));
        await waitFor(() => stolen !== 'not checked', 'twelve renewals');
        expect(stolen).to.equal(undefined);
      } finally {
        finish(); // so that stopping the worker does not wait for a turn that never ends
      }
      await waitFor(async () => (await inbox.depth()) === 0, 'the turn to complete');
    });

    it('aborts the signal of a turn whose lease was lost, whether the handler looked at it before or after', async () => {
      const leaseMs = 300;
      const other = await fx.replica();
      const signals: { early?: AbortSignal; late?: AbortSignal } = {};
      const started = new Set<string>();
      let lost!: () => void;
      const leaseGone = new Promise<void>((resolve) => (lost = resolve));
      startWorker(
        inbox,
        async (_c, it, turn) => {
          started.add(it.id);
          if (it.id === 'early') signals.early = turn.signal;
          await leaseGone;
          // The renewal that finds the lease gone comes within one renewal period.
          await waitFor(() => (it.id === 'early' ? signals.early!.aborted : (signals.late = turn.signal).aborted), 'the abort');
        },
        { leaseMs, renewEveryMs: 40, concurrency: 2 },
      );
      // Renewals fail from now on: the lease runs out and another replica takes the items.
      inbox.renew = async () => false;
      await inbox.append('c1', item('early'));
      await inbox.append('c2', item('late'));
      await waitFor(() => started.size === 2, 'both turns to start');
      await waitFor(async () => (await other.claim('thief', 60_000)) !== undefined, { what: 'another replica to take a conversation', timeoutMs: 5000 });
      lost();
      await waitFor(() => signals.early?.aborted === true && signals.late?.aborted === true, 'both signals aborted');
      expect((signals.early!.reason as Error).message).to.equal('the lease was lost');
      expect((signals.late!.reason as Error).message).to.equal('the lease was lost');
    });

    it('retries a failing item a bounded number of times, then dead-letters it and moves on', async () => {
      const calls: string[] = [];
      const dead: string[] = [];
      startWorker(
        inbox,
        async (_c, it, turn) => {
          calls.push(`${it.id}#${turn.attempt}`);
          if (it.id === 'poison') throw new Error('cannot handle this one');
        },
        { maxAttempts: 3, retryDelayMs: () => 10, onDeadLetter: (letter) => dead.push(letter.item.id) },
      );
      await inbox.append('c1', item('poison', { bad: true }));
      await inbox.append('c1', item('fine'));
      await waitFor(() => calls.includes('fine#1'), 'the next item to run');
      expect(calls).to.deep.equal(['poison#1', 'poison#2', 'poison#3', 'fine#1']);
      expect(dead).to.deep.equal(['poison']);
      const letters = await inbox.deadLetters();
      expect(letters).to.have.length(1);
      expect(letters[0]).to.include({ conversationId: 'c1', attempts: 3, reason: 'Error: cannot handle this one' });
      expect(letters[0].item).to.deep.include({ id: 'poison', payload: { bad: true } });
      await waitFor(async () => (await inbox.depth()) === 0, 'an empty inbox');
    });

    it('[T1] parks a bot error at once, and requeues a dead letter under a new id to run again at the end of its conversation', async () => {
      const calls: string[] = [];
      let broken = true;
      startWorker(
        inbox,
        async (_c, it, turn) => {
          calls.push(`${it.id.split('~')[0]}#${turn.attempt}`);
          if (broken && it.id === 'bug') throw new BotTurnError(new TypeError('undefined is not a function'));
        },
        { maxAttempts: 5, retryDelayMs: () => 10 },
      );
      await inbox.append('c1', item('bug', { text: 'hi' }));
      await waitFor(async () => (await inbox.deadLetters()).length === 1, 'the dead letter');
      expect(calls).to.deep.equal(['bug#1']);
      expect((await inbox.deadLetters())[0].reason).to.contain('undefined is not a function');
      broken = false;
      expect(await inbox.requeueDeadLetter('no-such-item')).to.equal(false);
      expect(await inbox.requeueDeadLetter('bug')).to.equal(true);
      await waitFor(() => calls.length === 2, 'the requeued turn');
      expect(calls).to.deep.equal(['bug#1', 'bug#1']);
      expect(await inbox.deadLetters()).to.deep.equal([]);
    });

    it('dead-letters without running it an item whose attempts all died with their worker', async () => {
      await inbox.append('c1', item('crasher'));
      for (let i = 0; i < 2; i++) await inbox.release((await inbox.claim(`crashed-${i}`, 60_000))!);
      const calls: string[] = [];
      startWorker(inbox, async (_c, it) => void calls.push(it.id), { maxAttempts: 2 });
      await waitFor(async () => (await inbox.deadLetters()).length === 1, 'the dead letter');
      expect(calls).to.deep.equal([]);
      expect((await inbox.deadLetters())[0].reason).to.match(/2 attempts/);
    });

    it('stop() lets the turn under way finish and claims nothing more', async () => {
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const started: string[] = [];
      const worker = startWorker(inbox, async (_c, it) => {
        started.push(it.id);
        await done;
      });
      let stopped = false;
      try {
        await inbox.append('c1', item('m1'));
        await inbox.append('c1', item('m2'));
        await waitFor(() => started.length === 1, 'the first turn');
        const stopping = worker.stop().then(() => (stopped = true));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(stopped, 'stop waits for the turn').to.equal(false);
        finish();
        await stopping;
      } finally {
        finish();
      }
      expect(started).to.deep.equal(['m1']);
      expect(await inbox.depth()).to.equal(1);
      const next = await inbox.claim('next-worker', 60_000);
      expect(next?.item.id, 'the next item was left claimable').to.equal('m2');
    });

    it('[T2] keeps a scheduled item aside until it is due, then any replica takes it at the end of its conversation', async () => {
      await inbox.append('c1', item('m1'));
      await inbox.schedule('c1', 'deadline', { ...item('later@1'), kind: 'deadline', notBefore: Date.now() + 60_000 });
      await inbox.schedule('c1', 'reminder', { ...item('soon@1'), kind: 'deadline', notBefore: Date.now() + 150 });
      expect((await inbox.scheduled('c1')).map((i) => i.id)).to.deep.equal(['soon@1', 'later@1']);
      const first = (await inbox.claim('w', 60_000))!;
      expect(first.item.id).to.equal('m1');
      expect(first.item.kind, 'an item appended without a kind is a message').to.equal(undefined);
      // Due while m1's turn holds the lease: it waits in line behind it, never beside it.
      const other = await fx.replica();
      await waitFor(async () => (await other.scheduled('c1')).length === 1 || (await other.claim('other', 60_000)) !== undefined, 'the reminder to fall due');
      expect(await other.claim('other', 60_000), 'the conversation is leased').to.equal(undefined);
      expect((await inbox.complete(first)).completed).to.equal(true);
      const due = (await other.claim('other', 60_000))!;
      expect(due.item).to.deep.include({ id: 'soon@1', kind: 'deadline' });
      expect(due.item.notBefore).to.be.a('number');
      await other.complete(due);
      expect(await other.claim('other', 60_000), 'the later one is not due').to.equal(undefined);
      expect((await inbox.scheduled('c1')).map((i) => i.id)).to.deep.equal(['later@1']);
    });

    it('[T2] a rescheduled slot replaces its item, and an unscheduled one never comes', async () => {
      await inbox.schedule('c1', 'deadline', { ...item('first@1'), notBefore: Date.now() + 100 });
      await inbox.schedule('c1', 'deadline', { ...item('second@1'), notBefore: Date.now() + 100 });
      await inbox.schedule('c2', 'deadline', { ...item('cancelled@1'), notBefore: Date.now() + 100 });
      expect(await inbox.unschedule('c2', 'deadline')).to.equal(true);
      expect(await inbox.unschedule('c2', 'deadline')).to.equal(false);
      // A sentinel due after the others: once it arrives, anything due before it has arrived too.
      await inbox.schedule('c3', 'sentinel', { ...item('sentinel@1'), notBefore: Date.now() + 200 });
      const handled: string[] = [];
      startWorker(inbox, async (_c, it) => void handled.push(it.id));
      await waitFor(() => handled.includes('sentinel@1'), 'the sentinel');
      expect(handled.sort()).to.deep.equal(['second@1', 'sentinel@1']);
    });

    it('[T2] a scheduled item already handled is not appended again (its id is remembered)', async () => {
      await inbox.append('c1', item('due@1'));
      await inbox.complete((await inbox.claim('w', 60_000))!);
      await inbox.schedule('c1', 'deadline', { ...item('due@1'), notBefore: Date.now() - 1 });
      expect(await inbox.claim('w', 60_000)).to.equal(undefined);
      expect(await inbox.scheduled('c1')).to.deep.equal([]);
      expect(await inbox.depth()).to.equal(0);
    });

    it('[T2] a conversation pinned to a worker is claimed by that worker only, until the pinned item is done or the pin runs out', async () => {
      await inbox.append('c1', { ...item('proactive-1'), kind: 'proactive' }, { pin: { workerId: 'origin', ms: 60_000 } });
      expect(await inbox.claim('stranger', 60_000)).to.equal(undefined);
      const own = (await inbox.claim('origin', 60_000))!;
      expect(own.item).to.deep.include({ id: 'proactive-1', kind: 'proactive' });
      await inbox.append('c1', item('m2'));
      await inbox.complete(own);
      const m2 = (await inbox.claim('stranger', 60_000))!;
      expect(m2.item.id, 'the pin ends with its item').to.equal('m2');
      // A worker finishing a turn does not keep the lease of a conversation pinned to another one.
      await inbox.append('c1', item('m3'));
      await inbox.append('c1', { ...item('proactive-3'), kind: 'proactive' }, { pin: { workerId: 'origin', ms: 60_000 } });
      expect((await inbox.complete(m2, { keepLease: true })).next, 'released rather than kept').to.equal(undefined);
      expect(await inbox.claim('stranger', 60_000)).to.equal(undefined);
      expect((await inbox.claim('origin', 60_000))?.item.id, 'the pinned worker takes the line from its head').to.equal('m3');
      await inbox.append('c2', { ...item('proactive-2'), kind: 'proactive' }, { pin: { workerId: 'gone', ms: 100 } });
      await waitFor(async () => (await inbox.claim('stranger', 60_000)) !== undefined, 'the pin of a worker that is gone to run out');
    });

    it('goes back to the event loop after a few ms of turns, so callbacks waiting for their ack are not queued behind a burst of turns', async () => {
      for (let i = 0; i < 10; i++) await inbox.append(`c${i}`, item(`m${i}`));
      const log: string[] = [];
      // Stands for I/O that became ready meanwhile (a callback to acknowledge).
      setImmediate(() => log.push('io'));
      startWorker(
        inbox,
        async (_c, it) => {
          log.push(it.id);
          // 3 ms of CPU each: two turns pass the worker's 5 ms slice, whatever the machine's speed.
          const until = performance.now() + 3;
          while (performance.now() < until);
        },
        { concurrency: 10 },
      );
      await waitFor(() => log.length === 11, 'ten turns');
      expect(log.indexOf('io')).to.be.below(4);
    });

    it('wakes an idle worker as soon as an item is appended on its replica', async () => {
      const handled: string[] = [];
      // Polling every minute: only the notification can start this turn within the deadline.
      startWorker(inbox, async (_c, it) => void handled.push(it.id), { pollIntervalMs: 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await inbox.append('c1', item('m1'));
      await waitFor(() => handled.length === 1, { what: 'the turn', timeoutMs: 5_000 });
    });
  });
}
