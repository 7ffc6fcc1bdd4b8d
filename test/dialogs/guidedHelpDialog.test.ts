/**
 * Persistence of the guided-help dialog per conversation in botbuilder Storage (memory and a
 * real Redis): another instance (replica) continues where the conversation was, a turn
 * delivered twice is applied once, a decision on a solution is never sent twice, a snapshot of
 * another version starts over, and the stored state stays small.
 */
import { expect } from 'chai';
import { MemoryStorage, type Storage, type StoreItems } from 'botbuilder-core';
import { fromPromise } from 'xstate';
import { PlatformError } from '../../src/errors/platformError.js';
import { GuidedHelpDialog } from '../../dialogs/guidedHelp/guidedHelpDialog.js';
import { createGuidedHelpMachine } from '../../dialogs/guidedHelp/guidedHelpMachine.js';
import { closeRedisConnection, createRedisConnection } from '../../src/redis/redisConnection.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { portalStub, question, searchResponse, type PortalStub } from './guidedHelpFixtures.js';
import { tenQuestionPortal } from './tenQuestionPortal.js';

const input = { lang: 'en-US' };

/** Storage whose next write fails once (a replica dying between the portal call and the write). */
class FailingStorage implements Storage {
  failWrites = 0;
  constructor(private readonly inner: Storage) {}
  read(keys: string[]) {
    return this.inner.read(keys);
  }
  async write(changes: StoreItems) {
    if (this.failWrites > 0 && this.failWrites-- === 1) throw new Error('replica died');
    return this.inner.write(changes);
  }
  delete(keys: string[]) {
    return this.inner.delete(keys);
  }
}

