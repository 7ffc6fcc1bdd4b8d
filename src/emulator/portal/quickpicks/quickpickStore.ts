/**
 * Quickpicks (bookmarks of a guided-help session, spec 4.3). The record's shape is not shown
 * (2.4); ours keeps what resuming needs: the release, the profile and the answers. Quickpicks
 * are shared by the users of one tenant on one portal, so a session saved by the bot can be
 * resumed by the agent it escalates to.
 */
import type { SessionSnapshot } from '../guided/guidedSession.js';
import type { ActivityHeaders } from './activityHeaders.js';

export interface QuickpickRecord {
  id: string;
  tenant: string;
  portalId: string;
  savedBy: string;
  name?: string;
  comment?: string;
  casebaseId: string;
  casebaseReleaseId: string;
  linkToActivity: boolean;
  activity: ActivityHeaders;
  snapshot: SessionSnapshot;
  createdAt: number;
  /** Set by the admin API to make resume fail as a damaged record would (500). */
  corrupted?: boolean;
}

export class QuickpickStore {
  private readonly records: QuickpickRecord[] = [];
  private nextId = 900001;

  add(r: Omit<QuickpickRecord, 'id'>): QuickpickRecord {
    const rec = { ...r, id: String(this.nextId++) };
    this.records.push(rec);
    return rec;
  }

  get(tenant: string, portalId: string, id: string): QuickpickRecord | undefined {
    return this.records.find((r) => r.tenant === tenant && r.portalId === portalId && r.id === id);
  }

  /** Any tenant's record (admin API). */
  find(id: string): QuickpickRecord | undefined {
    return this.records.find((r) => r.id === id);
  }

  /** Oldest first. */
  list(tenant: string, portalId: string, filter: (r: QuickpickRecord) => boolean = () => true): QuickpickRecord[] {
    return this.records.filter((r) => r.tenant === tenant && r.portalId === portalId && filter(r));
  }
}
