/**
 * What a guided-help turn means for the contact-center figures (O5): a solution accepted ends
 * the dialog solved; a solution rejected (the dialog goes on, or hands over because of it) is a
 * rejection; an inactivity end is an abandoned conversation. Handovers are counted by the
 * server from the transfer and its outcome (H1), not here.
 */
import type { GuidedHelpOutput } from '../dialogs/guidedHelp/guidedHelpTypes.js';
import type { Figure } from '../src/observability/contactCenterFigures.js';

export type TurnFigure = Extract<Figure, 'solved' | 'rejected' | 'abandoned'>;

export function figuresOfTurn(outputs: readonly GuidedHelpOutput[]): TurnFigure[] {
  const figures: TurnFigure[] = [];
  for (const o of outputs) {
    if (o.type === 'end') figures.push(o.reason === 'solved' ? 'solved' : 'abandoned');
    else if (o.type === 'say' && o.key === 'rejectedNext') figures.push('rejected');
    else if (o.type === 'escalate' && o.reason === 'rejectedClosed') figures.push('rejected');
  }
  return figures;
}

/** What the bot tells (ContactCenterFigures fits). */
export interface GuidedHelpFigures {
  started(conversationId: string, topic: string): Promise<void>;
  count(conversationId: string, figure: TurnFigure): Promise<void>;
}
