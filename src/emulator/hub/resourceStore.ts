/**
 * In-memory store of one kind of setup resource (4.2), per tenant: a tenant sees only its own
 * resources, as on the platform where each tenant has its own configuration. Documents are
 * kept as sent (unknown fields included), with id, created and modified added.
 */
import { randomUUID } from 'node:crypto';

export interface StoredResource {
  id: string;
  tenant: string;
  created: string;
  modified: string;
  doc: Record<string, unknown>;
}

export class ResourceStore {
  private readonly items = new Map<string, StoredResource>();

  constructor(private readonly now: () => number) {}

  create(tenant: string, doc: Record<string, unknown>): StoredResource {
    const at = new Date(this.now()).toISOString();
    const r: StoredResource = { id: randomUUID(), tenant, created: at, modified: at, doc: stripStored(doc) };
    this.items.set(r.id, r);
    return r;
  }

  get(tenant: string, id: string): StoredResource | undefined {
    const r = this.items.get(id);
    return r && r.tenant === tenant ? r : undefined;
  }

  /** Any tenant's resource; for the emulator's own API, which has no tenant of its own. */
  find(id: string): StoredResource | undefined {
    return this.items.get(id);
  }

  /** Every tenant's resources; for the emulator's own API. */
  all(): StoredResource[] {
    return [...this.items.values()];
  }

  list(tenant: string): StoredResource[] {
    return [...this.items.values()].filter((r) => r.tenant === tenant);
  }

  /** PUT: the new document replaces the old one; id and created stay, modified moves on. */
  replace(tenant: string, id: string, doc: Record<string, unknown>): StoredResource | undefined {
    const r = this.get(tenant, id);
    if (!r) return undefined;
    r.doc = stripStored(doc);
    r.modified = new Date(Math.max(this.now(), Date.parse(r.modified) + 1)).toISOString();
    return r;
  }

  delete(tenant: string, id: string): boolean {
    return this.get(tenant, id) !== undefined && this.items.delete(id);
  }
}

/** The resource as GET answers it: the document with id, created, modified. */
export function viewOf(r: StoredResource): Record<string, unknown> {
  return { ...r.doc, id: r.id, created: r.created, modified: r.modified };
}

/** id, created and modified belong to the store, whatever a body says. */
function stripStored(doc: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, created: _c, modified: _m, ...rest } = doc;
  return rest;
}
