/**
 * A data question as spec 2.2 shows it: unansweredQuestion[] items, and answeredQuestion[]
 * items with previousAnswer, validAnswerRange and answerSource. Custom attributes appear only
 * when the request asked for them (`ghCustomAdditionalAttributes=question.custom.<name>`),
 * named by their internal name, the one the request uses.
 */
import type { AnsweredQuestion, UnansweredQuestion } from '../../../schemas/guidedHelpQuestions.js';
import type { QuestionData } from '../knowledge/knowledgeSchema.js';
import { metadataView, pickText } from '../knowledge/localizedText.js';
import type { GivenAnswer } from './guidedSession.js';

export interface ViewOptions {
  lang: string;
  fallbackLang: string;
  /** Internal names of the custom attributes asked for; none when undefined. */
  customAttributes?: ReadonlySet<string>;
}

export function questionView(q: QuestionData, o: ViewOptions): UnansweredQuestion & { validAnswerRange?: unknown } {
  const t = (x: Parameters<typeof pickText>[0]) => pickText(x, o.lang, o.fallbackLang);
  const view: UnansweredQuestion & { validAnswerRange?: unknown } = {
    id: q.id,
    title: t(q.title),
    type: q.type,
    format: q.format,
    shortName: q.shortName,
    hasAdditionalInfo: q.hasAdditionalInfo,
    hasAction: false,
    validAnswer: q.answers.map((a) => ({
      id: a.id,
      text: t(a.text),
      depth: 1,
      isInvisible: false,
      ...(a.conceptName ? { conceptName: a.conceptName } : {}),
      ...(a.lowerValue !== undefined ? { lowerValue: a.lowerValue, upperValue: a.upperValue, lowerInclusive: a.lowerInclusive ?? true, upperInclusive: a.upperInclusive ?? false } : {}),
    })),
    metadata: q.metadata.map((m) => metadataView(m, o.lang, o.fallbackLang)),
  };
  // 2.2 shows validAnswerRange on answered questions only; a numeric question carries it
  // unanswered too, so a client can check a value before sending it (unknown fields are kept).
  if (q.range) view.validAnswerRange = { ...q.range };
  if (o.customAttributes) {
    view.customAttributes = q.customAttributes
      .filter((c) => o.customAttributes!.has(c.internalName))
      .map((c) => ({ name: c.internalName, displayName: c.name, value: c.value, type: c.type }));
  }
  return view;
}

export function answeredQuestionView(q: QuestionData, given: GivenAnswer, o: ViewOptions): AnsweredQuestion {
  const base = questionView(q, o);
  const text = (id: string) => {
    const a = q.answers.find((x) => x.id === id);
    return a ? pickText(a.text, o.lang, o.fallbackLang) : undefined;
  };
  const previousAnswer =
    q.type === 'numeric' || q.type === 'text'
      ? [{ value: given.value, ...(given.answerIds[0] ? { id: given.answerIds[0], text: text(given.answerIds[0]) } : {}) }]
      : given.answerIds.map((id) => ({ id, text: text(id) }));
  return { ...base, previousAnswer, answerSource: given.source } as AnsweredQuestion;
}
