/**
 * The content of a suggestion attachment (spec 4.3, "attachment details and content
 * download"), streamed to the caller with a size limit: a file larger than the limit is refused
 * before a byte is read when its size is known, and cut off (the stream fails) when it is not,
 * so a large or lying attachment never fills the bot's memory.
 *
 * Where the content lives is not shown; we read the details' signed `contentUrl` (assumed
 * shape, docs/platform-clients.md), else the link whose rel names the content.
 */
import { Transform, type Readable } from 'node:stream';
import { PlatformError } from '../../errors/platformError.js';
import type { Attachment } from '../../schemas/suggestionSchemas.js';
import type { PortalCaller } from './portalCaller.js';

/** Default limit: 25 MiB, the size of a large log file or a few photos. */
export const DEFAULT_ATTACHMENT_LIMIT_BYTES = 25 * 1024 * 1024;

export interface DownloadedAttachment {
  fileName?: string;
  contentType?: string;
  /** The size the platform declared, when it did. */
  size?: number;
  /** The bytes, streamed; fails with PlatformError 413-101 past the limit. */
  content: Readable;
}

/** The signed URL of an attachment's content, from its details. */
export function contentUrlOf(details: Attachment): string | undefined {
  const d = details as Attachment & { contentUrl?: unknown };
  if (typeof d.contentUrl === 'string' && d.contentUrl !== '') return d.contentUrl;
  const links = Array.isArray(details.link) ? details.link : details.link ? [details.link] : [];
  return links.find((l) => /content|download/i.test(l.rel ?? '') && l.href)?.href;
}

export async function downloadAttachment(caller: PortalCaller, details: Attachment, maxBytes = DEFAULT_ATTACHMENT_LIMIT_BYTES): Promise<DownloadedAttachment> {
  const name = details.fileName ?? `attachment ${details.id ?? ''}`.trim();
  const tooLarge = () => PlatformError.of('413-101', { name, limit: maxBytes });
  if (typeof details.size === 'number' && details.size > maxBytes) throw tooLarge();
  const url = contentUrlOf(details);
  if (!url) throw PlatformError.of('502-101', { operation: 'suggestions.attachments.get', reason: 'the details name no content URL' });
  const res = await caller.downloadSigned(url);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.data.destroy();
    throw tooLarge();
  }
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        res.data.destroy();
        done(tooLarge());
      } else done(null, chunk);
    },
  });
  res.data.on('error', (err) => limited.destroy(err));
  res.data.pipe(limited);
  return {
    ...(details.fileName ? { fileName: details.fileName } : {}),
    ...(res.headers['content-type'] ? { contentType: res.headers['content-type'] } : {}),
    ...(typeof details.size === 'number' ? { size: details.size } : {}),
    content: limited,
  };
}
