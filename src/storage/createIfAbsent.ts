/**
 * Create-if-absent, asked for explicitly (T9 of docs/platform-contract.md).
 *
 * botbuilder's Storage contract (N1) lets a write without an eTag overwrite whatever is stored,
 * so code that read nothing and must not clobber an item another writer created meanwhile (the
 * guided-help dialog's first write, the conversation-reference index) says so with this eTag.
 * It is an eTag no stored item ever carries, so every storage that honours eTags the way
 * botbuilder's MemoryStorage does treats it right without knowing it: when nothing is stored the
 * write goes through (a missing item is written whatever eTag the change carries), when
 * something is stored the eTags differ and the write is refused with an eTag conflict. Our
 * storages recognise it and check it in the same step as the write.
 */
export const CREATE_IF_ABSENT_ETAG = 'hubbot:create-if-absent';

/** `item` with the eTag it was read with, or, when it was read as absent, create-if-absent. */
export function withReadETag<T extends object>(item: T, readETag: string | undefined): T & { eTag: string } {
  return { ...item, eTag: readETag ?? CREATE_IF_ABSENT_ETAG };
}
