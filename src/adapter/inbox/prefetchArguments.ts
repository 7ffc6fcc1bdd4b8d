/**
 * The arguments of the inbox scripts' read-ahead (PREFETCH in redisInboxScripts.ts): the keys a
 * claimed conversation's turn reads first, as the text before and after the conversation id,
 * since the claim script learns the conversation only when it claims it.
 */
import type { ClaimPrefetch } from '../../redis/claimPrefetch.js';
import { hashSlot } from '../../redis/hashSlot.js';

const MARKER = '\u0001conversation\u0001';

/**
 * The script arguments for `prefetch`, checked once: each key names the conversation once and
 * lies in `slotKey`'s hash slot whatever the conversation (its hash tag comes before the id).
 *
 * @param prefetch - what to read ahead; none gives the arguments that read nothing
 * @param slotKey - a key of the inbox, whose slot the keys must share
 * @throws RangeError when a key does not fit
 */
export function prefetchArguments(prefetch: ClaimPrefetch | undefined, slotKey: string): string[] {
  if (!prefetch) return ['0'];
  const keys = prefetch.keysOf(MARKER);
  const args = [String(keys.length)];
  for (const key of keys) {
    const parts = key.split(MARKER);
    if (parts.length !== 2) throw new RangeError(`a key read ahead must name the conversation once: ${key.replaceAll(MARKER, '<conversation>')}`);
    const [before, after] = parts as [string, string];
    const slot = hashSlot(slotKey);
    if (hashSlot(`${before}a${after}`) !== slot || hashSlot(`${before}b${after}`) !== slot) {
      throw new RangeError(`a key read ahead must share the inbox's hash slot: ${before}<conversation>${after}`);
    }
    args.push(before, after);
  }
  return [...args, String(prefetch.fields.length), ...prefetch.fields];
}

/**
 * Hands the rows a script read ahead to the prefetch (a reply without them reads nothing).
 *
 * @param prefetch - what was read ahead
 * @param conversationId - the conversation claimed
 * @param rows - the script's rows, as the client gave them
 */
export function primeFrom(prefetch: ClaimPrefetch | undefined, conversationId: string, rows: unknown): void {
  if (!prefetch || !Array.isArray(rows) || rows.length === 0) return;
  prefetch.primed(conversationId, rows.map((row) => (Array.isArray(row) ? row.map((v) => (typeof v === 'string' ? v : null)) : [])));
}
