/**
 * Signed uploads for suggestion attachments. The upload operation is "not shown" (4.3); the
 * project assumes `POST /portals/{portalID}/suggestions/attachments/uploadurl` with
 * `{fileName, contentType, size}` answering `{contentUrl, altId}` (the portal client makes the
 * same assumption). The bytes are PUT to contentUrl with exactly the declared type and size;
 * the altId then goes into a suggestion's `attachments.attachment[]`. Content is downloaded
 * through a signed GET URL. URLs are signed like the hub's asset URLs (same HMAC scheme).
 */
import { randomUUID } from 'node:crypto';
import { signedUrl, verifySignedRequest } from '../../assets/signedUrl.js';
import { EMULATOR_API } from '../../hub/hubPaths.js';

export const UPLOAD_PATH = `${EMULATOR_API}/portal/uploads`;
/** The vendor's signed upload path (F1), beside the portal manager's preupload operation. */
export const PREUPLOAD_TEMPLATE = '/attachment/preupload';
export const VENDOR_UPLOAD_TEMPLATE = '/attachment/upload';
/** The portal of a preupload: the vendor's path names none, so it may be linked on any portal of the tenant. */
export const ANY_PORTAL = '*';

export interface Upload {
  altId: string;
  tenant: string;
  portalId: string;
  ownerId: string;
  fileName: string;
  contentType: string;
  size: number;
  data?: Buffer;
  /** Once linked to a suggestion an upload cannot be linked again. */
  linkedTo?: string;
}

export class AttachmentUploads {
  private readonly uploads = new Map<string, Upload>();

  constructor(
    private readonly key: Buffer,
    private readonly ttlMs: number,
  ) {}

  create(u: Omit<Upload, 'altId'>): Upload {
    const rec = { ...u, altId: randomUUID() };
    this.uploads.set(rec.altId, rec);
    return rec;
  }

  get(altId: string): Upload | undefined {
    return this.uploads.get(altId);
  }

  /** A signed URL for the upload (PUT) or the download (GET) of `altId`, on the emulator's own path. */
  url(base: string, altId: string, method: 'PUT' | 'GET', now: number): string {
    const signed = new URL(signedUrl(base, this.key, altId, method, now + this.ttlMs));
    return `${base}${UPLOAD_PATH}/${encodeURIComponent(altId)}${signed.search}`;
  }

  /**
   * The vendor's form of the signed URL (F1): `{portalBase}/attachment/upload?altId=...&signature=...`,
   * for a POST of the bytes.
   */
  vendorUrl(portalBase: string, altId: string, now: number): string {
    const signed = new URL(signedUrl(portalBase, this.key, altId, 'POST', now + this.ttlMs));
    signed.searchParams.set('altId', altId);
    return `${portalBase}${VENDOR_UPLOAD_TEMPLATE}?${signed.searchParams}`;
  }

  /** 403-198 unless the query signs this altId for this method and has not expired. */
  verify(altId: string, method: string, query: URLSearchParams, now: number): void {
    verifySignedRequest(this.key, altId, method, query, now);
  }
}
