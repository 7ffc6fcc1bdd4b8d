/**
 * Assets of the emulated hub: what was declared (content type, size, unknown fields kept),
 * the uploaded bytes, and the first message that used the asset, which from then on forbids
 * its deletion (spec 3.4, C4). A message uses an asset when its content names the asset's id
 * in an `assetId` field, at any depth (`content.assetId`, `content.attachments[].assetId`):
 * the message shape is assumed (2.4).
 */
import { randomUUID } from 'node:crypto';

export interface StoredAsset {
  id: string;
  tenant: string;
  contentType: string;
  size: number;
  created: string;
  doc: Record<string, unknown>;
  data?: Buffer;
  uploaded?: string;
  /** The id of the first message that used the asset. */
  usedBy?: string;
}

export class AssetStore {
  private readonly assets = new Map<string, StoredAsset>();

  constructor(private readonly now: () => number) {}

  create(tenant: string, decl: { contentType: string; size: number } & Record<string, unknown>): StoredAsset {
    const a: StoredAsset = { id: randomUUID(), tenant, contentType: decl.contentType, size: decl.size, created: new Date(this.now()).toISOString(), doc: decl };
    this.assets.set(a.id, a);
    return a;
  }

  get(tenant: string, id: string): StoredAsset | undefined {
    const a = this.assets.get(id);
    return a && a.tenant === tenant ? a : undefined;
  }

  /** For the signed URLs, which carry no tenant: the signature is the authority. */
  find(id: string): StoredAsset | undefined {
    return this.assets.get(id);
  }

  delete(id: string): void {
    this.assets.delete(id);
  }

  /** Marks the tenant's assets named in `content` as used by `messageId`. */
  markUsed(tenant: string, content: unknown, messageId: string): void {
    for (const id of assetIdsIn(content)) {
      const a = this.get(tenant, id);
      if (a && a.usedBy === undefined) a.usedBy = messageId;
    }
  }
}

export function assetIdsIn(content: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, inner] of Object.entries(v)) {
      if (k === 'assetId' && typeof inner === 'string') out.push(inner);
      else walk(inner);
    }
  };
  walk(content);
  return out;
}
