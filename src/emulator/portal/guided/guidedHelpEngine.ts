/**
 * The guided-help sessions of the emulated portal (spec 4.3, P7): start by release, by casebase
 * plus release type (`useLiveRelease`), or from a session article (`ghsArticleId`); step; accept
 * and reject; restore from a quickpick. Sessions are kept per user token subject, per portal,
 * per casebase. Every unmet precondition is a PlatformError with a status the platform uses on
 * guided help (F2; its published clients declare no 409 there): 404-101 an unknown id (or a
 * release of another portal), else 403-198 with the reason (a profile the user may not use, a
 * session not in the state the call needs), as resume-quickpick already answers a missing
 * session (4.5 lists 403, not 409); the routes turn it into the error body.
 */
import { randomUUID } from 'node:crypto';
import { PlatformError } from '../../../errors/platformError.js';
import type { SearchStartBody, SearchStepBody, CaseDecisionBody } from '../../../schemas/guidedHelpRequests.js';
import type { KnowledgeBase, ReleaseRef } from '../knowledge/knowledgeBase.js';
import type { PortalData, SessionArticleData } from '../knowledge/knowledgeSchema.js';
import { applyRules } from './answerRules.js';
import { resolveAnswers } from './answerValidation.js';
import { withAnswers, type GivenAnswer, type GuidedSession, type SessionSnapshot } from './guidedSession.js';

/** The user or customer a portal call is made for (from the bearer token's subject). */
export interface PortalUser {
  tenant: string;
  id: string;
  kind: 'user' | 'customer';
  /** Profiles assigned to the user; undefined means every profile of the portal. */
  profileIds?: string[];
  admin?: boolean;
}

/** The session is not in the state the call needs (none started, not in progress, closed): F2. */
const sessionState = (reason: string) => PlatformError.of('403-198', { reason });
/** The user may not use this profile (none assigned, another one's, not the release's): F2. */
const profileRefused = (reason: string) => PlatformError.of('403-198', { reason });

export class GuidedHelpEngine {
  private readonly sessions = new Map<string, GuidedSession>();

  constructor(
    private readonly kb: KnowledgeBase,
    private readonly now: () => number = Date.now,
  ) {}

  private key(user: PortalUser, portalId: string, casebaseId: string): string {
    return JSON.stringify([user.tenant, user.kind, user.id, portalId, casebaseId]);
  }

  /** The user's session for a casebase (any state), if one was started. */
  sessionFor(user: PortalUser, portalId: string, casebaseId: string): GuidedSession | undefined {
    return this.sessions.get(this.key(user, portalId, casebaseId));
  }

  /** The casebase an id names: a casebase id, or a release id (start "by release"). */
  private resolveRelease(portal: PortalData, body: SearchStartBody): { ref: ReleaseRef; article?: SessionArticleData } {
    let ref: ReleaseRef | undefined;
    let article: SessionArticleData | undefined;
    if (body.ghsArticleId) {
      const found = this.kb.sessionArticle(body.ghsArticleId);
      if (!found) throw PlatformError.of('404-101', { name: `ghsArticleId ${body.ghsArticleId}` });
      article = found.article;
      const cbId = found.casebase.casebaseId;
      const named = this.kb.release(body.casebaseId)?.casebase.casebaseId ?? body.casebaseId;
      if (named !== cbId) throw PlatformError.of('400-196', { name: 'casebaseId', allowed: cbId });
      ref = this.kb.releaseWithStatus(cbId, article.useLiveRelease ? 'live' : 'author');
    } else {
      ref = this.kb.release(body.casebaseId);
      if (!ref) {
        if (!this.kb.casebase(body.casebaseId)) throw PlatformError.of('404-101', { name: `casebaseId ${body.casebaseId}` });
        const status = body.useLiveRelease === false ? 'author' : 'live';
        ref = this.kb.releaseWithStatus(body.casebaseId, status);
        if (!ref) throw PlatformError.of('404-101', { name: `${status} release of casebase ${body.casebaseId}` });
      }
    }
    if (!ref) throw PlatformError.of('404-101', { name: `release for ${body.ghsArticleId}` });
    if (!this.kb.portalHoldsCasebase(portal.id, ref.casebase.casebaseId)) {
      throw PlatformError.of('404-101', { name: `casebase release ${ref.release.id} in portal ${portal.id}` });
    }
    return { ref, article };
  }

  /** The profile of a new session: asked for, else the article's, else the portal's default (P7). */
  private resolveProfile(user: PortalUser, portal: PortalData, ref: ReleaseRef, asked: string | undefined): string {
    const assigned = user.profileIds ?? portal.profiles.map((p) => p.id);
    if (assigned.length === 0) throw profileRefused(`the ${user.kind} has no guided help profile assigned`);
    let profileId = asked;
    if (profileId === undefined) profileId = assigned.includes(portal.defaultProfileId) ? portal.defaultProfileId : assigned[0]!;
    if (!portal.profiles.some((p) => p.id === profileId)) throw PlatformError.of('404-101', { name: `profileId ${profileId}` });
    if (!assigned.includes(profileId)) throw profileRefused(`profile ${profileId} is not assigned to the ${user.kind}`);
    if (!ref.release.profileIds.includes(profileId)) throw profileRefused(`profile ${profileId} cannot use casebase release ${ref.release.id}`);
    return profileId;
  }

