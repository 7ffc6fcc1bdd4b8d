/**
 * The summary an agent reads with an escalation.transfer (H3 of docs/platform-contract.md):
 * what the customer answered, the solutions tried (accepted or rejected, with their article
 * ids), the one on offer if the customer left it unanswered, the conversation's language and
 * the transcript's id. It travels as the transfer's `content.summary` (a string, as the hub
 * takes it) and is bounded for an agent's first glance: past `maxLength`, the last answers,
 * then the oldest solutions, give way to "(n more)"; the language and transcript lines stay.
 */
import { message } from './guidedHelpMessages.js';
import type { EscalationSummary, TriedSolution } from './guidedHelpTypes.js';

/** Longest summary, in characters: a few lines on an agent's screen. */
export const SUMMARY_MAX_LENGTH = 1000;

function solutionLine(s: Omit<TriedSolution, 'ok'>, outcome?: string): string {
  const articles = s.a?.length ? ` [${s.a.join(', ')}]` : '';
  return `- ${s.t}${articles}${outcome ? ` (${outcome})` : ''}`;
}

function compose(summary: EscalationSummary, locale: string, dropAnswers: number, dropTried: number): string {
  const lines: string[] = [];
  const answers = summary.answers.slice(0, summary.answers.length - dropAnswers);
  if (summary.answers.length) {
    lines.push(message(locale, 'summaryAnswers'), ...answers.map(([q, a]) => `- ${q}: ${a}`));
    if (dropAnswers) lines.push(`- ${message(locale, 'summaryMore', { n: dropAnswers })}`);
  }
  if (summary.tried.length) {
    // The latest solutions matter most to the agent: the oldest give way first.
    const tried = summary.tried.slice(dropTried);
    lines.push(message(locale, 'summaryTried'));
    if (dropTried) lines.push(`- ${message(locale, 'summaryMore', { n: dropTried })}`);
    lines.push(...tried.map((t) => solutionLine(t, message(locale, t.ok ? 'summaryAccepted' : 'summaryRejected'))));
  }
  if (summary.offered) lines.push(message(locale, 'summaryOffered'), solutionLine(summary.offered));
  if (summary.lang) lines.push(`${message(locale, 'summaryLanguage')} ${summary.lang}`);
  if (summary.transcript) lines.push(`${message(locale, 'summaryTranscript')} ${summary.transcript}`);
  return lines.join('\n');
}

/**
 * The summary text, at most `maxLength` characters.
 *
 * @param summary - the escalation's summary
 * @param locale - the agent-facing language
 * @param maxLength - the most characters; default `SUMMARY_MAX_LENGTH`
 */
export function summaryText(summary: EscalationSummary, locale: string, maxLength = SUMMARY_MAX_LENGTH): string {
  let dropAnswers = 0;
  let dropTried = 0;
  let text = compose(summary, locale, 0, 0);
  while (text.length > maxLength && (dropAnswers < summary.answers.length || dropTried < summary.tried.length)) {
    if (dropAnswers < summary.answers.length) dropAnswers++;
    else dropTried++;
    text = compose(summary, locale, dropAnswers, dropTried);
  }
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}
