/**
 * Assets of the conversation manager (spec 4.2, C6): create declares a content type and a
 * size and answers a signed upload contentUrl; the upload must use exactly that type and size;
 * get answers a signed download contentUrl; an asset used in a message cannot be deleted.
 *
 * The signed URLs point at storage, not at the API base. They still go through the one HTTP
 * core (RequestSpec.signedUrl), which sends them without a bearer token and outside the
 * platform's rate buckets.
 */
import { PlatformError } from '../../errors/platformError.js';
import type { HttpCore } from '../http/types.js';
import type { CallOptions, ConversationCall } from './resourceClient.js';
import { parseResponseBody } from '../http/parseResponseBody.js';
import { describeIssues } from '../../schemas/describeIssues.js';
import { assetDeclarationSchema, assetSchema, type Asset, type AssetDeclaration } from '../../schemas/resourceSchemas.js';

export interface DownloadedAsset {
  bytes: Buffer;
  contentType?: string;
}

/** Names the signed-URL calls in the core's logs and metrics; they are not API paths. */
const SIGNED_UPLOAD = '/assets/{id}/signed-upload';
const SIGNED_DOWNLOAD = '/assets/{id}/signed-download';

export class AssetClient {
  constructor(
    private readonly call: ConversationCall,
    private readonly core: HttpCore,
  ) {}

  /** POST /assets declaring content type and size: answers the asset with its signed upload contentUrl. */
  async create(declaration: AssetDeclaration, options?: CallOptions): Promise<Asset> {
    const parsed = assetDeclarationSchema.safeParse(declaration);
    if (!parsed.success) throw PlatformError.of('400-101', { reason: `assets.create: ${describeIssues(parsed.error.issues)}` });
    const res = await this.call('assets.create', { body: parsed.data, options });
    return parseResponseBody(assetSchema, res.data, 'assets.create', res.notes);
  }

  /**
   * PUTs the bytes to a signed upload URL with exactly the declared content type and size.
   * Bytes of another length are refused before any network call: the platform would refuse
   * them anyway, after the transfer.
   */
  async upload(contentUrl: string, bytes: Uint8Array, declared: { contentType: string; size: number }): Promise<void> {
    if (bytes.byteLength !== declared.size) {
      throw PlatformError.of('400-101', { reason: `upload of ${bytes.byteLength} bytes for an asset declared with size ${declared.size}` });
    }
    await this.core.request({
      method: 'PUT',
      service: 'conversationmgr',
      path: SIGNED_UPLOAD,
      template: SIGNED_UPLOAD,
      signedUrl: contentUrl,
      headers: { 'content-type': declared.contentType },
      body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
  }

  /** Create then upload, declaring the bytes' own length: the usual way to attach a file. */
  async createAndUpload(bytes: Uint8Array, contentType: string, opts: { name?: string; options?: CallOptions } = {}): Promise<Asset> {
    const declared = { contentType, size: bytes.byteLength, ...(opts.name === undefined ? {} : { name: opts.name }) };
    const asset = await this.create(declared, opts.options);
    await this.upload(asset.contentUrl, bytes, declared);
    return asset;
  }

  /** GET /assets/{id}: the asset with its signed download contentUrl. */
  async get(id: string, options?: CallOptions): Promise<Asset> {
    const res = await this.call('assets.get', { id, options });
    return parseResponseBody(assetSchema, res.data, 'assets.get', res.notes);
  }

  /** GET /assets/{id}, then the bytes from its signed download URL. */
  async download(id: string, options?: CallOptions): Promise<DownloadedAsset> {
    const asset = await this.get(id, options);
    return this.downloadFrom(asset.contentUrl);
  }

  /** The bytes behind a signed download URL. */
  async downloadFrom(contentUrl: string): Promise<DownloadedAsset> {
    const res = await this.core.request<Buffer>({
      method: 'GET',
      service: 'conversationmgr',
      path: SIGNED_DOWNLOAD,
      template: SIGNED_DOWNLOAD,
      signedUrl: contentUrl,
      responseType: 'bytes',
    });
    const contentType = res.headers['content-type'];
    return contentType === undefined ? { bytes: res.data } : { bytes: res.data, contentType };
  }

  /** DELETE /assets/{id}; refused by the platform once the asset is used in a message (C4). */
  async delete(id: string, options?: CallOptions): Promise<void> {
    await this.call('assets.delete', { id, options });
  }
}
