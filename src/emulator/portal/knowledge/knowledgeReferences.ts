/**
 * The checks zod cannot make one file at a time: every id a data item names exists, ids are
 * unique where the API looks them up, the system profile (1) is everywhere (P9), and each
 * casebase has at most one release per status (so `useLiveRelease` is never ambiguous).
 * Each problem names the file and the JSON path, as the schema errors do.
 */
import type { CasebaseData, PortalData, QuestionData } from './knowledgeSchema.js';
import { SYSTEM_PROFILE_ID } from '../../../schemas/guidedHelp.js';

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const id of ids) (seen.has(id) ? dup : seen).add(id);
  return [...dup];
}

function checkPortals(portals: PortalData[], casebaseIds: Set<string>, out: string[]): void {
  for (const id of duplicates(portals.map((p) => p.id))) out.push(`portals.json: portals: duplicate portal id ${id}`);
  portals.forEach((p, i) => {
    const at = `portals.json: portals[${i}]`;
    const profileIds = p.profiles.map((x) => x.id);
    if (!profileIds.includes(SYSTEM_PROFILE_ID)) out.push(`${at}.profiles: needs the system profile (id 1)`);
    for (const d of duplicates(profileIds)) out.push(`${at}.profiles: duplicate profile id ${d}`);
    if (!profileIds.includes(p.defaultProfileId)) out.push(`${at}.defaultProfileId: no profile ${p.defaultProfileId}`);
    p.casebaseIds.forEach((c, j) => {
      if (!casebaseIds.has(c)) out.push(`${at}.casebaseIds[${j}]: no casebase ${c}`);
    });
  });
}

function checkAnswers(file: string, path: string, q: QuestionData | undefined, qid: string, answerIds: string[], out: string[]): void {
  if (!q) {
    out.push(`${file}: ${path}.questionId: no question ${qid}`);
    return;
  }
  answerIds.forEach((a, k) => {
    if (!q.answers.some((x) => x.id === a)) out.push(`${file}: ${path}.answerIds[${k}]: question ${qid} has no answer ${a}`);
  });
}

function checkCasebase(file: string, cb: CasebaseData, out: string[]): void {
  const questions = new Map(cb.questions.map((q) => [q.id, q]));
  const clusters = new Set(cb.clusters.map((c) => c.id));
  const actions = new Set(cb.actions.map((a) => a.id));
  for (const d of duplicates(cb.questions.map((q) => q.id))) out.push(`${file}: questions: duplicate question id ${d}`);
  for (const d of duplicates(cb.questions.flatMap((q) => q.answers.map((a) => a.id)))) out.push(`${file}: questions: duplicate answer id ${d}`);
  for (const d of duplicates(cb.cases.map((c) => c.id))) out.push(`${file}: cases: duplicate case id ${d}`);
  for (const d of duplicates(cb.actions.map((a) => a.id))) out.push(`${file}: actions: duplicate action id ${d}`);
  for (const d of duplicates(cb.clusters.map((c) => c.id))) out.push(`${file}: clusters: duplicate cluster id ${d}`);
  for (const d of duplicates(cb.releases.map((r) => r.status))) out.push(`${file}: releases: more than one ${d} release`);
  cb.releases.forEach((r, i) => {
    if (!r.profileIds.includes(SYSTEM_PROFILE_ID)) out.push(`${file}: releases[${i}].profileIds: needs the system profile (id 1)`);
  });
  cb.questions.forEach((q, i) => {
    if (q.askWhen) checkAnswers(file, `questions[${i}].askWhen`, questions.get(q.askWhen.questionId), q.askWhen.questionId, q.askWhen.answerIds, out);
  });
  cb.rules.forEach((r, i) => {
    checkAnswers(file, `rules[${i}].when`, questions.get(r.when.questionId), r.when.questionId, r.when.answerIds, out);
    checkAnswers(file, `rules[${i}].then`, questions.get(r.then.questionId), r.then.questionId, r.then.answerIds, out);
  });
  cb.cases.forEach((c, i) => {
    if (!clusters.has(c.clusterId)) out.push(`${file}: cases[${i}].clusterId: no cluster ${c.clusterId}`);
    c.actionIds.forEach((a, j) => {
      if (!actions.has(a)) out.push(`${file}: cases[${i}].actionIds[${j}]: no action ${a}`);
    });
    c.conditions.forEach((cond, j) => {
      const at = `cases[${i}].conditions[${j}]`;
      const q = questions.get(cond.questionId);
      if (cond.answerIds) checkAnswers(file, at, q, cond.questionId, cond.answerIds, out);
      else if (!q) out.push(`${file}: ${at}.questionId: no question ${cond.questionId}`);
      else if (q.type !== 'text') out.push(`${file}: ${at}.contains: only text questions match words; question ${q.id} is ${q.type}`);
    });
  });
  cb.dynamicSearches.forEach((d, i) => {
    if (!clusters.has(d.parentClusterId)) out.push(`${file}: dynamicSearches[${i}].parentClusterId: no cluster ${d.parentClusterId}`);
    if (questions.get(d.triggerQuestionId)?.type !== 'text') out.push(`${file}: dynamicSearches[${i}].triggerQuestionId: needs a text question`);
  });
  cb.sessionArticles.forEach((s, i) => {
    s.answers.forEach((a, j) => checkAnswers(file, `sessionArticles[${i}].answers[${j}]`, questions.get(a.questionId), a.questionId, a.answerIds, out));
    if (!cb.releases.some((r) => r.status === (s.useLiveRelease ? 'live' : 'author'))) {
      out.push(`${file}: sessionArticles[${i}].useLiveRelease: the casebase has no ${s.useLiveRelease ? 'live' : 'author'} release`);
    }
  });
}

/** Every cross-reference problem of the whole data set; empty when it is consistent. */
export function crossReferenceProblems(portals: PortalData[], casebases: { file: string; data: CasebaseData }[]): string[] {
  const out: string[] = [];
  const cbIds = casebases.map((c) => c.data.casebaseId);
  for (const d of duplicates(cbIds)) out.push(`casebases/: duplicate casebaseId ${d}`);
  const releaseIds = casebases.flatMap((c) => c.data.releases.map((r) => r.id));
  // Release ids share one namespace with casebase ids: a start body's casebaseId may name either.
  for (const d of duplicates([...cbIds, ...releaseIds])) out.push(`casebases/: id ${d} is used by more than one casebase or release`);
  for (const d of duplicates(casebases.flatMap((c) => c.data.sessionArticles.map((s) => s.articleId)))) {
    out.push(`casebases/: session article ${d} is defined more than once`);
  }
  checkPortals(portals, new Set(cbIds), out);
  for (const { file, data } of casebases) checkCasebase(file, data, out);
  return out;
}
