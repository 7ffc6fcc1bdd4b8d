// Where a conversation's guided-help dialog lives between turns (documented on the class).
import type { Storage } from 'botbuilder-core';
import type { Snapshot } from 'xstate';
import { withReadETag } from '../../src/storage/createIfAbsent.js';
import { pathSegment } from '../../src/platform/http/pathSegment.js';

/** A conversation's dialog as stored: the machine's snapshot and the version it was taken with. */
export interface StoredDialog {
  /** The machine version the snapshot was taken with; another version starts afresh. */
  version: number;
  /** The state machine's persisted snapshot. */
  snapshot: Snapshot<unknown>;
  /**
   * Set before a call that must not be repeated (accepting or rejecting a solution), cleared
   * after.
   */
  inFlight?: { activityId: string; decision: 'accept' | 'reject' };
  /** The storage eTag read with it, which the next write must match. */
  eTag?: string;
}

/**
 * Where a conversation's guided-help dialog lives between turns: one item per conversation in
 * any botbuilder `Storage` (MemoryStorage embedded, RedisStorage across replicas), holding the
 * machine's persisted snapshot and the machine version it was taken with. Writes carry the
 * eTag read at the start of the turn, so two replicas can never both apply a turn to the same
 * state (the second write fails with an eTag conflict).
 *
 * `inFlight` is written BEFORE a call that is not safe to repeat (accepting or rejecting a
 * solution adds to its score): if the replica dies after the call but before the new snapshot
 * is written, the turn that runs again sees the marker and does not call a second time.
 */
export class GuidedHelpStore {
  /**
   * @param storage - any botbuilder Storage (the bot's own)
   * @param namespace - the first part of every key; default `guidedHelp`
   */
  constructor(
    private readonly storage: Storage,
    private readonly namespace = 'guidedHelp',
  ) {}

  /**
   * The storage key of a conversation's dialog.
   *
   * @param conversationId - the conversation
   */
  keyOf(conversationId: string): string {
    return `${this.namespace}/${pathSegment(conversationId)}`;
  }

  /**
   * Reads a conversation's dialog, with its eTag.
   *
   * @param conversationId - the conversation
   * @returns undefined when the conversation has no dialog
   */
  async read(conversationId: string): Promise<StoredDialog | undefined> {
    const key = this.keyOf(conversationId);
    const items = await this.storage.read([key]);
    return items[key] as StoredDialog | undefined;
  }

  /**
   * Writes `record`; refused with an eTag conflict when the item changed since `record.eTag` was
   * read. A record read as absent is written create-if-absent, asked for explicitly (T9): a
   * write without an eTag would overwrite (botbuilder's Storage contract, N1), so two first
   * turns racing could both win; this way the loser gets an eTag conflict and is retried from
   * the inbox. Works on any storage that honours eTags as botbuilder's MemoryStorage does.
   */
  async write(conversationId: string, record: StoredDialog): Promise<void> {
    const { eTag, ...fields } = record;
    await this.storage.write({ [this.keyOf(conversationId)]: withReadETag(fields, eTag) });
  }

  /** Writes `record` and returns the item's new eTag, for a second write in the same turn. */
  async writeAndReread(conversationId: string, record: StoredDialog): Promise<string | undefined> {
    await this.write(conversationId, record);
    return (await this.read(conversationId))?.eTag;
  }

  /**
   * Deletes a conversation's dialog (it ended or restarted).
   *
   * @param conversationId - the conversation
   */
  async delete(conversationId: string): Promise<void> {
    await this.storage.delete([this.keyOf(conversationId)]);
  }
}
