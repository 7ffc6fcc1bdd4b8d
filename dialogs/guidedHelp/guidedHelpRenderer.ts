/**
 * Turns the machine's outputs into ordinary botbuilder activities, which the HubAdapter maps
 * to hub messages (hubMessagesFromActivity.ts): suggested actions become a quick reply, a
 * list of hero cards a list picker (multi-select through channelData), one card with an
 * openUrl a rich link, and the `handoff` event an escalation.transfer with its summary.
 *
 *   radioButton                → quick replies
 *   dropdown                   → list picker
 *   checkbox, mutliSelect      → multi-select list picker
 *   number, text fields        → plain text (the answer is typed)
 *   close candidates (B6)      → quick replies of those only ("Which one do you mean?")
 *   a first message's answer   → Yes / No quick replies, to confirm it in one tap
 *
 * A bot that wants other messages implements GuidedHelpRenderer (see samples/).
 */
import { ActivityTypes, CardFactory, MessageFactory, type Activity, type CardAction } from 'botbuilder-core';
import { allowedInterval } from './answerParsing.js';
import { isMulti, type AskedQuestion } from './askedQuestion.js';
import { message, type MessageKey } from './guidedHelpMessages.js';
import type { EscalationReason, GuidedHelpOutput } from './guidedHelpTypes.js';
import { summaryText } from './handoverSummary.js';

/**
 * Turns the dialog's outputs (questions, solutions, escalations ...) into activities. Implement it
 * to change how the dialog looks; `DefaultGuidedHelpRenderer` uses suggested actions and cards.
 */
export interface GuidedHelpRenderer {
  /**
   * The activities for one output, in the language of `locale`.
   *
   * @param output - one output of the dialog
   * @param locale - the conversation's locale
   */
  render(output: GuidedHelpOutput, locale: string): Partial<Activity>[];
}

/** Options of the default renderer. */
export interface DefaultRendererOptions {
  /** The address of an article, when articles can be linked; otherwise their names are listed. */
  articleUrl?: (articleId: string) => string | undefined;
}

const HINT_KEYS: Record<string, MessageKey> = {
  noMatch: 'hintNoMatch',
  ambiguous: 'hintAmbiguous',
  oneOnly: 'hintOneOnly',
  notANumber: 'hintNotANumber',
  outOfRange: 'hintOutOfRange',
  notAPosition: 'hintNotAPosition',
  empty: 'hintEmpty',
  tooLong: 'hintTooLong',
  yesNo: 'hintYesNo',
};

const ESCALATION_KEYS: Record<EscalationReason, MessageKey> = {
  customer: 'escalateCustomer',
  noSolution: 'escalateNoSolution',
  portalFailure: 'escalatePortal',
  rejectedClosed: 'escalateRejectedClosed',
};

/**
 * The range a number must fall in, said plainly (U3): "between 1 and 999", "greater than 0 and
 * at most 999", "of at least 1". Exclusive ends are said as "greater than" / "less than".
 *
 * @param q - the numeric question
 * @param locale - the conversation's locale
 */
export function rangeText(q: AskedQuestion, locale: string): string {
  const r = allowedInterval(q);
  if (!r || (r.min === undefined && r.max === undefined)) return '';
  const p = { min: r.min ?? '', max: r.max ?? '' };
  const lower = message(locale, r.minInc ? 'rangeAtLeast' : 'rangeGreaterThan', p);
  if (r.min !== undefined && r.max !== undefined) {
    if (r.minInc && r.maxInc) return message(locale, 'rangeBetween', p);
    return message(locale, 'rangeBoth', { lower, upper: message(locale, r.maxInc ? 'rangeUpTo' : 'rangeLessThan', p) });
  }
  return r.min !== undefined ? lower : message(locale, r.maxInc ? 'rangeAtMost' : 'rangeLessThan', p);
}

/**
 * The text that tells the customer why their answer could not be read, in their language.
 *
 * @param hint - the parsed answer's hint
 * @param q - the question asked, for its range
 * @param locale - the conversation's locale
 */
export function hintText(hint: string, q: AskedQuestion | undefined, locale: string): string {
  const key = HINT_KEYS[hint];
  if (!key) return '';
  return message(locale, key, { range: q ? rangeText(q, locale) : '', count: q?.options.length ?? 0 });
}

/** A list's items with their positions, the positions a bare number picks by (U3). */
export function numbered(text: string, index: number): string {
  return `${index + 1}. ${text}`;
}

/** The summary an agent reads with an escalation.transfer (H3): handoverSummary.ts. */
export { summaryText } from './handoverSummary.js';