  start(user: PortalUser, portal: PortalData, body: SearchStartBody): GuidedSession {
    const { ref, article } = this.resolveRelease(portal, body);
    const profileId = this.resolveProfile(user, portal, ref, body.profileId ?? article?.profileId);
    const cb = ref.casebase;
    const fromArticle: GivenAnswer[] = (article?.answers ?? []).map((a) => ({ questionId: a.questionId, answerIds: [...a.answerIds], source: 'data_link_article' }));
    const given = resolveAnswers(cb, body.questions ?? []);
    const session: GuidedSession = {
      id: randomUUID(),
      owner: this.key(user, portal.id, cb.casebaseId),
      portalId: portal.id,
      casebaseId: cb.casebaseId,
      releaseId: ref.release.id,
      profileId,
      state: 'inProgress',
      answers: applyRules(cb, withAnswers(fromArticle, given)),
      sessionVariables: (body.sessionVariable ?? []).map((v) => ({ name: v.name, value: v.value })),
      startedAt: this.now(),
    };
    this.sessions.set(session.owner, session);
    return session;
  }

  /** A session in progress for the casebase (or release) a body names, else 403-198. */
  inProgress(user: PortalUser, portalId: string, casebaseOrReleaseId: string): GuidedSession {
    const cbId = this.kb.release(casebaseOrReleaseId)?.casebase.casebaseId ?? casebaseOrReleaseId;
    const s = this.sessionFor(user, portalId, cbId);
    if (!s || s.state !== 'inProgress') throw sessionState(`no guided help session in progress for casebase ${casebaseOrReleaseId}`);
    return s;
  }

  step(user: PortalUser, portal: PortalData, body: SearchStepBody): GuidedSession {
    const s = this.inProgress(user, portal.id, body.casebaseId);
    const cb = this.kb.release(s.releaseId)!.casebase;
    const given = resolveAnswers(cb, body.questions);
    s.answers = applyRules(cb, withAnswers(body.startOver ? [] : s.answers, given));
    return s;
  }

  /** Case lists and case details need a session in progress on that very release (P7). */
  inProgressOnRelease(user: PortalUser, portalId: string, releaseId: string): GuidedSession {
    const ref = this.kb.release(releaseId)!;
    const s = this.sessionFor(user, portalId, ref.casebase.casebaseId);
    if (!s || s.state !== 'inProgress' || s.releaseId !== releaseId) {
      throw sessionState(`no guided help session in progress on casebase release ${releaseId}`);
    }
    return s;
  }

  /**
   * Accept or reject a solution (P7: a started session, open or closed, is enough). Adds to the
   * counts, then closes the session when the casebase's searchSettings say so (P10).
   * Returns whether the session is now closed.
   */
  decide(user: PortalUser, portal: PortalData, caseId: string, body: CaseDecisionBody, accepted: boolean): { session: GuidedSession; closed: boolean } {
    const holders = this.kb
      .releasesOfPortal(portal.id)
      .filter((ref) => ref.casebase.cases.some((c) => c.id === caseId));
    if (holders.length === 0) throw PlatformError.of('404-101', { name: `caseID ${caseId}` });
    const started = holders
      .map((ref) => this.sessionFor(user, portal.id, ref.casebase.casebaseId))
      .filter((s): s is GuidedSession => !!s && this.kb.casesOf(this.kb.release(s.releaseId)!).some((c) => c.id === caseId))
      .sort((a, b) => b.startedAt - a.startedAt);
    const s = started[0];
    if (!s) throw sessionState(`no guided help session started on a release holding case ${caseId}`);
    const cb = this.kb.release(s.releaseId)!.casebase;
    const theCase = cb.cases.find((c) => c.id === caseId)!;
    if (body.id !== caseId && !theCase.actionIds.includes(body.id)) {
      throw PlatformError.of('400-196', { name: 'id', allowed: [caseId, ...theCase.actionIds].join(', ') });
    }
    this.kb.addFeedback(cb, caseId, body.id === caseId ? undefined : body.id, accepted);
    const close = accepted ? cb.searchSettings.closeSessionOnAccept : cb.searchSettings.closeSessionOnReject;
    if (close) s.state = 'closed';
    return { session: s, closed: s.state === 'closed' };
  }

  /** Resume a quickpick: needs a session started for its casebase (4.5), which it then replaces. */
  restore(user: PortalUser, portal: PortalData, snap: SessionSnapshot): GuidedSession {
    const existing = this.sessionFor(user, portal.id, snap.casebaseId);
    if (!existing) throw sessionState(`no guided help session started for casebase ${snap.casebaseId}`);
    const s: GuidedSession = { ...existing, ...structuredClone(snap), id: randomUUID(), state: 'inProgress', startedAt: this.now() };
    this.sessions.set(s.owner, s);
    return s;
  }

  /** The release a session runs on. */
  releaseOf(s: GuidedSession): ReleaseRef {
    return this.kb.release(s.releaseId)!;
  }
}
