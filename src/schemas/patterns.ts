/**
 * Identifier patterns shared by the portal manager schemas (spec 2.2, 4.5, 8.8).
 *
 * portalID and articleId have the same published form: "2-4 letter prefix, dash, 4-15 digits".
 * The spec says "letter" without a case, so both cases are accepted (`ka-01234` as well as
 * `KA-01234`): refusing a lower-case id would refuse an id the contract allows, and P1 only
 * asks us to refuse ids that cannot be valid. We never change the case: the id is sent as
 * given and the platform decides whether it exists. Letters are ASCII A-Z only (an accented or
 * non-Latin "letter" cannot appear in a path segment without encoding, and the vendor's ids
 * are ASCII); digits are ASCII 0-9 only (`\d` without the `u` flag).
 */
import { z } from 'zod';

/** 2-4 ASCII letters (either case), a dash, 4-15 ASCII digits. */
export const PREFIXED_ID_PATTERN = /^[A-Za-z]{2,4}-[0-9]{4,15}$/;
export const PORTAL_ID_PATTERN = PREFIXED_ID_PATTERN;
export const ARTICLE_ID_PATTERN = PREFIXED_ID_PATTERN;

/** The spec's "numeric" id strings: one or more ASCII digits, no sign, no spaces. */
export const NUMERIC_ID_PATTERN = /^[0-9]+$/;

const PREFIXED_ID_RULE = '2-4 letters, a dash, 4-15 digits';

export const portalIdSchema = z.string().regex(PORTAL_ID_PATTERN, `portalID must be ${PREFIXED_ID_RULE}`);
export const articleIdSchema = z.string().regex(ARTICLE_ID_PATTERN, `articleId must be ${PREFIXED_ID_RULE}`);
export const numericIdSchema = z.string().regex(NUMERIC_ID_PATTERN, 'must be a numeric id string');

export type PortalId = z.infer<typeof portalIdSchema>;
export type ArticleId = z.infer<typeof articleIdSchema>;
export type NumericId = z.infer<typeof numericIdSchema>;

/** True for a valid portalID (P1): the check to make before any network call. */
export function isPortalId(s: unknown): s is string {
  return typeof s === 'string' && PORTAL_ID_PATTERN.test(s);
}

export function isArticleId(s: unknown): s is string {
  return typeof s === 'string' && ARTICLE_ID_PATTERN.test(s);
}

export function isNumericId(s: unknown): s is string {
  return typeof s === 'string' && NUMERIC_ID_PATTERN.test(s);
}

/**
 * `question.custom.<internal_name>` (spec 4.5, P2). The internal name is not specified beyond
 * being a name, so any run without spaces or commas (commas separate several). One pattern for
 * the client and the emulator, so neither refuses a name the other accepts.
 */
export const GH_CUSTOM_ATTRIBUTE_PATTERN = /^question\.custom\.([^\s,]+)$/;
