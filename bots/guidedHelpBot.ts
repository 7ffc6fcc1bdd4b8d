// The ready guided-help bot (documented on the class).
import { ActivityHandler, TurnContext, type Activity, type ConversationReference, type Storage } from 'botbuilder-core';
import { GuidedHelpDialog, type GuidedHelpTurn } from '../dialogs/guidedHelp/guidedHelpDialog.js';
import { message, portalLanguageOf } from '../dialogs/guidedHelp/guidedHelpMessages.js';
import type { GuidedHelpMachine } from '../dialogs/guidedHelp/guidedHelpMachine.js';
import type { GuidedHelpPortal } from '../dialogs/guidedHelp/guidedHelpPortal.js';
import { DefaultGuidedHelpRenderer, type GuidedHelpRenderer } from '../dialogs/guidedHelp/guidedHelpRenderer.js';
import type { GuidedHelpEvent, GuidedHelpSettings } from '../dialogs/guidedHelp/guidedHelpTypes.js';
import type { AnsweredQuestionInput } from '../src/schemas/guidedHelpRequests.js';
import { isTransientTurnError } from '../src/adapter/turnErrors.js';
import { parseCommand } from './guidedHelpCommands.js';
import { asksForPerson } from '../dialogs/guidedHelp/personRequest.js';
import { customerTopicName, matchTopic, topicFigureName, topicName, topicPicker, topicQuestion, withPersonOffered, type GuidedHelpTopic } from './guidedHelpTopics.js';
import { aboutOtherBusiness } from './topicHedges.js';
import { smallTalkOf } from '../dialogs/guidedHelp/understanding/smallTalk.js';
import { packTagOf } from '../src/languages/languagePacks.js';
import { parseExactAnswer } from '../dialogs/guidedHelp/answerParsing.js';
import { isBareNumber } from '../dialogs/guidedHelp/understanding/numbersInText.js';
import { understandTopic } from './topicUnderstanding.js';
import { TopicVocabulary } from './topicVocabulary.js';
import { contentWords } from '../dialogs/guidedHelp/understanding/textTokens.js';
import { figuresOfTurn, type GuidedHelpFigures } from './guidedHelpFigures.js';
import { GreetedConversations } from './greetedConversations.js';

/**
 * What a `GuidedHelpBot` is built with: where its state lives and the portal; the rest has
 * defaults.
 */
export interface GuidedHelpBotOptions {
  /**
   * Where each conversation's dialog is kept: the bot server's Storage, so any replica takes the
   * next turn.
   */
  storage: Storage;
  /** The portal port (PortalManagerGuidedHelpPortal over the real client, or a test double). */
  portal: GuidedHelpPortal;
  /** Topics to offer; default: the portal's casebases with a live release. */
  casebases?: GuidedHelpTopic[];
  /** Guided-help profile of every session; default: the portal's default profile. */
  profileId?: string;
  /** Language of conversations whose activities carry no locale; default en-US. */
  language?: string;
  /**
   * How the dialog's questions and answers become activities; default `DefaultGuidedHelpRenderer`.
   */
  renderer?: GuidedHelpRenderer;
  /** The dialog's settings (inactivity deadline, attempts ...), over the defaults. */
  settings?: Partial<GuidedHelpSettings>;
  /** A machine of your own (its actors provided); default: the standard one over `portal`. */
  machine?: GuidedHelpMachine;
  /**
   * Told after each turn when the conversation's inactivity deadline falls (ms since epoch);
   * awaited, so a deadline that could not be recorded fails the turn (retried, T1).
   */
  scheduleDeadline?: (reference: Partial<ConversationReference>, at: number) => void | Promise<void>;
  /** Told when the conversation has no dialog any more (ended, restarted): its deadline is void. */
  cancelDeadline?: (conversationId: string) => void | Promise<void>;
  /** The clock, in ms since the epoch; default `Date.now`. */
  now?: () => number;
  /** Where portal failures and ignored events are logged. */
  log?: { warn(obj: object, msg: string): void };
  /** Told when a conversation starts on a topic and how it goes: solved, rejected, abandoned (O5). */
  figures?: GuidedHelpFigures;
}

/** channelData a channel may add to the first message: topic and answers known in advance. */
interface GuidedHelpChannelData {
  casebaseId?: string;
  articleId?: string;
  useLiveRelease?: boolean;
  answers?: AnsweredQuestionInput[];
}

const DEADLINE_EVENTS = new Set(['ContinueConversation', 'guidedHelp.deadline']);

