/**
 * The loaded knowledge with the lookups the portal routes need, plus the little that changes
 * while the emulator runs: release statuses (an admin publishes an author release) and the
 * accept/reject counts of cases and actions (accept and reject add to them). The data files
 * themselves are never written.
 */
import type { CasebaseStatus } from '../../../schemas/guidedHelp.js';
import { loadKnowledge, type KnowledgeData } from './knowledgeLoader.js';
import type { ActionData, CaseData, CasebaseData, PortalData, QuestionData, ReleaseData, SessionArticleData } from './knowledgeSchema.js';

export interface ReleaseRef {
  casebase: CasebaseData;
  release: ReleaseData;
}

export interface Counts {
  acceptCount: number;
  rejectCount: number;
}

export class KnowledgeBase {
  private readonly portals = new Map<string, PortalData>();
  private readonly casebases = new Map<string, CasebaseData>();
  private readonly releases = new Map<string, ReleaseRef>();
  private readonly statuses = new Map<string, CasebaseStatus>();
  private readonly caseCountMap = new Map<string, Counts>();
  private readonly actionCountMap = new Map<string, Counts>();

  constructor(readonly data: KnowledgeData) {
    for (const p of data.portals) this.portals.set(p.id, structuredClone(p));
    for (const cb of data.casebases) {
      this.casebases.set(cb.casebaseId, cb);
      for (const r of cb.releases) {
        this.releases.set(r.id, { casebase: cb, release: r });
        this.statuses.set(r.id, r.status);
      }
      for (const c of cb.cases) this.caseCountMap.set(`${cb.casebaseId}/${c.id}`, { acceptCount: c.acceptCount, rejectCount: c.rejectCount });
      for (const a of cb.actions) this.actionCountMap.set(`${cb.casebaseId}/${a.id}`, { acceptCount: a.acceptCount, rejectCount: a.rejectCount });
    }
  }

  static load(dir?: string): KnowledgeBase {
    return new KnowledgeBase(loadKnowledge(dir));
  }

  portal(id: string): PortalData | undefined {
    return this.portals.get(id);
  }

  allPortals(): PortalData[] {
    return [...this.portals.values()];
  }

  casebase(id: string): CasebaseData | undefined {
    return this.casebases.get(id);
  }

  release(id: string): ReleaseRef | undefined {
    return this.releases.get(id);
  }

  statusOf(releaseId: string): CasebaseStatus {
    return this.statuses.get(releaseId)!;
  }

  /** The release of a casebase that currently has `status`. */
  releaseWithStatus(casebaseId: string, status: CasebaseStatus): ReleaseRef | undefined {
    const cb = this.casebases.get(casebaseId);
    const r = cb?.releases.find((x) => this.statuses.get(x.id) === status);
    return cb && r ? { casebase: cb, release: r } : undefined;
  }

  /** Releases of the casebases a portal holds, in data order. */
  releasesOfPortal(portalId: string): ReleaseRef[] {
    const p = this.portals.get(portalId);
    if (!p) return [];
    return p.casebaseIds.flatMap((id) => {
      const cb = this.casebases.get(id)!;
      return cb.releases.map((release) => ({ casebase: cb, release }));
    });
  }

  portalHoldsCasebase(portalId: string, casebaseId: string): boolean {
    return this.portals.get(portalId)?.casebaseIds.includes(casebaseId) ?? false;
  }

  /** Cases of a release: those whose releaseStatuses admit the release's current status. */
  casesOf(ref: ReleaseRef): CaseData[] {
    const status = this.statusOf(ref.release.id);
    return ref.casebase.cases.filter((c) => !c.releaseStatuses || c.releaseStatuses.includes(status));
  }

  question(cb: CasebaseData, id: string): QuestionData | undefined {
    return cb.questions.find((q) => q.id === id);
  }

  action(cb: CasebaseData, id: string): ActionData | undefined {
    return cb.actions.find((a) => a.id === id);
  }

  sessionArticle(articleId: string): { casebase: CasebaseData; article: SessionArticleData } | undefined {
    for (const cb of this.casebases.values()) {
      const article = cb.sessionArticles.find((s) => s.articleId.toLowerCase() === articleId.toLowerCase());
      if (article) return { casebase: cb, article };
    }
    return undefined;
  }

  caseCounts(cb: CasebaseData, caseId: string): Counts {
    return { ...this.caseCountMap.get(`${cb.casebaseId}/${caseId}`)! };
  }

  actionCounts(cb: CasebaseData, actionId: string): Counts {
    return { ...this.actionCountMap.get(`${cb.casebaseId}/${actionId}`)! };
  }

  /** Accept (+1 accept) or reject (+1 reject) a case and, when named, one of its actions. */
  addFeedback(cb: CasebaseData, caseId: string, actionId: string | undefined, accepted: boolean): void {
    const key = accepted ? 'acceptCount' : 'rejectCount';
    this.caseCountMap.get(`${cb.casebaseId}/${caseId}`)![key]++;
    if (actionId) this.actionCountMap.get(`${cb.casebaseId}/${actionId}`)![key]++;
  }

  /**
   * Publishes an author (or qa) release: it becomes live and the release that was live takes
   * its old status, so a casebase keeps one release per status. Returns the release that was
   * live before, if any.
   */
  publish(releaseId: string): ReleaseRef | undefined {
    const ref = this.releases.get(releaseId)!;
    const oldStatus = this.statusOf(releaseId);
    const previous = this.releaseWithStatus(ref.casebase.casebaseId, 'live');
    if (previous && previous.release.id !== releaseId) this.statuses.set(previous.release.id, oldStatus);
    this.statuses.set(releaseId, 'live');
    return previous;
  }

  /** Portal settings are toggled by the admin API (P8). */
  setPortalSettings(portalId: string, settings: Partial<PortalData['settings']>): PortalData['settings'] {
    const p = this.portals.get(portalId)!;
    p.settings = { ...p.settings, ...settings };
    return { ...p.settings };
  }
}
