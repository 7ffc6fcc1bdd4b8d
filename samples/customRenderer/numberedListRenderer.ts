/**
 * A question renderer for channels without buttons (SMS, plain-text chat): every question is
 * one text message with its answers numbered, so the customer replies "2" or "1, 3". The
 * guided-help machine already reads numbers, ids and answer texts, so only the rendering
 * changes; every other output (solutions, escalation, goodbyes) keeps the default rendering.
 */
import { MessageFactory, type Activity } from 'botbuilder-core';
import { isChoice, isMulti, textLanguageOf, DefaultGuidedHelpRenderer, hintText, rangeText, type GuidedHelpRenderer, type GuidedHelpOutput } from 'botbuilder-adapter-conversation-hub/dialogs';

const REPLY_WITH = {
  en: { one: 'Reply with a number.', several: 'Reply with one or more numbers, e.g. 1, 3.' },
  fr: { one: 'Répondez par un numéro.', several: 'Répondez par un ou plusieurs numéros, par exemple 1, 3.' },
  es: { one: 'Responda con un número.', several: 'Responda con uno o varios números, por ejemplo 1, 3.' },
  de: { one: 'Antworten Sie mit einer Zahl.', several: 'Antworten Sie mit einer oder mehreren Zahlen, z. B. 1, 3.' },
};

export class NumberedListRenderer implements GuidedHelpRenderer {
  private readonly fallback = new DefaultGuidedHelpRenderer();

  render(output: GuidedHelpOutput, locale: string): Partial<Activity>[] {
    if (output.type !== 'ask') return this.fallback.render(output, locale);
    const q = output.question;
    const lines = [output.hint ? hintText(output.hint, q, locale) : '', q.title];
    if (isChoice(q)) {
      lines.push(...q.options.map((o, i) => `${i + 1}. ${o.text}`));
      lines.push(REPLY_WITH[textLanguageOf(locale)][isMulti(q) ? 'several' : 'one']);
    } else if (q.format === 'number' && !output.hint) {
      const range = rangeText(q, locale);
      if (range) lines.push(`(${range})`);
    }
    return [MessageFactory.text(lines.filter(Boolean).join('\n'))];
  }
}
