/**
 * Runs one turn of a conversation's guided-help dialog: restore the machine from Storage (or
 * start one), send it the event, wait until it is stable again (waiting for the customer, or
 * finished), persist the new snapshot, and return what it emitted. Nothing stays in memory
 * between turns, so the next turn may run on another replica or after a restart (B5).
 *
 * A turn that is delivered twice (the inbox runs it again when its replica died before
 * completing it) is recognised by the inbound activity id recorded in the snapshot: it is not
 * applied again, and no portal call is repeated; the current prompt is sent again instead, in
 * case the first replies were lost. A snapshot of another machine version is dropped and the
 * dialog starts over (the bot says so).
 */
import type { Storage } from 'botbuilder-core';
import { createActor, waitFor, type Snapshot, type SnapshotFrom } from 'xstate';
import { guidedHelpActors } from './guidedHelpActors.js';
import { decisionOf, endDue } from './guidedHelpLogic.js';
import { createGuidedHelpMachine, GUIDED_HELP_MACHINE_VERSION, type GuidedHelpMachine } from './guidedHelpMachine.js';
import type { GuidedHelpPortal } from './guidedHelpPortal.js';
import { GuidedHelpStore, type StoredDialog } from './guidedHelpStore.js';
import { asksForPerson } from './personRequest.js';
import { DEFAULT_GUIDED_HELP_SETTINGS, type GuidedHelpEvent, type GuidedHelpInput, type GuidedHelpOutput, type GuidedHelpSettings } from './guidedHelpTypes.js';

export interface GuidedHelpDialogOptions {
  storage: Storage;
  /** The machine to run, its actors provided; or `portal`, to run the default machine over it. */
  machine?: GuidedHelpMachine;
  portal?: GuidedHelpPortal;
  settings?: Partial<GuidedHelpSettings>;
  /** Stored beside each snapshot; default GUIDED_HELP_MACHINE_VERSION. */
  version?: number;
  /** First part of the storage keys; default `guidedHelp`. */
  namespace?: string;
  /** Longest wait for the machine to become stable in one turn; default 120 s. */
  turnTimeoutMs?: number;
}

export type DialogStatus = 'none' | 'active' | 'done';

export interface DialogState {
  status: DialogStatus;
  deadline?: number;
  /** The conversation's language the dialog runs in (the portal's Accept-Language). */
  lang?: string;
  /** The inactivity end is due: send a TICK before anything else. */
  expired: boolean;
}

export interface GuidedHelpTurn {
  outputs: GuidedHelpOutput[];
  status: DialogStatus;
  /** When the dialog is active: when its inactivity deadline falls (ms since epoch). */
  deadline?: number;
  /** The event's activity was already applied: nothing was done again. */
  duplicate: boolean;
  /** A snapshot of another machine version was dropped before this turn. */
  versionChanged: boolean;
}

/** A snapshot as persisted (plain JSON): its value and context, not the methods of a live one. */
type MachineSnapshot = SnapshotFrom<GuidedHelpMachine>;

function inOffering(s: MachineSnapshot | undefined): boolean {
  const v = s?.value as unknown;
  return typeof v === 'object' && v !== null && (v as Record<string, unknown>).session === 'offering';
}

export class GuidedHelpDialog {
  readonly store: GuidedHelpStore;
  private readonly machine: GuidedHelpMachine;
  private readonly version: number;
  private readonly turnTimeoutMs: number;
  private readonly settings: GuidedHelpSettings;

  constructor(opts: GuidedHelpDialogOptions) {
    if (!opts.machine && !opts.portal) throw new TypeError('GuidedHelpDialog needs a machine or a portal');
    this.store = new GuidedHelpStore(opts.storage, opts.namespace);
    this.settings = { ...DEFAULT_GUIDED_HELP_SETTINGS, ...opts.settings };
    this.machine = opts.machine ?? createGuidedHelpMachine(this.settings).provide({ actors: guidedHelpActors(opts.portal!) });
    this.version = opts.version ?? GUIDED_HELP_MACHINE_VERSION;
    this.turnTimeoutMs = opts.turnTimeoutMs ?? 120_000;
  }

