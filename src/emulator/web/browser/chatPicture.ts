/**
 * A picture the customer attaches in the web chat (N5), sent as a channel would send it: the
 * emulator's customer API declares the asset on the conversation (POST
 * /emulator/conversations/{id}/assets → a signed upload URL), the bytes go to that URL with the
 * declared type, and the message names the asset in its content, where the hub's bot reads it as
 * an attachment (src/adapter/customerAttachments.ts).
 */
import { fetchJson } from './dom.js';

/** How a message's content names an uploaded picture. */
export interface SentPicture {
  assetId: string;
  name: string;
  contentType: string;
}

/** Declares and uploads `file` on the conversation; resolves with what the message names. */
export async function uploadPicture(conversationId: string, file: File): Promise<SentPicture> {
  const contentType = file.type || 'application/octet-stream';
  const declared = await fetchJson<{ id: string; contentUrl: string }>(`/emulator/conversations/${encodeURIComponent(conversationId)}/assets`, {
    method: 'POST',
    json: { name: file.name, contentType, size: file.size },
  });
  const put = await fetch(declared.contentUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: file });
  if (!put.ok) throw new Error(`HTTP ${put.status}`);
  return { assetId: declared.id, name: file.name, contentType };
}

/**
 * The picture as a data: URL, to show it in the customer's own message (the page's
 * Content-Security-Policy allows data: images, not blob: ones).
 */
export function previewOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
