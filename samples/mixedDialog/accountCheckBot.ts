/**
 * A bot with a dialog of its own around guided help: it first asks for the customer's account
 * number (its own step, its own state), then runs guided help on one casebase through
 * GuidedHelpDialog, and adds the account number to the summary an agent receives if the
 * customer is handed over. When guided help ends, the bot's own flow takes over again.
 */
import { ActivityHandler, ConversationState, MessageFactory, type Activity, type Storage, type TurnContext } from 'botbuilder-core';
import { GuidedHelpDialog, type GuidedHelpTurn, portalLanguageOf, textLanguageOf, type GuidedHelpPortal, DefaultGuidedHelpRenderer, type GuidedHelpEvent } from 'botbuilder-adapter-conversation-hub/dialogs';

interface Progress {
  step: 'askAccount' | 'guidedHelp' | 'finished';
  account?: string;
}

const TEXT = {
  en: { askAccount: 'Welcome! What is your account number (6 to 10 digits)?', badAccount: 'An account number has 6 to 10 digits.', finished: 'Thank you. Type anything to start again.' },
  fr: { askAccount: 'Bienvenue ! Quel est votre numéro de client (6 à 10 chiffres) ?', badAccount: 'Un numéro de client a de 6 à 10 chiffres.', finished: 'Merci. Écrivez-nous pour recommencer.' },
  es: { askAccount: '¡Bienvenido! ¿Cuál es su número de cliente (de 6 a 10 cifras)?', badAccount: 'Un número de cliente tiene de 6 a 10 cifras.', finished: 'Gracias. Escriba lo que quiera para empezar de nuevo.' },
  de: { askAccount: 'Willkommen! Wie lautet Ihre Kundennummer (6 bis 10 Ziffern)?', badAccount: 'Eine Kundennummer hat 6 bis 10 Ziffern.', finished: 'Danke. Schreiben Sie etwas, um neu zu beginnen.' },
};

export class AccountCheckBot extends ActivityHandler {
  private readonly state: ConversationState;
  private readonly progress;
  private readonly guidedHelp: GuidedHelpDialog;
  private readonly renderer = new DefaultGuidedHelpRenderer();

  constructor(opts: { storage: Storage; portal: GuidedHelpPortal; casebaseId: string }) {
    super();
    this.state = new ConversationState(opts.storage);
    this.progress = this.state.createProperty<Progress>('accountCheck');
    // Same Storage, its own keys: the dialog's snapshot sits beside the bot's own state.
    this.guidedHelp = new GuidedHelpDialog({ storage: opts.storage, portal: opts.portal });

    this.onMessage(async (context, next) => {
      const locale = context.activity.locale ?? 'en-US';
      const t = TEXT[textLanguageOf(locale)];
      const p = await this.progress.get(context, { step: 'finished' });
      const text = (context.activity.text ?? '').trim();
      if (p.step === 'finished') {
        await this.progress.set(context, { step: 'askAccount' });
        await context.sendActivity(t.askAccount);
      } else if (p.step === 'askAccount') {
        if (!/^\d{6,10}$/.test(text)) {
          await context.sendActivity(t.badAccount);
        } else {
          await this.progress.set(context, { step: 'guidedHelp', account: text });
          await this.guided(context, { type: 'START', at: Date.now(), activityId: context.activity.id, casebaseId: opts.casebaseId }, text);
        }
      } else {
        await this.guided(context, { type: 'TEXT', at: Date.now(), activityId: context.activity.id, text }, p.account);
      }
      await next();
    });
  }

  /** One guided-help turn; when it is over, the bot's own flow resumes. */
  private async guided(context: TurnContext, event: GuidedHelpEvent, account: string | undefined): Promise<void> {
    const locale = context.activity.locale ?? 'en-US';
    const turn = await this.guidedHelp.handle(context.activity.conversation.id, event, { lang: portalLanguageOf(locale) });
    await context.sendActivities(this.render(turn, locale, account));
    if (turn.status !== 'active') {
      await this.progress.set(context, { step: 'finished' });
      await context.sendActivity(MessageFactory.text(TEXT[textLanguageOf(locale)].finished));
    }
  }

  private render(turn: GuidedHelpTurn, locale: string, account: string | undefined): Partial<Activity>[] {
    return turn.outputs.flatMap((output) => {
      // The agent sees the account beside the answers guided help collected.
      if (output.type === 'escalate' && account) {
        return this.renderer.render({ ...output, summary: { ...output.summary, answers: [['account', account], ...output.summary.answers] } }, locale);
      }
      return this.renderer.render(output, locale);
    });
  }

  override async run(context: TurnContext): Promise<void> {
    await super.run(context);
    await this.state.saveChanges(context, false);
  }
}