function dialogSuite(name: string, makeStorage: () => Promise<{ storage: Storage; cleanup: () => Promise<void> }>) {
  describe(`guided help dialog persistence (${name})`, () => {
    let storage: Storage;
    let cleanup: () => Promise<void>;
    let stub: PortalStub;
    const dialog = (s: Storage = storage, version?: number) =>
      new GuidedHelpDialog({ storage: s, machine: createGuidedHelpMachine().provide({ actors: stub.actors }), ...(version ? { version } : {}) });

    beforeEach(async () => {
      ({ storage, cleanup } = await makeStorage());
      stub = portalStub({
        start: searchResponse({ questions: [question('1001', 'radioButton'), question('1002', 'dropdown')] }),
        step: searchResponse({ questions: [question('1002', 'dropdown')], solutions: [{ caseId: '5001', score: 90, passed: true }], closeOnAccept: true }),
      });
    });
    afterEach(() => cleanup());

    it('[B5] another instance on the same storage continues the conversation where it was', async () => {
      await dialog().handle('c1', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
      const replica = dialog();
      expect(await replica.status('c1')).to.deep.include({ status: 'active', lang: 'en-US' });
      const turn = await replica.handle('c1', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
      expect(stub.calls.map((c) => c.op)).to.deep.equal(['start', 'step']);
      expect(turn.outputs[0]).to.deep.include({ type: 'offer' });
      const third = await dialog().handle('c1', { type: 'TEXT', at: 3, activityId: 'm3', text: 'yes' }, input);
      expect(third.outputs).to.deep.equal([{ type: 'end', reason: 'solved' }]);
      expect(third.status).to.equal('done');
    });

    it('[B5] a turn delivered twice is applied once: no second portal call, the prompt is sent again', async () => {
      await dialog().handle('c1', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
      const first = await dialog().handle('c1', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
      const again = await dialog().handle('c1', { type: 'TEXT', at: 3, activityId: 'm2', text: 'fibre' }, input);
      expect(stub.count('step')).to.equal(1);
      expect(again.duplicate).to.equal(true);
      expect(again.outputs).to.deep.equal(first.outputs);
    });

    it('[B5] an accept whose turn died before its state was written is not sent again when the turn runs again', async () => {
      const failing = new FailingStorage(storage);
      await dialog(failing).handle('c1', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
      await dialog(failing).handle('c1', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
      failing.failWrites = 2; // the marker write passes, the write after the accept call fails
      let died = false;
      await dialog(failing)
        .handle('c1', { type: 'TEXT', at: 3, activityId: 'm3', text: 'yes' }, input)
        .catch(() => (died = true));
      expect(died).to.equal(true);
      expect(stub.count('accept')).to.equal(1);
      const rerun = await dialog(failing).handle('c1', { type: 'TEXT', at: 4, activityId: 'm3', text: 'yes' }, input);
      expect(stub.count('accept'), 'accept sent twice').to.equal(1);
      expect(rerun.outputs).to.deep.equal([{ type: 'end', reason: 'solved' }]);
    });

    it('[R5] an accept whose outcome is unknown is not sent again: the customer is told plainly and the dialog goes on', async () => {
      stub = portalStub({
        start: searchResponse({ questions: [question('1001', 'radioButton')] }),
        step: searchResponse({ questions: [], solutions: [{ caseId: '5001', score: 90, passed: true }], closeOnAccept: true }),
        accept: PlatformError.of('500-110', { operation: 'gh.cases.accept', reason: '504-100' }),
      });
      await dialog().handle('c1', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
      await dialog().handle('c1', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
      const turn = await dialog().handle('c1', { type: 'TEXT', at: 3, activityId: 'm3', text: 'yes' }, input);
      expect(stub.count('accept')).to.equal(1);
      expect(turn.outputs).to.deep.equal([{ type: 'say', key: 'acceptUnknown' }, { type: 'end', reason: 'solved' }]);
    });

    it('[R5] a reject whose outcome is unknown is not sent again: the customer is told plainly and the dialog goes on', async () => {
      stub = portalStub({
        start: searchResponse({ questions: [question('1001', 'radioButton')] }),
        step: searchResponse({ questions: [], solutions: [{ caseId: '5001', score: 90, passed: true }, { caseId: '5002', score: 70, passed: true }] }),
        reject: PlatformError.of('500-110', { operation: 'gh.cases.reject', reason: '504-100' }),
      });
      await dialog().handle('c1', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
      await dialog().handle('c1', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
      const turn = await dialog().handle('c1', { type: 'TEXT', at: 3, activityId: 'm3', text: 'no' }, input);
      expect(turn.outputs.slice(0, 2)).to.deep.equal([{ type: 'say', key: 'rejectUnknown' }, { type: 'say', key: 'rejectedNext' }]);
      expect(turn.outputs[2]).to.deep.include({ type: 'offer', rank: 2 });
      expect(stub.count('reject')).to.equal(1);
      expect(turn.status).to.equal('active');
      // The same turn delivered again is not a second reject.
      await dialog().handle('c1', { type: 'TEXT', at: 4, activityId: 'm3', text: 'no' }, input);
      expect(stub.count('reject'), 'reject sent twice').to.equal(1);
    });

    it('[B5] a snapshot of another machine version is dropped and the dialog starts over', async () => {
      await dialog(storage, 1).handle('c1', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
      const v2 = dialog(storage, 2);
      expect((await v2.status('c1')).status).to.equal('none');
      const turn = await v2.handle('c1', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
      expect(turn.versionChanged).to.equal(true);
      expect(turn.outputs).to.deep.equal([{ type: 'say', key: 'noSession' }]);
      expect(stub.count('step')).to.equal(0);
    });

    it('[B5] a time tick for a conversation without a dialog does nothing and stores nothing', async () => {
      const turn = await dialog().handle('c9', { type: 'TICK', at: 5 }, input);
      expect(turn).to.deep.include({ outputs: [], status: 'none' });
      expect(await dialog().store.read('c9')).to.equal(undefined);
    });

    it('two replicas taking turns of one conversation at once cannot both apply theirs (eTag)', async () => {
      let release!: () => void;
      let started!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const stepStarted = new Promise<void>((r) => (started = r));
      const m = createGuidedHelpMachine().provide({
        actors: {
          ...stub.actors,
          stepSearch: fromPromise(async () => {
            started(); // replica A has read the state and is in its portal call
            await gate;
            return searchResponse({ questions: [question('1002', 'dropdown')] });
          }),
        },
      });
      const a = new GuidedHelpDialog({ storage, machine: m });
      const b = new GuidedHelpDialog({ storage, machine: m });
      await a.handle('c1', { type: 'START', at: 1, activityId: 'm1', casebaseId: '101' }, input);
      const slowTurn = a.handle('c1', { type: 'TEXT', at: 2, activityId: 'm2', text: 'fibre' }, input);
      await stepStarted;
      await b.handle('c1', { type: 'TEXT', at: 3, activityId: 'm3', text: 'nonsense' }, input);
      release();
      let conflict: unknown;
      await slowTurn.catch((e: unknown) => (conflict = e));
      expect(String(conflict)).to.match(/eTag conflict/i);
    });

    it('[B5] keeps the stored state of a conversation under 2 KB after ten answered questions', async () => {
      const ten = tenQuestionPortal();
      // Answered by position everywhere, as with a renderer that numbers every question's answers.
      const d = new GuidedHelpDialog({ storage, machine: createGuidedHelpMachine({ answerPositions: 'all' }).provide({ actors: ten.actors }) });
      await d.handle('c1', { type: 'START', at: 1, activityId: 'm0', casebaseId: '101' }, input);
      for (let i = 1; i <= 10; i++) await d.handle('c1', { type: 'TEXT', at: 1 + i, activityId: `m${i}`, text: '2' }, input);
      expect(ten.steps()).to.equal(10);
      const rec = await d.store.read('c1');
      const { eTag: _eTag, ...stored } = rec!;
      const bytes = Buffer.byteLength(JSON.stringify(stored));
      expect((rec!.snapshot as unknown as { context: { answers: unknown[] } }).context.answers).to.have.length(10);
      expect(bytes, `${bytes} bytes`).to.be.at.most(2048);
    });
  });
}

dialogSuite("botbuilder's MemoryStorage", async () => ({ storage: new MemoryStorage(), cleanup: async () => {} }));

dialogSuite('RedisStorage', async () => {
  const client = await createRedisConnection();
  const tenant = uniqueTenant('guided-help');
  return {
    storage: new RedisStorage({ client, tenant }),
    cleanup: async () => {
      await deleteTenantKeys(client, tenant);
      await closeRedisConnection(client);
    },
  };
});
