/**
 * Compares a presented secret with the expected one in constant time. Both sides are first
 * hashed to fixed-length SHA-256 digests, so neither the content nor the length of the
 * expected secret changes how long the comparison takes (timingSafeEqual alone refuses
 * inputs of different lengths, which would leak the length).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function secretsEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}