/**
 * The ready guided-help bot (B3): an ordinary botbuilder ActivityHandler that greets, lets
 * the customer pick a topic (a casebase), runs the guided-help dialog, and understands a few
 * commands: help, restart, agent, save, resume <code> (and aide, recommencer, conseiller,
 * sauvegarder, reprendre). It speaks the conversation's language (activity.locale), English
 * and French at least, and asks the portal in that language too.
 *
 * Its state lives in the Storage it is given (the dialog's snapshot per conversation), so any
 * replica can take the next turn (B5). Inactivity deadlines are reported through
 * `scheduleDeadline` (and `cancelDeadline` when the dialog ends); InboxDeadlines keeps them in
 * the conversation's inbox (T2). When one falls, the bot runs on an event activity named
 * `guidedHelp.deadline` (or `ContinueConversation`); one whose value names a deadline that is no
 * longer the dialog's (the customer answered in time) does nothing.
 */
export class GuidedHelpBot extends ActivityHandler {
  /** The guided-help dialog the bot runs, for a bot that extends this one. */
  readonly dialog: GuidedHelpDialog;
  private readonly renderer: GuidedHelpRenderer;
  private readonly now: () => number;
  private readonly vocabulary: TopicVocabulary;
  private readonly greeted: GreetedConversations;

  /**
   * @param opts - the storage and portal, and optional topics, language, renderer, deadlines and
   * clock
   */
  constructor(private readonly opts: GuidedHelpBotOptions) {
    super();
    this.dialog = new GuidedHelpDialog({ storage: opts.storage, portal: opts.portal, machine: opts.machine, settings: opts.settings });
    this.renderer = opts.renderer ?? new DefaultGuidedHelpRenderer();
    this.now = opts.now ?? Date.now;
    this.vocabulary = new TopicVocabulary(opts.portal, this.now);
    this.greeted = new GreetedConversations(opts.storage, (conversationId) => this.dialog.store.keyOf(conversationId));

    this.onMessage(async (context, next) => {
      await this.guarded(context, () => this.onCustomerText(context));
      await next();
    });
    this.onMembersAdded(async (context, next) => {
      const others = (context.activity.membersAdded ?? []).filter((m) => m.id !== context.activity.recipient?.id);
      // On the hub a conversation starts with the customer's own words, answered by the message
      // turn that follows (a topic, or the topics to pick from): greeting first would say it twice.
      // A start seen again (a late signal, a start record lost) finds the greeting already sent (U1).
      if (others.length > 0 && !startsWithCustomerWords(context)) await this.guarded(context, () => this.greetOnce(context));
      await next();
    });
    this.onEvent(async (context, next) => {
      if (DEADLINE_EVENTS.has(context.activity.name ?? '')) await this.guarded(context, () => this.onDeadline(context));
      await next();
    });
    this.onEndOfConversation(async (context, next) => {
      await this.dialog.reset(context.activity.conversation.id);
      await this.opts.cancelDeadline?.(context.activity.conversation.id);
      await this.greeted.forget(context.activity.conversation.id);
      await next();
    });
  }

  /** The conversation's language; one the bot does not offer falls back to the account's default (I3). */
  private locale(context: TurnContext, fallback?: string): string {
    const asked = context.activity.locale || fallback;
    return asked && packTagOf(asked) ? asked : this.opts.language || 'en-US';
  }

  private async onCustomerText(context: TurnContext): Promise<void> {
    const a = context.activity;
    const conversationId = a.conversation.id;
    const at = this.now();
    const state = await this.dialog.status(conversationId, at);
    const locale = this.locale(context, state.lang);
    if (state.expired) await this.send(context, await this.dialog.handle(conversationId, { type: 'TICK', at }, this.input(locale)), locale);
    const active = state.status === 'active' && !state.expired;
    const base = { at, activityId: a.id };
    // "agent", or a request for a person in the customer's own words (H5).
    const command = parseCommand(a.text) ?? (asksForPerson(a.text) ? ({ kind: 'agent' } as const) : undefined);
    switch (command?.kind) {
      case 'help':
        await context.sendActivity(message(locale, 'help'));
        if (active) await this.runDialog(context, { type: 'REPEAT', at }, locale);
        return;
      case 'restart':
        await this.dialog.reset(conversationId);
        await this.opts.cancelDeadline?.(conversationId);
        await context.sendActivity(message(locale, 'restarted'));
        return this.greet(context);
      case 'agent':
        return this.runDialog(context, { ...base, type: 'AGENT' }, locale);
      case 'save':
        return this.runDialog(context, { ...base, type: 'SAVE' }, locale);
      case 'resume':
        if (active) await this.dialog.reset(conversationId);
        return this.runDialog(context, { ...base, type: 'RESUME', code: command.code }, locale);
    }
    if (active) return this.runDialog(context, { ...base, type: 'TEXT', text: a.text ?? '' }, locale);
    // The message that ended the dialog, run again (a replica drained or died before its turn was
    // acknowledged, M5): its answers were given by the first run; read as a new first message it
    // would get "which topic?" after the goodbye.
    if (state.status === 'done' && a.id && state.lastActivityId === a.id) return;
    return this.startFromMessage(context, locale, state.status === 'done');
  }

