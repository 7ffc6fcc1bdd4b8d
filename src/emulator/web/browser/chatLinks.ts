/**
 * Web addresses in a message's text become real links (U4): a customer can follow "see
 * https://…" with a click or the keyboard. Only http(s) addresses (safeUrl); everything else
 * stays text nodes, so what a bot writes never becomes markup.
 */
import { el, safeUrl } from './dom.js';
import { t } from './chatText.js';

/** An address runs to the next space; a full stop, comma or closing bracket right after it is the sentence's. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/g;

/** The text as text nodes and links, in order. */
export function linkedText(text: string): (string | HTMLAnchorElement)[] {
  const parts: (string | HTMLAnchorElement)[] = [];
  let at = 0;
  for (const m of text.matchAll(ADDRESS)) {
    const url = safeUrl(m[0]);
    if (!url) continue;
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(el('a', { attrs: { href: url, target: '_blank', rel: 'noopener noreferrer' }, text: m[0] }, el('span', { class: 'visually-hidden', text: ` ${t('opensNewTab')}` })));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
