/**
 * The answers of realistic mode (F3, R7 of docs/platform-contract.md): the contract's answer
 * turned into the variants the real platform is known to publish, one drift at a time
 * (drifts.ts), so clients and bots are tried against each end to end. These transform answers
 * only; what the emulator stores and checks stays as the contract says.
 */
import type { DriftSet } from './drifts.js';

/** Display names real portals use for some language codes (none of them in the contract's list). */
const LANGUAGE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  'fr-FR': 'Français (France)',
  'fr-CA': 'Français (Canada)',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
};

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `obj` with `from` renamed `to` (in place of it, same value). */
function rename(obj: Json, from: string, to: string): Json {
  if (!Object.hasOwn(obj, from)) return obj;
  const { [from]: value, ...rest } = obj;
  return { ...rest, [to]: value };
}

function mapArray(v: unknown, f: (item: Json) => Json): unknown {
  return Array.isArray(v) ? v.map((x: unknown) => (isObject(x) ? f(x) : x)) : v;
}

/** A casebase (a search answer's, a release list's item, a release read by id) as real portals render it. */
export function realisticCasebase<T>(casebase: T, d: DriftSet): T {
  if (!isObject(casebase)) return casebase;
  let out: Json = { ...casebase };
  const languages = casebase.languages;
  if (isObject(languages) && Array.isArray(languages.KbLanguage)) {
    const KbLanguage = languages.KbLanguage.map((l: unknown) => {
      if (!isObject(l) || typeof l.code !== 'string') return l;
      const name = d.has('languageNames') ? (LANGUAGE_DISPLAY_NAMES[l.code] ?? l.code) : l.name;
      return { ...l, name, code: d.has('lowerCaseLanguages') ? l.code.toLowerCase() : l.code };
    });
    const langs: Json = { ...languages, KbLanguage };
    out.languages = d.has('kbLanguage') ? rename(langs, 'KbLanguage', 'kbLanguage') : langs;
  }
  if (d.has('profilesArray') && isObject(out.profiles)) out = { ...out, profiles: [out.profiles] };
  return out as T;
}

function threshold(item: Json, d: DriftSet): Json {
  if (d.has('passedThresholdAlone')) return rename(item, 'passedThresholdValue', 'passedThreshold');
  if (d.has('passedThresholdBeside') && Object.hasOwn(item, 'passedThresholdValue')) return { ...item, passedThreshold: item.passedThresholdValue };
  return item;
}

function question(q: Json, d: DriftSet): Json {
  return d.has('customAttribute') ? rename(q, 'customAttributes', 'customAttribute') : q;
}

function action(a: Json, d: DriftSet): Json {
  let out = threshold({ ...a }, d);
  if (d.has('emptyArticleIds') && out.type === 'control') out.articleId = '';
  if (d.has('articleTypeAttributes')) out = rename(out, 'articleType', 'articleTypeAttributes');
  if (d.has('additionalInfo')) out = rename(out, 'hasAdditionalInfo', 'additionalInfo');
  if (d.has('actionIds') && typeof out.actionId === 'string') out = { id: out.actionId, alternateId: `ALT-${out.actionId}`, ...out };
  return out;
}

function caseItem(c: Json, d: DriftSet): Json {
  const out = threshold(c, d);
  return d.has('caseIdAlias') ? rename(out, 'caseId', 'id') : out;
}

/** A search answer (start, step, resume) as real portals render it. */
export function realisticSearchBody<T>(body: T, d: DriftSet): T {
  if (!isObject(body) || d.size === 0) return body;
  const out: Json = { ...body };
  if (body.casebase !== undefined) out.casebase = realisticCasebase(body.casebase, d);
  out.caseSearch = mapArray(body.caseSearch, (c) => caseItem(c, d));
  out.actionSearch = mapArray(body.actionSearch, (a) => action(a, d));
  out.unansweredQuestion = mapArray(body.unansweredQuestion, (q) => question(q, d));
  out.answeredQuestion = mapArray(body.answeredQuestion, (q) => question(q, d));
  for (const k of ['caseSearch', 'actionSearch', 'unansweredQuestion', 'answeredQuestion']) if (out[k] === undefined) delete out[k];
  return out as T;
}

/**
 * A suggestion as real portals render it (F3, F5): `customAttribute` for `customAttributes`;
 * in a list, a `link` array and the language code in lower case; read by id (`one`), a `link`
 * object and the code as sent, as every one of the vendor's get-by-id examples has them.
 */
export function realisticSuggestion(view: Json, selfHref: string, d: DriftSet, opts: { one?: boolean } = {}): Json {
  let out = view;
  if (d.has('customAttribute')) out = rename(out, 'customAttributes', 'customAttribute');
  if (d.has('suggestionLinks')) out = { ...out, link: opts.one ? { rel: 'self', href: selfHref } : [{ rel: 'self', href: selfHref }] };
  if (!opts.one && d.has('lowerCaseLanguages') && isObject(out.language) && typeof out.language.code === 'string') {
    out = { ...out, language: { ...out.language, code: out.language.code.toLowerCase() } };
  }
  return out;
}

/** An attachment list item with its `link` as an array; read by id (`one`) it stays an object. */
export function realisticAttachment(view: Json, d: DriftSet, opts: { one?: boolean } = {}): Json {
  return !opts.one && d.has('suggestionLinks') && isObject(view.link) ? { ...view, link: [view.link] } : view;
}

/** An authentication as a real hub reads it back: its payload masked. */
export function realisticAuthentication(view: Json): Json {
  const oauth2 = view.oauth2;
  return isObject(oauth2) ? { ...view, oauth2: { ...oauth2, payload: '****' } } : view;
}

/** An authentication of the tenant's that this project could not have written. */
export function foreignAuthentication(tenant: string): Json {
  return {
    id: `legacy-${tenant}`,
    name: 'legacy SSO (written by another tool)',
    type: 'saml',
    oauth2: { tokenRequestUrl: 'https://sso.example.invalid/token', payload: '****', accessTokenPath: "$..tokens[?(@.kind=='access')].value" },
    created: '2019-03-01T00:00:00Z',
    modified: null,
  };
}