  /**
   * The dialog of a conversation: none, waiting for the customer, or finished; its language;
   * and, given the time, whether its inactivity end is already due (a replica restarted and
   * no timer fired): the bot then ends it before treating the customer's new message.
   */
  async status(conversationId: string, at?: number): Promise<DialogState> {
    const rec = await this.store.read(conversationId);
    if (!rec || rec.version !== this.version) return { status: 'none', expired: false };
    const s = rec.snapshot as MachineSnapshot;
    const d = describe(s);
    const expired = d.status === 'active' && at !== undefined && endDue(s.context, at, this.settings);
    return { ...d, lang: s.context.lang, expired };
  }

  async reset(conversationId: string): Promise<void> {
    await this.store.delete(conversationId);
  }

  async handle(conversationId: string, said: GuidedHelpEvent, input: Omit<GuidedHelpInput, 'conversationId'>): Promise<GuidedHelpTurn> {
    // Asking for a person in one's own words is the agent request, at any step, a question
    // waiting for a number included (H5): never read as a wrong answer.
    const event: GuidedHelpEvent = said.type === 'TEXT' && asksForPerson(said.text) ? { type: 'AGENT', at: said.at, ...(said.activityId ? { activityId: said.activityId } : {}) } : said;
    let rec = await this.store.read(conversationId);
    let versionChanged = false;
    if (rec && rec.version !== this.version) {
      versionChanged = true;
      await this.store.delete(conversationId);
      rec = undefined;
    }
    const stored = rec?.snapshot as MachineSnapshot | undefined;
    const activityId = 'activityId' in event ? event.activityId : undefined;
    if (stored && activityId && stored.context.lastActivityId === activityId) return this.repeat(stored, event.at);

    // A finished dialog is not continued: the next customer event starts a new one.
    const snapshot = stored?.status === 'active' ? stored : undefined;
    if (!snapshot && (event.type === 'TICK' || event.type === 'REPEAT')) return { outputs: [], status: stored ? 'done' : 'none', duplicate: false, versionChanged };

    let eTag = rec?.eTag;
    let sent = event;
    const decision = decisionOf(inOffering(snapshot), event, snapshot?.context.lang);
    if (decision && activityId) {
      if (rec?.inFlight?.activityId === activityId) sent = { ...event, replay: true } as GuidedHelpEvent;
      else eTag = await this.store.writeAndReread(conversationId, { version: this.version, snapshot: rec!.snapshot, inFlight: { activityId, decision }, eTag });
    }

    const { outputs, after } = await this.run(snapshot, sent, { ...input, conversationId });
    const record: StoredDialog = { version: this.version, snapshot: after, eTag };
    await this.store.write(conversationId, record);
    return { outputs, ...describe(after as MachineSnapshot), duplicate: false, versionChanged };
  }

  /** The same activity again: its effects are already stored; only the prompt is said again. */
  private async repeat(stored: MachineSnapshot, at: number): Promise<GuidedHelpTurn> {
    if (stored.status !== 'active') return { outputs: [], status: 'done', duplicate: true, versionChanged: false };
    const { outputs } = await this.run(stored, { type: 'REPEAT', at }, { conversationId: stored.context.conversationId, lang: stored.context.lang });
    return { outputs, ...describe(stored), duplicate: true, versionChanged: false };
  }

  private async run(snapshot: MachineSnapshot | undefined, event: GuidedHelpEvent, input: GuidedHelpInput) {
    const actor = snapshot ? createActor(this.machine, { snapshot, input }) : createActor(this.machine, { input: { ...input, at: event.at } });
    const outputs: GuidedHelpOutput[] = [];
    actor.on('*', (e) => outputs.push(e));
    actor.start();
    try {
      actor.send(event);
      await waitFor(actor, (s) => s.status !== 'active' || s.hasTag('stable'), { timeout: this.turnTimeoutMs });
      return { outputs, after: actor.getPersistedSnapshot() as Snapshot<unknown> };
    } finally {
      actor.stop();
    }
  }
}

function describe(s: MachineSnapshot): { status: DialogStatus; deadline?: number } {
  if (s.status !== 'active') return { status: 'done' };
  if (s.value === 'idle') return { status: 'none' };
  return { status: 'active', deadline: s.context.deadline };
}
