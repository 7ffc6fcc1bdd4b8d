/**
 * Signed, expiring URLs for asset content (C6): the signature is an HMAC-SHA256 over the
 * asset id, the expiry and the HTTP method, so an upload URL cannot be used to download, a
 * URL cannot be moved to another asset, and an expired URL cannot be revived by editing it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PlatformError } from '../../errors/platformError.js';
import { EMULATOR_API } from '../hub/hubPaths.js';

export const BLOB_PATH = `${EMULATOR_API}/blobs`;

function signature(key: Buffer, assetId: string, expires: number, method: string): string {
  return createHmac('sha256', key).update(`${assetId}\n${expires}\n${method.toUpperCase()}`).digest('base64url');
}

export function signedUrl(base: string, key: Buffer, assetId: string, method: 'PUT' | 'GET' | 'POST', expires: number): string {
  const q = new URLSearchParams({ method, expires: String(expires), signature: signature(key, assetId, expires, method) });
  return `${base}${BLOB_PATH}/${encodeURIComponent(assetId)}?${q}`;
}

/** Refuses (403-198) a request whose signature is missing, wrong, for another method, or expired. */
export function verifySignedRequest(key: Buffer, assetId: string, method: string, query: URLSearchParams, now: number): void {
  const expires = Number(query.get('expires'));
  const given = Buffer.from(query.get('signature') ?? '');
  const expected = Buffer.from(signature(key, assetId, expires, method));
  const valid = query.get('method')?.toUpperCase() === method.toUpperCase() && given.length === expected.length && timingSafeEqual(given, expected);
  if (!valid) throw PlatformError.of('403-198', { reason: 'the signed URL is invalid for this asset and method' });
  if (!(now < expires)) throw PlatformError.of('403-198', { reason: 'the signed URL has expired' });
}
