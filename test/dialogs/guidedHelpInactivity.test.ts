/**
 * Inactivity: a reminder, then a polite end. While an actor lives, `after` drives it (tested
 * with xstate's SimulatedClock); after a restore from a persisted snapshot, where delayed
 * events are gone, TICK events against the deadline kept in the context drive it.
 */
import { expect } from 'chai';
import { SimulatedClock } from 'xstate';
import { createGuidedHelpMachine } from '../../dialogs/guidedHelp/guidedHelpMachine.js';
import type { GuidedHelpOutput } from '../../dialogs/guidedHelp/guidedHelpTypes.js';
import { portalStub, question, searchResponse } from './guidedHelpFixtures.js';
import { drive } from './machineDriver.js';

const REMIND = 60_000;
const END = 30_000;
const T0 = 1_700_000_000_000;
const kinds = (outs: GuidedHelpOutput[]) => outs.map((o) => (o.type === 'say' ? `say:${o.key}` : o.type === 'end' ? `end:${o.reason}` : o.type));

function machine() {
  const stub = portalStub({ start: searchResponse({ questions: [question('1001', 'radioButton')] }), step: searchResponse({ questions: [question('1002', 'dropdown')] }) });
  return { stub, machine: createGuidedHelpMachine({ reminderAfterMs: REMIND, endAfterMs: END }).provide({ actors: stub.actors }) };
}

describe('guided help: inactivity', () => {
  it('[B3] reminds once after the silence, then ends the session politely (SimulatedClock)', async () => {
    const clock = new SimulatedClock();
    const d = drive(machine().machine, { clock, input: { at: T0 } });
    await d.send({ type: 'START', at: T0, casebaseId: '101' });
    clock.increment(REMIND - 1);
    expect(await d.settle()).to.deep.equal([]);
    clock.increment(1);
    expect(kinds(await d.settle())).to.deep.equal(['say:reminder', 'ask']);
    clock.increment(END - 1);
    expect(await d.settle()).to.deep.equal([]);
    clock.increment(1);
    expect(kinds(await d.settle())).to.deep.equal(['end:inactivity']);
    expect(d.value()).to.equal('ended');
  });

  it('[B3] an answer before the deadline restarts the wait (SimulatedClock)', async () => {
    const clock = new SimulatedClock();
    const d = drive(machine().machine, { clock, input: { at: T0 } });
    await d.send({ type: 'START', at: T0, casebaseId: '101' });
    clock.increment(REMIND - 10);
    await d.send({ type: 'TEXT', at: T0 + REMIND - 10, text: 'fibre' });
    clock.increment(REMIND - 1);
    expect(await d.settle()).to.deep.equal([]);
    clock.increment(1);
    expect(kinds(await d.settle())).to.deep.equal(['say:reminder', 'ask']);
  });

  it('[B5] after a restore, TICK events against the stored deadline give the reminder, then the end', async () => {
    const { machine: m } = machine();
    const first = drive(m, { input: { at: T0 } });
    await first.send({ type: 'START', at: T0, casebaseId: '101' });
    const persisted = JSON.parse(JSON.stringify(first.actor.getPersistedSnapshot()));
    first.actor.stop();

    const restored = drive(m, { snapshot: persisted });
    expect(await restored.send({ type: 'TICK', at: T0 + REMIND - 1 })).to.deep.equal([]);
    expect(kinds(await restored.send({ type: 'TICK', at: T0 + REMIND + 5 }))).to.deep.equal(['say:reminder', 'ask']);
    const again = JSON.parse(JSON.stringify(restored.actor.getPersistedSnapshot()));
    restored.actor.stop();

    const later = drive(m, { snapshot: again });
    expect(await later.send({ type: 'TICK', at: T0 + REMIND + 5 + END - 1 })).to.deep.equal([]);
    expect(kinds(await later.send({ type: 'TICK', at: T0 + REMIND + 5 + END }))).to.deep.equal(['end:inactivity']);
    expect(later.actor.getSnapshot().status).to.equal('done');
  });

  it('[B5] a TICK long after both deadlines (a replica was down) ends the session at once', async () => {
    const { machine: m } = machine();
    const first = drive(m, { input: { at: T0 } });
    await first.send({ type: 'START', at: T0, casebaseId: '101' });
    const persisted = first.actor.getPersistedSnapshot();
    first.actor.stop();
    const restored = drive(m, { snapshot: persisted });
    expect(kinds(await restored.send({ type: 'TICK', at: T0 + REMIND + END + 1 }))).to.deep.equal(['end:inactivity']);
    expect(restored.value()).to.equal('ended');
  });
});