function choice(title: string, value: string): CardAction {
  return { type: 'imBack', title, value };
}

/**
 * The default rendering of the guided-help dialog, in English and French: choices as suggested
 * actions (a list picker beyond a few), solutions with their articles, yes/no questions, summaries
 * for the agent.
 */
export class DefaultGuidedHelpRenderer implements GuidedHelpRenderer {
  /** @param options - how articles are linked */
  constructor(private readonly options: DefaultRendererOptions = {}) {}

  /** {@inheritDoc GuidedHelpRenderer.render} */
  render(output: GuidedHelpOutput, locale: string): Partial<Activity>[] {
    switch (output.type) {
      case 'ask':
        if (output.proposal) return [this.yesNo([output.question.title, message(locale, 'proposal', { answer: output.proposal })].join('\n'), locale, false)];
        if (output.candidates?.length) {
          return [MessageFactory.suggestedActions(output.candidates.map((o) => choice(o.text, o.id)), [message(locale, 'whichOne'), output.question.title].join('\n'))];
        }
        return [this.question(output.question, locale, output.hint)];
      case 'understood':
        return [MessageFactory.text(message(locale, 'understood', { text: output.text }))];
      case 'offer': {
        const head = [output.hint ? message(locale, 'hintYesNo') : '', message(locale, output.count === 1 ? 'offerOne' : output.countChanged ? 'offerChanged' : 'offer', { title: output.solution.title, rank: output.rank, count: output.count })];
        const links = output.solution.articles.map((a) => ({ a, url: this.options.articleUrl?.(a.id) }));
        const unlinked = links.filter((l) => !l.url).map((l) => `- ${l.a.name} (${l.a.id})`);
        if (unlinked.length) head.push(message(locale, 'articles'), ...unlinked);
        const cards = links
          .filter((l) => l.url)
          .map((l) => MessageFactory.attachment(CardFactory.heroCard(l.a.name, undefined, undefined, { tap: { type: 'openUrl', title: l.a.name, value: l.url! } })));
        return [MessageFactory.text(head.filter(Boolean).join('\n')), ...cards, this.yesNo(message(locale, 'offerQuestion'), locale, true)];
      }
      case 'askMore':
        return [this.yesNo([output.hint ? message(locale, 'hintYesNo') : '', message(locale, 'askMore')].filter(Boolean).join('\n'), locale, false)];
      case 'say':
        return [MessageFactory.text(message(locale, output.key))];
      case 'saved':
        return [MessageFactory.text(message(locale, 'saved', { code: output.code }))];
      case 'escalate':
        return [
          MessageFactory.text(message(locale, ESCALATION_KEYS[output.reason])),
          { type: ActivityTypes.Event, name: 'handoff', value: { summary: summaryText(output.summary, locale), reason: output.reason } },
        ];
      case 'end':
        return output.reason === 'solved'
          ? [MessageFactory.text(message(locale, 'solved'))]
          : [MessageFactory.text(message(locale, 'endedInactivity')), { type: ActivityTypes.EndOfConversation }];
    }
  }

  private question(q: AskedQuestion, locale: string, hint?: string): Partial<Activity> {
    const lines = [hint ? hintText(hint, q, locale) : '', q.title, q.info ?? ''];
    if (q.format === 'radioButton') {
      return MessageFactory.suggestedActions(q.options.map((o) => choice(o.text, o.id)), lines.filter(Boolean).join('\n'));
    }
    if (q.format === 'dropdown' || isMulti(q)) {
      if (isMulti(q)) lines.push(message(locale, 'pickSeveral'));
      // Numbered: a list offers positions, so a bare "2" picks the second (answerParsing.ts).
      const cards = q.options.map((o, i) => CardFactory.heroCard(numbered(o.text, i), undefined, [choice(o.text, o.id)]));
      const activity = MessageFactory.list(cards, lines.filter(Boolean).join('\n'));
      if (isMulti(q)) activity.channelData = { multiSelect: true };
      return activity;
    }
    if (q.format === 'number' && !hint) {
      const range = rangeText(q, locale);
      if (range) lines.push(`(${message(locale, 'numberRange', { range })})`);
    }
    return MessageFactory.text(lines.filter(Boolean).join('\n'));
  }

  private yesNo(text: string, locale: string, withAgent: boolean): Partial<Activity> {
    const actions = [choice(message(locale, 'yes'), 'yes'), choice(message(locale, 'no'), 'no')];
    if (withAgent) actions.push(choice(message(locale, 'agent'), 'agent'));
    return MessageFactory.suggestedActions(actions, text);
  }
}