  /**
   * No dialog yet: the topic comes from channelData, the only topic, or the customer's words.
   * `afterEnd`: a dialog of this conversation ended (the bot said goodbye), so what is not
   * understood starts again politely (U7).
   */
  private async startFromMessage(context: TurnContext, locale: string, afterEnd = false): Promise<void> {
    const a = context.activity;
    const cd = ((a.channelData ?? {}) as { guidedHelp?: GuidedHelpChannelData }).guidedHelp;
    const topics = await this.topics(context, locale);
    let topic = cd?.casebaseId ? undefined : topics.length === 1 ? topics[0] : matchTopic(topics, a.text ?? '', locale);
    if (!cd?.casebaseId && !topic && topics.length > 1) {
      topic = await this.topicInOwnWords(context, topics, locale, afterEnd);
      if (!topic) return;
    }
    const casebaseId = cd?.casebaseId ?? topic?.casebaseId;
    if (!casebaseId) return this.greet(context, topics);
    const named = topic ?? topics.find((t) => t.casebaseId === casebaseId);
    await this.runDialog(
      context,
      {
        type: 'START',
        at: this.now(),
        activityId: a.id,
        casebaseId,
        useLiveRelease: cd?.useLiveRelease ?? topic?.useLiveRelease ?? true,
        ...(cd?.articleId ? { articleId: cd.articleId } : {}),
        ...(cd?.answers?.length ? { answers: cd.answers } : {}),
        ...(a.text ? { initialText: a.text } : {}),
      },
      locale,
      named ? topicFigureName(named, locale) : casebaseId,
    );
  }

  /**
   * The topic in the customer's own words (B6): by the topics' names first, then by their
   * casebases' own texts. A clear match goes on and says so ("Printers: got it"); close ones
   * are asked about; nothing understood is said plainly, with the topics again.
   */
  private async topicInOwnWords(context: TurnContext, topics: GuidedHelpTopic[], locale: string, afterEnd: boolean): Promise<GuidedHelpTopic | undefined> {
    const text = context.activity.text ?? '';
    // "thanks, bye", "merci, au revoir", "danke, tschüss": a goodbye answered with one (U7).
    const talk = smallTalkOf(text, locale);
    if (talk === 'ending') return void (await context.sendActivity(message(locale, 'farewell')));
    if (afterEnd && talk === 'greeting') return void (await context.sendActivity(topicPicker(topics, message(locale, 'welcomeBack'), locale)));
    // A bare number no topic answers to: a position out of the list, or none offered (U3).
    if (isBareNumber(text)) {
      const hint = parseExactAnswer(topicQuestion(topics, locale), text);
      const line = !hint.ok && hint.hint === 'notAPosition' ? message(locale, 'hintNotAPosition', { count: topics.length }) : message(locale, 'topicNotUnderstood');
      return void (await context.sendActivity(topicPicker(topics, line, locale)));
    }
    // "hello", "good evening", "moin": nothing to understand yet, so a greeting rather than "I did
    // not understand" (U7); once greeted (the customer wrote while the greeting was on its way),
    // the topics again in other words, an answer of its own rather than the greeting twice (U1).
    if (talk === 'greeting' || contentWords(text).length === 0) {
      if (!(await this.greeted.has(context.activity.conversation.id))) return void (await this.greet(context, topics));
      return void (await context.sendActivity(topicPicker(topics, message(locale, 'topicsAgain'), locale)));
    }
    // Billing, orders, prices, cancelling: what the bot can help with, and a person (U7).
    if (aboutOtherBusiness(text, locale)) return void (await context.sendActivity(withPersonOffered(topicPicker(topics, message(locale, 'offTopic'), locale), locale)));
    // One pass over names and casebase words together: a name alone would pick the printers for
    // "Wi-Fi is slow and the printer jams", where the words of the other topic make it a question.
    const u = understandTopic(topics, text, locale, await this.vocabulary.of(topics, portalLanguageOf(locale)));
    if (u.kind === 'clear') {
      const echo = this.renderer.render({ type: 'understood', text: topicName(u.topic, locale) }, locale);
      await context.sendActivities(echo.map((x) => ({ ...x, locale })));
      return u.topic;
    }
    // After the bot's goodbye, a new message it does not understand starts again politely (U7).
    const [candidates, key] = u.kind === 'close' ? [u.topics, 'whichTopic' as const] : [topics, afterEnd ? ('welcomeBack' as const) : ('topicNotUnderstood' as const)];
    await context.sendActivity(topicPicker(candidates, message(locale, key), locale));
    return undefined;
  }

