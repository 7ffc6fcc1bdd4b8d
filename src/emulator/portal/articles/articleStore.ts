/**
 * The knowledge articles, article types and installation names behind the portal, as far as
 * knowledge events need them (spec 6): each change raises its event kind. Articles come from
 * approved suggestions or from the admin API; the sample casebases' articles (KB-10001...)
 * are referenced by id only and are not kept here.
 */
import type { KnowledgeEvents } from '../../events/knowledgeEvents.js';

export interface StoredArticle {
  articleId: string;
  tenant: string;
  title: string;
  locale: string;
  folderId: string;
  availabilityDate?: string;
  expirationDate?: string;
  fromSuggestion?: string;
}

export interface StoredArticleType {
  articleTypeId: string;
  tenant: string;
  typeName: string;
}

export class ArticleStore {
  private readonly articles = new Map<string, StoredArticle>();
  private readonly types = new Map<string, StoredArticleType>();
  private readonly installations = new Map<string, { tenant: string; installationName: string }>();
  private nextArticle = 30001;
  private nextType = 101;

  constructor(private readonly events: () => KnowledgeEvents) {}

  private ref(a: StoredArticle): Record<string, unknown> {
    return { articleId: a.articleId, title: a.title, locale: a.locale, folderId: a.folderId };
  }

  get(articleId: string): StoredArticle | undefined {
    return this.articles.get(articleId);
  }

  list(): StoredArticle[] {
    return [...this.articles.values()];
  }

  /** Creates and publishes an article: article_created, then article_published. */
  create(a: Omit<StoredArticle, 'articleId'>): StoredArticle {
    const rec = { ...a, articleId: `KB-${this.nextArticle++}` };
    this.articles.set(rec.articleId, rec);
    this.events().raise('article_created', this.ref(rec), rec.tenant);
    this.events().raise('article_published', { ...this.ref(rec), availabilityDate: rec.availabilityDate, expirationDate: rec.expirationDate }, rec.tenant);
    return rec;
  }

  move(a: StoredArticle, folderId: string): void {
    const previousFolderId = a.folderId;
    a.folderId = folderId;
    this.events().raise('article_moved', { ...this.ref(a), previousFolderId }, a.tenant);
  }

  delete(a: StoredArticle): void {
    this.articles.delete(a.articleId);
    this.events().raise('article_deleted', this.ref(a), a.tenant);
  }

  /** The scheduled availability or expiration date is reached (same payload shape, spec 6). */
  dateReached(a: StoredArticle, which: 'availability' | 'expiration', now: number): void {
    const date = new Date(now).toISOString();
    if (which === 'availability') a.availabilityDate = date;
    else a.expirationDate = date;
    const kind = which === 'availability' ? 'article_availability_date_reached' : 'article_expiration_date_reached';
    this.events().raise(kind, { ...this.ref(a), availabilityDate: a.availabilityDate, expirationDate: a.expirationDate }, a.tenant);
  }

  createType(tenant: string, typeName: string): StoredArticleType {
    const t = { articleTypeId: String(this.nextType++), tenant, typeName };
    this.types.set(t.articleTypeId, t);
    this.events().raise('article_type_created', { articleTypeId: t.articleTypeId, typeName }, tenant);
    return t;
  }

  type(id: string): StoredArticleType | undefined {
    return this.types.get(id);
  }

  updateType(t: StoredArticleType, typeName: string): void {
    t.typeName = typeName;
    this.events().raise('article_type_updated', { articleTypeId: t.articleTypeId, typeName }, t.tenant);
  }

  deleteType(t: StoredArticleType): void {
    this.types.delete(t.articleTypeId);
    this.events().raise('article_type_deleted', { articleTypeId: t.articleTypeId, typeName: t.typeName }, t.tenant);
  }

  /** Adds a name (installation_name_added) or renames one (installation_name_updated). */
  setInstallationName(tenant: string, key: string, installationName: string): 'added' | 'updated' {
    const existed = this.installations.has(`${tenant}\n${key}`);
    this.installations.set(`${tenant}\n${key}`, { tenant, installationName });
    this.events().raise(existed ? 'installation_name_updated' : 'installation_name_added', { installationName, installationId: key }, tenant);
    return existed ? 'updated' : 'added';
  }
}
