/**
 * The eTag conflict of a botbuilder `Storage` write: someone else wrote the item since it was
 * read. RedisStorage raises it as the project's one error type (409-102, whose text matches
 * botbuilder's MemoryStorage message), and `isETagConflict` also recognises the conflicts of
 * botbuilder's own storages, so code written against `Storage` can retry whatever backs it.
 */
import { PlatformError } from '../errors/platformError.js';

/**
 * The error a write raises when the item changed since it was read (409-102).
 *
 * @param key - the storage key that conflicted
 */
export function eTagConflict(key: string): PlatformError {
  return PlatformError.of('409-102', { key });
}

/**
 * Whether an error is an eTag conflict of a botbuilder Storage write: this package's (409-102) or
 * one of botbuilder's own storages. Code written against `Storage` can catch it, read again and
 * retry, whatever backs it.
 *
 * @param err - anything thrown by a `Storage.write`
 */
export function isETagConflict(err: unknown): boolean {
  if (err instanceof PlatformError) return err.code === '409-102';
  if (!(err instanceof Error)) return false;
  // MemoryStorage: plain Error "...due to eTag conflict."; Cosmos DB and Blob storage: HTTP 412.
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  return /eTag conflict/i.test(e.message) || e.code === 412 || e.statusCode === 412;
}
