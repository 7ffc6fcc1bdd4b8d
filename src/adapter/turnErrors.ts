/**
 * What a turn's failure means (T1 of docs/platform-contract.md), decided in one place:
 *
 * - transient (a storage eTag conflict, Redis unreachable, a platform error worth retrying):
 *   the turn is run again from the inbox, with backoff, and the customer sees nothing;
 * - anything else is the bot's own error: running it again would fail again. The customer gets
 *   a short notice in their language, the message is parked in the inbox's dead letters with
 *   the error (`hubbot dead-letters` lists and requeues them), and the developer's onTurnError
 *   still runs. The turn is counted once.
 */
import { PlatformError } from '../errors/platformError.js';
import { isETagConflict } from '../storage/eTagConflict.js';

/** Thrown to the inbox for a bot error: park the message at once, no retry. */
export class BotTurnError extends Error {
  readonly deadLetterNow = true;
  constructor(readonly turnError: unknown) {
    super(`the bot failed on this message: ${describe(turnError)}`);
    this.name = 'BotTurnError';
  }
}

/**
 * A reply the outbox gave up on for good: the hub refused it for a reason that sending again
 * would not change (400, 403, ...), or sending it failed in our own code (not a platform
 * answer). The message is parked at once with that reason, not run again (T1).
 */
export class ReplyNotDeliveredError extends BotTurnError {
  constructor(readonly reason: unknown) {
    super(reason);
    this.name = 'ReplyNotDeliveredError';
    this.message = `a reply could not be delivered to the hub: ${describe(reason)}`;
  }
}

/** Errors of the Redis client and the network that say "try again later". */
const TRANSIENT_NAMES = new Set(['ClientClosedError', 'ConnectionTimeoutError', 'SocketClosedUnexpectedlyError', 'ReconnectStrategyError', 'TimeoutError']);
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

export function isTransientTurnError(err: unknown): boolean {
  if (isETagConflict(err)) return true;
  if (err instanceof PlatformError) return err.retryable;
  if (!(err instanceof Error)) return false;
  const code = (err as Error & { code?: unknown }).code;
  return TRANSIENT_NAMES.has(err.name) || (typeof code === 'string' && TRANSIENT_CODES.has(code));
}

/** Whether the inbox should park the message at once rather than retry it. */
export function isDeadLetterNow(err: unknown): boolean {
  return err instanceof BotTurnError;
}

/** The notice a customer gets when the bot fails on their message; override per language. */
export const DEFAULT_TURN_ERROR_NOTICES: Readonly<Record<string, string>> = {
  en: 'Sorry, something went wrong on our side with your last message. We have noted it; please try again, or ask for an agent.',
  fr: "Désolé, un problème est survenu de notre côté avec votre dernier message. Nous l'avons noté ; réessayez, ou demandez un conseiller.",
  es: 'Lo siento, algo ha fallado por nuestra parte con su último mensaje. Lo hemos anotado; vuelva a intentarlo o pida hablar con un agente.',
  de: 'Leider ist bei uns mit Ihrer letzten Nachricht etwas schiefgegangen. Wir haben es vermerkt; bitte versuchen Sie es erneut oder fragen Sie nach einem Mitarbeiter.',
};

/** The notice for a locale (`fr-CA` → `fr`), English when there is none for it. */
export function turnErrorNotice(locale: string | undefined, notices: Readonly<Record<string, string>> = DEFAULT_TURN_ERROR_NOTICES): string {
  const lang = (locale ?? 'en').toLowerCase();
  return notices[lang] ?? notices[lang.split('-')[0]] ?? notices.en ?? DEFAULT_TURN_ERROR_NOTICES.en;
}

export function describe(err: unknown): string {
  if (err instanceof PlatformError) return `${err.code} ${err.developerMessage}`;
  if (err instanceof Error) return `${err.name}: ${err.message}`.slice(0, 500);
  return String(err).slice(0, 500);
}
