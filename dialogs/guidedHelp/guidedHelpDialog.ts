// The guided-help dialog (documented on the class).
import type { Storage } from 'botbuilder-core';
import { createActor, waitFor, type Snapshot, type SnapshotFrom } from 'xstate';
import { guidedHelpActors } from './guidedHelpActors.js';
import { decisionOf, endDue } from './guidedHelpLogic.js';
import { createGuidedHelpMachine, GUIDED_HELP_MACHINE_VERSION, type GuidedHelpMachine } from './guidedHelpMachine.js';
import type { GuidedHelpPortal } from './guidedHelpPortal.js';
import { GuidedHelpStore, type StoredDialog } from './guidedHelpStore.js';
import { asksForPerson } from './personRequest.js';
import { DEFAULT_GUIDED_HELP_SETTINGS, type GuidedHelpEvent, type GuidedHelpInput, type GuidedHelpOutput, type GuidedHelpSettings } from './guidedHelpTypes.js';

/**
 * What a `GuidedHelpDialog` is built with: where its state lives, and the portal (or a machine of
 * your own).
 */
export interface GuidedHelpDialogOptions {
  /**
   * Where each conversation's dialog is kept: the bot's Storage, so any replica takes the next
   * turn.
   */
  storage: Storage;
  /** The machine to run, its actors provided; or `portal`, to run the default machine over it. */
  machine?: GuidedHelpMachine;
  /** The portal the default machine runs over. */
  portal?: GuidedHelpPortal;
  /** Timing and patience, over the defaults. */
  settings?: Partial<GuidedHelpSettings>;
  /** Stored beside each snapshot; default GUIDED_HELP_MACHINE_VERSION. */
  version?: number;
  /** First part of the storage keys; default `guidedHelp`. */
  namespace?: string;
  /** Longest wait for the machine to become stable in one turn; default 120 s. */
  turnTimeoutMs?: number;
}

/** Where a conversation's dialog stands: none, waiting for the customer, or finished. */
export type DialogStatus = 'none' | 'active' | 'done';

/** A conversation's dialog as `status` reports it. */
export interface DialogState {
  /** Where the dialog stands. */
  status: DialogStatus;
  /** When its inactivity reminder or end is due, in ms since the epoch. */
  deadline?: number;
  /** The conversation's language the dialog runs in (the portal's Accept-Language). */
  lang?: string;
  /** The inactivity end is due: send a TICK before anything else. */
  expired: boolean;
  /** The customer message the dialog last took (its activity id): a turn run again for it is not a new message. */
  lastActivityId?: string;
}

/** What one turn of the dialog produced. */
export interface GuidedHelpTurn {
  /** What to say, in order (the renderer turns them into activities). */
  outputs: GuidedHelpOutput[];
  /** Where the dialog stands after the turn. */
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
export class GuidedHelpDialog {
  /** Where the dialogs are kept, for a bot that reads or clears them. */
  readonly store: GuidedHelpStore;
  private readonly machine: GuidedHelpMachine;
  private readonly version: number;
  private readonly turnTimeoutMs: number;
  private readonly settings: GuidedHelpSettings;

  /** @param opts - the storage, the portal or machine, settings, key namespace and turn timeout */
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
    *
    * @param conversationId - the conversation
    * @param at - the time to judge the deadline by; default now
    */
  async status(conversationId: string, at?: number): Promise<DialogState> {
    const rec = await this.store.read(conversationId);
    if (!rec || rec.version !== this.version) return { status: 'none', expired: false };
    const s = rec.snapshot as MachineSnapshot;
    const d = describe(s);
    const expired = d.status === 'active' && at !== undefined && endDue(s.context, at, this.settings);
    return { ...d, lang: s.context.lang, expired, ...(s.context.lastActivityId ? { lastActivityId: s.context.lastActivityId } : {}) };
  }

  /**
   * Forgets a conversation's dialog (the customer restarts, or the conversation ended).
   *
   * @param conversationId - the conversation
   */
  async reset(conversationId: string): Promise<void> {
    await this.store.delete(conversationId);
  }

  /**
   * Runs one turn of a conversation's dialog: restores it (or starts one), applies the event, waits
   * until it is stable, stores it, and returns what to say. A turn run twice is recognised and not
   * applied again.
   *
   * @param conversationId - the conversation
   * @param said - what happened
   * @param input - the conversation's language and profile, and the time
   * @returns the outputs and the dialog's status
   * @throws PlatformError 409-102 (an eTag conflict) when another replica changed the dialog
   * meanwhile
   */
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