  private async onDeadline(context: TurnContext): Promise<void> {
    const conversationId = context.activity.conversation.id;
    const state = await this.dialog.status(conversationId);
    if (state.status !== 'active') return;
    // A deadline that is not the dialog's current one was superseded: the customer answered.
    const due = (context.activity.value as { deadline?: unknown } | undefined)?.deadline;
    if (typeof due === 'number' && due !== state.deadline) return;
    await this.runDialog(context, { type: 'TICK', at: this.now() }, this.locale(context, state.lang));
  }

  /** The start turn's greeting, unless the conversation was greeted already (U1). */
  private async greetOnce(context: TurnContext): Promise<void> {
    if (!(await this.greeted.has(context.activity.conversation.id))) await this.greet(context);
  }

  /** The greeting with the topics to pick from, recorded as sent (GreetedConversations). */
  private async greet(context: TurnContext, known?: GuidedHelpTopic[]): Promise<void> {
    const locale = this.locale(context);
    const topics = known ?? (await this.topics(context, locale));
    // A language the bot does not offer: said once, in the default language, with the greeting (I3).
    if (context.activity.locale && !packTagOf(context.activity.locale)) await context.sendActivity(message(locale, 'languageFallback'));
    await context.sendActivity(topics.length === 0 ? message(locale, 'noTopics') : topicPicker(topics, message(locale, 'greeting'), locale));
    await this.greeted.mark(context.activity.conversation.id, this.now());
  }

  private async topics(context: TurnContext, locale: string): Promise<GuidedHelpTopic[]> {
    if (this.opts.casebases) return this.opts.casebases;
    const list = await this.opts.portal.listCasebases({ acceptLanguage: portalLanguageOf(locale), conversationId: context.activity.conversation.id });
    // Release names carry versions ("Printers 3.0"): the customer sees the topic's own name (U8).
    return list.map((c) => ({ casebaseId: c.casebaseId, name: customerTopicName(c.name) }));
  }

  private input(locale: string) {
    return { lang: portalLanguageOf(locale), ...(this.opts.profileId ? { profileId: this.opts.profileId } : {}) };
  }

  /** @param figureTopic - for a START, the topic as the contact-center figures name it */
  private async runDialog(context: TurnContext, event: GuidedHelpEvent, locale: string, figureTopic?: string): Promise<void> {
    const turn = await this.dialog.handle(context.activity.conversation.id, event, this.input(locale));
    if (event.type === 'START' && !turn.duplicate) {
      await this.opts.figures?.started(context.activity.conversation.id, figureTopic ?? event.casebaseId);
      // The dialog's item now says the conversation was greeted (GreetedConversations).
      await this.greeted.dialogStarted(context.activity.conversation.id);
    }
    await this.send(context, turn, locale);
    if (turn.status === 'active' && turn.deadline !== undefined) {
      await this.opts.scheduleDeadline?.(TurnContext.getConversationReference(context.activity), turn.deadline);
    } else if (turn.status !== 'active') {
      await this.opts.cancelDeadline?.(context.activity.conversation.id);
    }
  }

  private async send(context: TurnContext, turn: GuidedHelpTurn, locale: string): Promise<void> {
    for (const figure of figuresOfTurn(turn.outputs)) await this.opts.figures?.count(context.activity.conversation.id, figure);
    const activities: Partial<Activity>[] = [];
    if (turn.versionChanged) activities.push({ type: 'message', text: message(locale, 'versionChanged') });
    for (const output of turn.outputs) activities.push(...this.renderer.render(output, locale));
    if (activities.length > 0) await context.sendActivities(activities.map((x) => ({ ...x, locale })));
  }

  /**
   * A failure becomes one plain apology: never a stack trace to the customer. A transient one
   * (Redis unreachable, a storage conflict) is left to the inbox, which runs the turn again (T1).
   */
  private async guarded(context: TurnContext, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      if (isTransientTurnError(err)) throw err;
      this.opts.log?.warn({ err: err instanceof Error ? err.name : 'unknown', conversationId: context.activity.conversation?.id }, 'guided help turn failed');
      await context.sendActivity(message(this.locale(context), 'turnError'));
    }
  }
}

/** A start turn carrying the customer's first message (the hub's conversationUpdate, T4). */
function startsWithCustomerWords(context: TurnContext): boolean {
  const hubMessage = (context.activity.channelData as { hubMessage?: { type?: { value?: string } } } | undefined)?.hubMessage;
  // A blank first message too: its own turn greets (U1), so the start turn must not as well.
  return hubMessage?.type?.value === 'text';
}
