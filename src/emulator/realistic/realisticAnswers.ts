/**
 * The "realistic answers" switch of the emulator (R7 of docs/platform-contract.md): answers in
 * the variants the real platform is known to publish, beside what the contract shows, so that
 * the clients and bots are tried against them end to end.
 *
 * - casebase language display names outside the contract's list ("English (US)");
 * - control actions with an empty `articleId`;
 * - the published aliases: a case's `id` for `caseId`, `passedThreshold` beside
 *   `passedThresholdValue`;
 * - authentications read back with their payload masked, and a tenant holding an
 *   authentication we could not have written (another type, a JSONPath outside our subset).
 *
 * These transform answers only; what the emulator stores and checks stays as the contract says.
 */

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

/** A casebase (a search answer's, or an item of the release list) as real portals render it. */
export function realisticCasebase<T>(casebase: T): T {
  if (!isObject(casebase)) return casebase;
  const languages = casebase.languages;
  if (!isObject(languages) || !Array.isArray(languages.KbLanguage)) return casebase;
  const KbLanguage = languages.KbLanguage.map((l: unknown) =>
    isObject(l) && typeof l.code === 'string' ? { ...l, name: LANGUAGE_DISPLAY_NAMES[l.code] ?? l.code } : l,
  );
  return { ...casebase, languages: { ...languages, KbLanguage } } as T;
}

/** A search answer (start, step, resume) as real portals render it. */
export function realisticSearchBody<T>(body: T): T {
  if (!isObject(body)) return body;
  const out: Json = { ...body };
  if (body.casebase !== undefined) out.casebase = realisticCasebase(body.casebase);
  if (Array.isArray(body.caseSearch)) {
    out.caseSearch = body.caseSearch.map((c: unknown) => {
      if (!isObject(c)) return c;
      const { caseId, ...rest } = c;
      return { id: caseId, ...rest, passedThreshold: c.passedThresholdValue };
    });
  }
  if (Array.isArray(body.actionSearch)) {
    out.actionSearch = body.actionSearch.map((a: unknown) =>
      isObject(a) ? { ...a, ...(a.type === 'control' ? { articleId: '' } : {}), passedThreshold: a.passedThresholdValue } : a,
    );
  }
  return out as T;
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
