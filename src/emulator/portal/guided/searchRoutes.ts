/**
 * Guided-help search (spec 4.3, the assumed shapes of docs/platform-contract.md): start (POST /gh/search) and step
 * (PUT /gh/search) answer the body of 2.2; accept and reject (POST /gh/cases/{caseID}/...)
 * answer 201 with no body and close the session when the casebase's searchSettings say so
 * (P10). Unmet preconditions (P7) are refused with a status guided help uses (F2,
 * guidedHelpEngine.ts): 403-198 with the reason; unknown ids with 404-101.
 */
import { sendJson, type RouteContext } from '../../../httpServer/jsonServer.js';
import { caseDecisionBodySchema, searchStartBodySchema, searchStepBodySchema } from '../../../schemas/guidedHelpRequests.js';
import { beginPortalCall, portalBody, routePath, type PortalCall } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { customAttributeNames } from './customAttributeParameter.js';
import type { GuidedSession } from './guidedSession.js';
import { renderSearchResponse } from './searchResponse.js';
import { realisticSearchBody } from '../../realistic/realisticAnswers.js';

/** The 2.2 body of a session, in the call's language, with the custom attributes asked for. */
export function sessionBody(s: PortalServices, rc: RouteContext, call: PortalCall, session: GuidedSession, opts: { contractShape?: boolean } = {}) {
  const body = renderSearchResponse({
    kb: s.kb,
    portal: call.portal,
    ref: s.engine.releaseOf(session),
    profileId: session.profileId,
    answers: session.answers,
    lang: call.lang,
    customAttributes: customAttributeNames(rc.query),
    linkBase: s.linkBase(),
  });
  return opts.contractShape ? body : realisticSearchBody(body, s.ctx.drifts());
}

export function registerSearchRoutes(s: PortalServices): void {
  const { app } = s.ctx;
  const search = '/portals/{portalID}/gh/search';

  app.route('post', routePath(search), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, search);
    customAttributeNames(rc.query);
    const body = portalBody(searchStartBodySchema, rc.body);
    const session = s.engine.start(call.user, call.portal, body);
    sendJson(rc.res, 200, sessionBody(s, rc, call, session));
  });

  app.route('put', routePath(search), async (rc) => {
    const call = await beginPortalCall(s.ctx, s.kb, rc, search);
    customAttributeNames(rc.query);
    const body = portalBody(searchStepBodySchema, rc.body);
    const session = s.engine.step(call.user, call.portal, body);
    sendJson(rc.res, 200, sessionBody(s, rc, call, session));
  });

  for (const verb of ['accept', 'reject'] as const) {
    const template = `/portals/{portalID}/gh/cases/{caseID}/${verb}`;
    app.route('post', routePath(template), async (rc) => {
      const call = await beginPortalCall(s.ctx, s.kb, rc, template);
      const body = portalBody(caseDecisionBodySchema, rc.body);
      const { session, closed } = s.engine.decide(call.user, call.portal, rc.params.caseID!, body, verb === 'accept');
      s.ctx.record({ kind: 'portal.feedback', verb, caseId: rc.params.caseID, solution: body.id, sessionClosed: closed, casebaseId: session.casebaseId });
      sendJson(rc.res, 201);
    });
  }
}
