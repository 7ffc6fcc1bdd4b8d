/**
 * Path coverage of the guided-help machine with xstate/graph: the machine is traversed with
 * every customer event and every answer its portal calls can give (done with each kind of
 * search response, error with each kind of failure), and every transition of every state is
 * replayed on a real actor with inspection, so the test knows exactly which transition fired.
 * Every state node must be entered and every transition taken at least once; shortest paths
 * must reach each final state.
 */
import { expect } from 'chai';
import { createActor, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { guidedHelpMachine } from '../../dialogs/guidedHelp/guidedHelpMachine.js';
import type { GuidedHelpEvent } from '../../dialogs/guidedHelp/guidedHelpTypes.js';
import { PlatformError } from '../../src/errors/platformError.js';
import { question, searchResponse } from './guidedHelpFixtures.js';

type Snap = ReturnType<typeof guidedHelpMachine.getInitialSnapshot>;
const m = guidedHelpMachine;
const input = { conversationId: 'c', lang: 'en-US', at: 0 };
const radio = question('1001', 'radioButton');
const passing = [{ caseId: '5001', score: 90, passed: true }];

/** Every kind of search response the machine branches on. */
const RESPONSES = [
  searchResponse({ questions: [radio], startup: ['1001'] }),
  searchResponse({ questions: [radio], solutions: passing, closeOnAccept: false, closeOnReject: true }),
  searchResponse({ solutions: passing, closeOnAccept: true, closeOnReject: false }),
  searchResponse({ solutions: [{ caseId: '5002', score: 30, passed: false }] }),
  searchResponse({}),
  searchResponse({ questions: [radio], status: 'author' }),
  searchResponse({ solutions: passing, status: 'author' }),
];
const ERRORS = [PlatformError.of('503-100', { reason: 'x' }), PlatformError.of('404-101', { name: 'x' }), PlatformError.of('500-100'), PlatformError.of('500-110', { operation: 'x', reason: 'y' })];

const done = (state: string, output: unknown) => ({ type: `xstate.done.actor.0.guidedHelp.${state}`, output }) as unknown as GuidedHelpEvent;
const error = (state: string, err: unknown) => ({ type: `xstate.error.actor.0.guidedHelp.${state}`, error: err }) as unknown as GuidedHelpEvent;

function eventsFor(s: Snap): GuidedHelpEvent[] {
  const c = s.context;
  const customer: GuidedHelpEvent[] = [
    { type: 'START', at: 1, casebaseId: '101' },
    { type: 'START', at: 1, casebaseId: '101', initialText: 'fibre please' },
    { type: 'RESUME', at: 1, code: '101-9' },
    { type: 'RESUME', at: 1, code: 'later' },
    { type: 'AGENT', at: 2 },
    { type: 'SAVE', at: 2 },
    { type: 'TEXT', at: 2, text: 'fibre' },
    { type: 'TEXT', at: 2, text: 'zzz' },
    { type: 'TEXT', at: 2, text: 'yes' },
    { type: 'TEXT', at: 2, text: 'no' },
    { type: 'TEXT', at: 2, text: 'yes', replay: true },
    { type: 'TEXT', at: 2, text: 'no', replay: true },
    // The offer's third button by its position (U9).
    { type: 'TEXT', at: 2, text: '3' },
    { type: 'ACCEPT', at: 2 },
    { type: 'REJECT', at: 2 },
    { type: 'ACCEPT', at: 2, replay: true },
    { type: 'REJECT', at: 2, replay: true },
    { type: 'TICK', at: c.deadline - 1 },
    { type: 'TICK', at: c.deadline },
    { type: 'TICK', at: c.deadline + 3_600_000 },
    { type: 'REPEAT', at: 2 },
  ];
  // Delayed events as `after` raises them while an actor lives.
  const delayed = ['asking', 'offering', 'askingMore'].map((st) => ({ type: `xstate.after.inactivity.guidedHelp.session.${st}` }) as unknown as GuidedHelpEvent);
  const calls: GuidedHelpEvent[] = [
    ...['starting', 'resuming', 'session.stepping'].flatMap((st) => RESPONSES.map((r) => done(st, r))),
    ...['session.accepting', 'session.rejecting'].map((st) => done(st, undefined)),
    done('session.saving', { quickpickId: '9' }),
    ...['starting', 'resuming', 'session.stepping', 'session.accepting', 'session.rejecting', 'session.saving'].flatMap((st) => ERRORS.map((e) => error(st, e))),
  ];
  return [...customer, ...delayed, ...calls];
}

/** What the machine branches on, so equal-looking states are explored once. */
function serializeState(s: Snap): string {
  const c = s.context;
  return JSON.stringify({
    v: s.value,
    st: s.status,
    q: !!c.question,
    sol: c.solutions.map((x) => x.passed),
    off: !!c.offered,
    pref: c.preferQuestions,
    f: c.failures,
    rem: c.reminded,
    ses: c.session ? [c.session.live, c.session.closeOnAccept, c.session.closeOnReject] : null,
    txt: !!c.starting?.text,
  });
}

function allStateNodes(node: AnyStateNode = m.root as unknown as AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

const describeTransition = (t: AnyTransitionDefinition) => `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((x) => x.id).join(',') || '(self)'} [${t.guard ? (typeof t.guard === 'string' ? t.guard : JSON.stringify((t.guard as { type?: string; params?: unknown }).type ?? 'inline') + JSON.stringify((t.guard as { params?: unknown }).params ?? '')) : 'always'}]`;

describe('guided help machine: path coverage (xstate/graph)', function () {
  this.timeout(60_000);
  const options = { input, events: eventsFor, serializeState: (s: Snap) => serializeState(s), limit: 50_000 };
  const adjacency = getAdjacencyMap(m as unknown as AnyStateMachine, options as never) as unknown as Record<string, { state: Snap; transitions: Record<string, { event: GuidedHelpEvent }> }>;

  it('[B3] enters every state and takes every transition of the machine at least once', () => {
    const taken = new Set<AnyTransitionDefinition>();
    const entered = new Set<string>();
    for (const { state, transitions } of Object.values(adjacency)) {
      for (const { event } of Object.values(transitions)) {
        const actor = createActor(m, {
          input,
          snapshot: m.getPersistedSnapshot(state) as never,
          inspect: (ev) => {
            if (ev.type !== '@xstate.microstep') return;
            for (const t of ev._transitions) taken.add(t);
            for (const n of (ev.snapshot as unknown as { _nodes: { id: string }[] })._nodes) entered.add(n.id);
          },
        });
        actor.subscribe({ error: () => {} });
        actor.start();
        actor.send(event);
        actor.stop();
      }
    }
    const all = allStateNodes().flatMap((n) => [...n.transitions.values()].flat().concat(n.always ?? []));
    const missed = all.filter((t) => !taken.has(t)).map(describeTransition);
    expect(missed, 'transitions never taken').to.deep.equal([]);
    const states = allStateNodes().map((n) => n.id);
    // Transient states (`always`) are entered within a microstep: their transitions being taken proves it.
    const transient = allStateNodes().filter((n) => (n.always ?? []).length > 0).map((n) => n.id);
    expect(states.filter((id) => !entered.has(id) && !transient.includes(id)), 'states never entered').to.deep.equal([]);
    expect(all.length).to.be.greaterThan(60);
  });

  it('[B3] reaches each final state (solved, escalated, ended) by a shortest path from a new conversation', () => {
    const paths = getShortestPaths(m as unknown as AnyStateMachine, options as never) as unknown as { state: Snap; steps: { event: GuidedHelpEvent }[] }[];
    const finals = new Set(paths.filter((p) => p.state.status === 'done').map((p) => String(p.state.value)));
    expect([...finals].sort()).to.deep.equal(['ended', 'escalated', 'solved']);
    const solved = paths.find((p) => p.state.value === 'solved')!;
    expect(solved.steps.map((s) => s.event.type)).to.include('START');
  });
});
