/**
 * How the bot is told what of its cards the hub could not carry (N3): the cards it sent are
 * counted by kind (HubAdapterOptions.onCards, a metric in the bot server), a reply that lost
 * something is logged as a warning naming it and what was dropped, and with `strictCards` the
 * reply is refused instead, with a PlatformError the bot's sendActivity rejects with.
 */
import { PlatformError } from '../../errors/platformError.js';
import type { CardKind, CardLoss } from './cardParts.js';

/** What one reply's attachments became: for a metric by kind, or a bot's own bookkeeping. */
export interface CardReport {
  /** The hub conversation the reply was for. */
  conversationId: string;
  /** The reply's id: the activity's own, else the id of its first hub message. */
  activityId: string;
  /** One entry per attachment (and `suggestedActions` when the reply had some). */
  kinds: CardKind[];
  /** What could not be carried, per attachment; empty when everything was. */
  losses: CardLoss[];
  /** True when `strictCards` refused the reply because of its losses. */
  refused: boolean;
}

/** What the reporting needs of the adapter's options. */
export interface CardReportOptions {
  strictCards?: boolean;
  onCards?: (report: CardReport) => void;
  log?: { warn?(obj: object, msg: string): void };
}

/**
 * Reports one reply's cards; throws when `strictCards` is on and something was lost.
 *
 * @param report - the reply's cards, without `refused`
 * @param opts - the adapter's options
 * @throws PlatformError 400-121 naming the reply and what was dropped, under `strictCards`
 */
export function reportCards(report: Omit<CardReport, 'refused'>, opts: CardReportOptions): void {
  if (report.kinds.length === 0) return;
  const refused = opts.strictCards === true && report.losses.length > 0;
  opts.onCards?.({ ...report, refused });
  if (report.losses.length === 0) return;
  const dropped = describeLosses(report.losses);
  if (refused) throw PlatformError.of('400-121', { activityId: report.activityId, dropped });
  const fields = { conversationId: report.conversationId, activityId: report.activityId, dropped: report.losses };
  const message = 'the hub cannot carry all of this reply: what was dropped is sent as text where it has any';
  if (opts.log?.warn) opts.log.warn(fields, message);
  // With no logger, Node's own warning channel: never silent (N3).
  else process.emitWarning(`${message}. Reply ${report.activityId}: ${dropped}`, { code: 'HUB_CARD_LOSS' });
}

/** The losses in one line: `hero card #1: 2 more image(s); adaptive card #2: …`. */
export function describeLosses(losses: readonly CardLoss[]): string {
  return losses.map((l) => `${l.kind}${l.index !== undefined ? ` attachment #${l.index + 1}` : ''}: ${l.dropped.join('; ')}`).join('; ');
}
