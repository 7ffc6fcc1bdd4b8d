/**
 * Whether the customer, in their own words, asks for a person (H5 of
 * docs/platform-contract.md, I5), in any language the bot offers, at any step of the guided
 * help: a number question included, where "I want to talk to a human" is a request, not a
 * wrong number. The words are each language pack's `words.person` (src/languages/packs): named
 * pieces ("who", "article", "notAPerson") and the requests built of them, so a contact center
 * adds its own phrasing without code.
 *
 * Precision first: a wrong handover ends the guided help, so a person word alone inside a
 * sentence is not enough ("my agent software crashed", "un agent de nettoyage"). It takes
 * either a message that is only the person, possibly polite ("a human please", "un conseiller
 * svp"), or a request for one (talk to..., parler à..., hablar con..., verbinden Sie mich
 * mit...) followed by a person and not by a word that makes it a thing. Every language's
 * requests are read whatever the conversation's language: a customer may write in another.
 * Case, accents and punctuation are ignored (normalise), so "PARLER A QUELQU'UN" matches.
 */
import { allLanguagePacks, type PersonWords } from '../../src/languages/languagePacks.js';
import { foldMarks, normalise } from './understanding/normalise.js';

/** A piece's `{name}`s replaced by the pack's pieces, recursively. */
function expand(source: string, parts: Record<string, string>, depth = 0): string {
  if (depth > 5) return source;
  return source.replace(/\{(\w+)\}/g, (whole, name: string) => (name in parts ? expand(parts[name], parts, depth + 1) : whole));
}

interface PersonPatterns {
  requests: RegExp[];
  alone?: RegExp;
}

let compiled: { packs: readonly object[]; patterns: PersonPatterns[] } | undefined;

/** Every offered pack's patterns, compiled once (again when the packs change: an override). */
function patterns(): PersonPatterns[] {
  const packs = allLanguagePacks();
  if (compiled && compiled.packs.length === packs.length && compiled.packs.every((p, i) => p === packs[i])) return compiled.patterns;
  // Politeness around a person alone, in any language: "a human please", "bitte einen Menschen".
  const polite = [...new Set(packs.flatMap((p) => p.words.polite.map(normalise)))].join('|');
  // Written with accents ("hablar con un técnico"), read on text without them.
  const of = (w: PersonWords): PersonPatterns => ({
    requests: w.requests.map((r) => new RegExp(foldMarks(expand(r, w.parts)))),
    ...(w.alone ? { alone: new RegExp(foldMarks(`^${expand(w.alone, w.parts)}(?: (?:${polite}))*$`)) } : {}),
  });
  compiled = { packs, patterns: packs.map((p) => of(p.words.person)) };
  return compiled.patterns;
}

/**
 * Whether the text asks for a person (see above for what counts).
 *
 * @param text - the customer's message
 */
export function asksForPerson(text: string | undefined): boolean {
  if (!text) return false;
  // Long texts are descriptions of a problem, read for a request only in their first 500 characters.
  const said = readable(text.slice(0, 500));
  if (said === '') return false;
  // A person named alone as the message's first sentence or clause, the problem after it
  // ("operator! internet still down", "人工服务，宽带还是不行"): the request comes first.
  const first = readable(text.split(FIRST_CLAUSE_END)[0]);
  return patterns().some((p) => p.alone?.test(said) || (first !== said && p.alone?.test(first)) || p.requests.some((r) => r.test(said)));
}

/** Where a first clause ends: a comma, a sentence's end, a colon or a dash, in Latin or CJK punctuation. */
const FIRST_CLAUSE_END = /[,.!?;:\u2013\u2014\uFF0C\u3001\u3002\uFF01\uFF1F\uFF1B\uFF1A]/u;

const readable = (text: string) => normalise(text).replace(/\b(?:quelqu) (un|une)\b/g, 'quelqu $1');
