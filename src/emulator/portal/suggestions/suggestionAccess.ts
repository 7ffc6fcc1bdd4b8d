/**
 * Who may do what with suggestions (spec 4.3, P8): the portal settings gate the operations
 * ('Manage a Suggestion' for creating and changing, 'Allow Customer Access' for customers at
 * all, 'My Suggestions' for the list), a user sees and changes only their own suggestions, and
 * an administrator may read and comment on any. Refusals of a setting are 403-198; another
 * user's suggestion is 404-101, so its existence is not revealed.
 */
import { PlatformError } from '../../../errors/platformError.js';
import { KB_LANGUAGES } from '../../../schemas/languages.js';
import type { PortalCall } from '../portalRequest.js';
import type { PortalServices } from '../portalServices.js';
import { STATUS_DISPLAY, type StoredSuggestion } from './suggestionStore.js';

type Setting = 'manageSuggestion' | 'mySuggestions';
const SETTING_NAMES: Record<Setting, string> = { manageSuggestion: 'Manage a Suggestion', mySuggestions: 'My Suggestions' };

/** Refuses a customer when the portal does not allow customers, and anyone when `setting` is off. */
export function requireSetting(call: PortalCall, setting?: Setting): void {
  if (call.user.kind === 'customer' && !call.portal.settings.allowCustomerAccess) {
    throw PlatformError.of('403-198', { reason: "the portal setting 'Allow Customer Access' is off" });
  }
  if (setting && !call.portal.settings[setting]) throw PlatformError.of('403-198', { reason: `the portal setting '${SETTING_NAMES[setting]}' is off` });
}

export function isOwner(call: PortalCall, s: StoredSuggestion): boolean {
  return s.owner.kind === call.user.kind && s.owner.id === call.user.id;
}

/** The suggestion of the path: own, or any when `adminMay` and the caller is an administrator. */
export function suggestionOf(s: PortalServices, call: PortalCall, id: string, adminMay = false): StoredSuggestion {
  const found = s.suggestions.get(call.user.tenant, call.portal.id, id);
  if (!found || !(isOwner(call, found) || (adminMay && call.user.admin))) throw PlatformError.of('404-101', { name: `suggestionID ${id}` });
  return found;
}

/**
 * A person as the vendor's examples name one (F5): an id and names. The emulator knows its
 * callers by id only, so the id is the first name; the last name is left empty, as the
 * vendor's examples sometimes do (R2: display text is never checked).
 */
export function personView(p: { id: string; kind: string }) {
  return { id: p.id, kind: p.kind, firstName: p.id, lastName: '' };
}

/** A suggestion's language with its display name (`label`), as the vendor's examples carry it. */
function languageView(code: string) {
  return { code, label: KB_LANGUAGES.find((l) => l.code.toLowerCase() === code.toLowerCase())?.name ?? code };
}

export function suggestionView(s: StoredSuggestion) {
  return {
    id: s.id,
    name: s.name,
    description: s.description ?? '',
    content: s.content,
    status: { value: s.status, displayValue: STATUS_DISPLAY[s.status] },
    modifiedBy: personView(s.modifiedBy),
    modifiedDate: s.modifiedDate,
    hasAttachments: s.attachments.length > 0,
    hasComments: s.comments.length > 0,
    hasRelatedArticles: s.relatedArticles.length > 0,
    language: languageView(s.language.code),
    customAttributes: s.customAttributes,
    ...(s.feedbackArticle ? { feedbackArticle: s.feedbackArticle } : {}),
    ...(s.articleId ? { articleId: s.articleId } : {}),
  };
}
