/**
 * The kinds of drift the emulator's realistic mode can play (F3 and R7 of
 * docs/platform-contract.md): each is a way the vendor's published examples differ from the
 * contract, and each can be switched on alone (startEmulator's `realistic`, the `--drift` flag,
 * the inspector's checkboxes, PUT /emulator/realistic). `--realistic` turns them all on.
 */
export const DRIFTS = {
  languageNames: 'casebase language display names outside the contract\'s list ("English (US)")',
  lowerCaseLanguages: 'language codes in lower case (en-us), in casebases and suggestion lists (a suggestion read by id keeps en-US)',
  kbLanguage: '`kbLanguage` where the contract says `KbLanguage`',
  profilesArray: '`casebase.profiles` as an array of `{profile, paginationInfo}` pages',
  emptyArticleIds: 'control actions with an empty `articleId`',
  articleTypeAttributes: '`articleTypeAttributes` where the contract says `articleType`',
  customAttribute: '`customAttribute` where the contract says `customAttributes` (questions, suggestions)',
  additionalInfo: '`additionalInfo` where the contract says `hasAdditionalInfo` (actions)',
  caseIdAlias: 'a case\'s `id` where the contract says `caseId` (caseSearch)',
  passedThresholdBeside: '`passedThreshold` beside `passedThresholdValue`',
  passedThresholdAlone: '`passedThreshold` instead of `passedThresholdValue`',
  actionIds: 'extra `id` and `alternateId` on actions',
  releaseList: 'a release read by id answered in a list that holds the casebase\'s other releases too',
  suggestionLinks: 'suggestion and attachment lists with `link` arrays (read by id: a `link` object)',
  errorStatus: 'an error code whose first number differs from the status (406-100 answered with 400)',
  maskedSecrets: 'authentications read back with their payload masked, and one written by another tool',
} as const;

export type Drift = keyof typeof DRIFTS;
export const DRIFT_NAMES = Object.keys(DRIFTS) as Drift[];

/** Which drifts are on. */
export type DriftSet = ReadonlySet<Drift>;

export function isDrift(name: string): name is Drift {
  return Object.hasOwn(DRIFTS, name);
}

/**
 * The drifts a setting names: `true` is all of them, `false` or nothing none, a list those
 * listed. An unknown name is an Error naming it and the known ones (a typo is not silently off).
 */
export function driftSet(setting: boolean | readonly string[] | undefined): Set<Drift> {
  if (setting === true) return new Set(DRIFT_NAMES);
  if (!setting) return new Set();
  const unknown = setting.filter((d) => !isDrift(d));
  if (unknown.length > 0) throw new Error(`unknown drift ${unknown.join(', ')}; known: ${DRIFT_NAMES.join(', ')}`);
  return new Set(setting as Drift[]);
}
