/**
 * Article suggestions of the emulated portal. Their shape is not shown (2.4); ours follows
 * the assumed shapes of docs/platform-contract.md. Status values: suggested, pending, declined, approved (3). A new
 * suggestion is `pending` (the state in which its author may still modify it, 3.1); a
 * knowledge author moves it on through the emulator's admin API. Attachments are uploaded
 * first to a signed URL and referenced by the altId it returned (P8).
 */
import type { SuggestionStatus } from '../../../schemas/suggestionSchemas.js';

export interface StoredAttachment {
  id: string;
  altId: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface StoredComment {
  id: string;
  content: string;
  createdBy: { id: string; kind: string };
  createdDate: string;
}

export interface StoredSuggestion {
  id: string;
  tenant: string;
  portalId: string;
  owner: { kind: 'user' | 'customer'; id: string };
  name: string;
  description?: string;
  content: string;
  language: { code: string };
  feedbackArticle?: { id: string };
  customAttributes: unknown[];
  attachments: StoredAttachment[];
  comments: StoredComment[];
  relatedArticles: { id: string; name: string }[];
  status: SuggestionStatus;
  created: string;
  modifiedDate: string;
  modifiedBy: { id: string; kind: string };
  /** The article made from it once approved. */
  articleId?: string;
}

export const STATUS_DISPLAY: Record<SuggestionStatus, string> = { suggested: 'Suggested', pending: 'Pending', declined: 'Declined', approved: 'Approved' };

export class SuggestionStore {
  private readonly items = new Map<string, StoredSuggestion>();
  private nextId = 50001;
  private nextSubId = 70001;

  newSubId(): string {
    return String(this.nextSubId++);
  }

  add(s: Omit<StoredSuggestion, 'id'>): StoredSuggestion {
    const rec = { ...s, id: String(this.nextId++) };
    this.items.set(rec.id, rec);
    return rec;
  }

  get(tenant: string, portalId: string, id: string): StoredSuggestion | undefined {
    const s = this.items.get(id);
    return s && s.tenant === tenant && s.portalId === portalId ? s : undefined;
  }

  /** Any tenant's suggestion (admin API). */
  find(id: string): StoredSuggestion | undefined {
    return this.items.get(id);
  }

  delete(id: string): void {
    this.items.delete(id);
  }

  list(filter: (s: StoredSuggestion) => boolean): StoredSuggestion[] {
    return [...this.items.values()].filter(filter);
  }

  attachment(tenant: string, portalId: string, attachmentId: string): { suggestion: StoredSuggestion; attachment: StoredAttachment } | undefined {
    for (const s of this.items.values()) {
      if (s.tenant !== tenant || s.portalId !== portalId) continue;
      const a = s.attachments.find((x) => x.id === attachmentId);
      if (a) return { suggestion: s, attachment: a };
    }
    return undefined;
  }
}
