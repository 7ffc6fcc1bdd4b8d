/**
 * What a turn reads first, fetched by the Redis inbox in the same script as the claim of its
 * conversation: the claim is one round trip, and the reads at the turn's start would be one
 * each (the handover record, the conversation's state). The inbox reads the fields of hashes
 * whose keys it computes from the conversation id (the script learns which conversation it
 * claims only when it claims it); the store that owns the values decodes them. Values read under
 * the lease are what a read at the turn's start would give: the conversation's turns run one at
 * a time, and a write from elsewhere is still caught by the eTag of the turn's own write.
 */
export interface ClaimPrefetch {
  /**
   * The Redis keys (hashes) the turn of a conversation reads first. Each must contain the
   * conversation id once and share the inbox's hash slot (the tenant's hash tag).
   *
   * @param conversationId - the conversation
   */
  keysOf(conversationId: string): string[];
  /** The hash fields read from each key that holds a hash (a string is read whole). */
  readonly fields: readonly string[];
  /**
   * The values read with a claim, for the turn about to run.
   *
   * @param conversationId - the conversation claimed
   * @param rows - per key of `keysOf`, the fields' values of a hash (null: absent), or the one
   * value of a key that holds a string
   */
  primed(conversationId: string, rows: ReadonlyArray<ReadonlyArray<string | null>>): void;
  /**
   * The claim is over (completed, released, given up): values its turn did not read are dropped.
   *
   * @param conversationId - the conversation
   */
  done(conversationId: string): void;
}
