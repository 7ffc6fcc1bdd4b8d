/**
 * A customer's files on the hub, as botbuilder attachments (N5 of docs/platform-contract.md).
 * The contract does not show how a message names its assets; we assume (as the emulator does
 * when it marks assets used, C4) that each is an object of the content carrying an `assetId`,
 * with, when the hub gives them, its `name` (or `fileName`), `contentType` and a signed
 * `contentUrl`. Read leniently: any object with a text `assetId`, at any depth of the content.
 *
 * The attachment's contentUrl is the asset's resource on the conversation manager (GET it with
 * the bot's token for a signed download URL), unless the message carried a signed URL of its
 * own; `content.assetId` names it for `assets.download(assetId)` of the platform connection.
 */
import { pathSegment } from '../platform/http/pathSegment.js';
import type { HubMessage } from '../schemas/hubMessages.js';

export interface CustomerAttachment {
  contentType: string;
  name: string;
  contentUrl: string;
  content: { assetId: string };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * Whether `content` may name an asset: an `assetId` of its own, or anything nested. Most messages
 * carry text only, and need no walk (nor its map and closure, per message).
 */
function mayNameAssets(content: unknown): boolean {
  if (content === null || typeof content !== 'object') return false;
  if (Array.isArray(content)) return true;
  const node = content as Record<string, unknown>;
  if (node.assetId !== undefined) return true;
  for (const k in node) {
    const v = node[k];
    if (v !== null && typeof v === 'object') return true;
  }
  return false;
}

/** The attachments of a message's assets; `serviceUrl` is the platform's base URL. */
export function attachmentsOfHubMessage(message: HubMessage, serviceUrl: string): CustomerAttachment[] {
  if (!mayNameAssets(message.content)) return [];
  const found = new Map<string, CustomerAttachment>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    const assetId = text(node.assetId);
    if (assetId && !found.has(assetId)) {
      found.set(assetId, {
        contentType: text(node.contentType) ?? 'application/octet-stream',
        name: text(node.name) ?? text(node.fileName) ?? assetId,
        contentUrl: text(node.contentUrl) ?? `${serviceUrl.replace(/\/+$/, '')}/conversation/conversationmgr/v3/assets/${pathSegment(assetId)}`,
        content: { assetId },
      });
      return;
    }
    for (const inner of Object.values(node)) walk(inner);
  };
  walk(message.content);
  return [...found.values()];
}
