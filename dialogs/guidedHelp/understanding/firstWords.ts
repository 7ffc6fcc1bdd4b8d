/**
 * A first message often says more than the topic: "my internet is slow, about 3 Mbit/s" also
 * answers what the problem is and how fast the line is. Its words are kept (cut) and, when
 * the portal asks a question they answer clearly, that answer is proposed for a one-tap
 * confirmation instead of asking from scratch (B6). A "no" asks the question as usual, and
 * that question is not proposed again.
 */
import { cut } from '../askedQuestion.js';
import type { GuidedHelpContext } from '../guidedHelpTypes.js';
import { answerFromText } from './answerFromText.js';
import { contentWords } from './textTokens.js';

/** Enough for a customer's opening sentence or two; the state stays small. */
export const MAX_FIRST_WORDS = 300;

/**
 * The first message as kept: without the words that named the topic, which picked the
 * casebase and must not answer its questions too ("my home internet is slow" is not the
 * "Internet" light of the router).
 */
export function firstWordsOf(text: string | undefined, topicName?: string): string | undefined {
  const named = new Set(topicName ? contentWords(topicName) : []);
  const t = (text ?? '')
    .split(/\s+/)
    .filter((w) => !contentWords(w).some((x) => named.has(x)))
    .join(' ')
    .trim();
  return t ? cut(t, MAX_FIRST_WORDS) : undefined;
}

/** The answer the first message gives to the question being asked, if it gives one clearly. */
export function proposalFor(ctx: GuidedHelpContext): GuidedHelpContext['proposal'] {
  const q = ctx.question;
  if (!ctx.firstWords || !q || ctx.declined?.includes(q.id)) return undefined;
  const u = answerFromText(q, ctx.firstWords, ctx.lang);
  return u.kind === 'clear' ? { input: u.input, shown: u.shown } : undefined;
}
