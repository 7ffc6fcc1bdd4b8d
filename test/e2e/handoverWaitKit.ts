/**
 * What the U6 walks (HTTP and browser) share: how a customer asks for a person in each language,
 * and how a test ends a wait for an agent now instead of after two minutes (the deadline the
 * handover middleware scheduled, made due at once through the adapter's own scheduler).
 */
import { expect } from 'chai';
import type { LocalStack } from '../../cli/localStack.js';
import { HANDOVER_DEADLINE_EVENT } from '../../src/handover/handoverSignals.js';

/** How a customer asks for a person in each language. */
export const ASK_FOR_PERSON = { 'en-US': 'Talk to an agent', 'fr-FR': 'Parler à un conseiller', 'es-ES': 'Hablar con un agente', 'de-DE': 'Mit einem Mitarbeiter sprechen' } as const;
export type WaitLanguage = keyof typeof ASK_FOR_PERSON;

/** Makes the conversation's wait for an agent end now (the deadline the middleware scheduled, due at once). */
export async function endWaitNow(stack: LocalStack, conversationId: string): Promise<void> {
  const reference = await stack.bot.deps.references.get(conversationId);
  expect(reference, 'the conversation is known to the bot').to.not.equal(undefined);
  await stack.bot.deps.adapter.scheduleEvent(reference!, { name: HANDOVER_DEADLINE_EVENT }, Date.now());
}

