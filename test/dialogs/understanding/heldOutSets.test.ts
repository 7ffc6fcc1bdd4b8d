/**
 * The frozen held-out sets (U5): at least 60 first messages per language, each labelled, none
 * borrowed from the tuning set, frozen at run time; and the evaluation that the bench reports
 * on them reads a message the way the bot does (a person's request first).
 */
import { expect } from 'chai';
import { EVALUATION_SET } from './evaluationSet.js';
import { TUNING_FIRST_MESSAGES_DE } from './tuningFirstMessagesDe.js';
import { TUNING_FIRST_MESSAGES_DE_MORE } from './tuningFirstMessagesDeMore.js';
import { TUNING_FIRST_MESSAGES_DE_THIRD } from './tuningFirstMessagesDeThird.js';
import { TUNING_FIRST_MESSAGES_ES } from './tuningFirstMessagesEs.js';
import { RETIRED_HELD_OUT_SETS } from './retiredHeldOut.js';
import { HELD_OUT_NEW_SETS, HELD_OUT_SETS, HELD_OUT_SMALL_TALK_SETS } from './heldOut/heldOutSets.js';
import { blindPart, onTuningSide } from './tuningSide.js';
import { evaluateHeldOut, heldOutOutcome } from './heldOutEvaluation.js';

describe("free text: the frozen held-out sets of customers' first messages", () => {
  // Every message the matcher may have been tuned on, the retired held-out sets included.
  const tuningSets = [EVALUATION_SET, TUNING_FIRST_MESSAGES_DE, TUNING_FIRST_MESSAGES_DE_MORE, TUNING_FIRST_MESSAGES_DE_THIRD, TUNING_FIRST_MESSAGES_ES, ...Object.values(RETIRED_HELD_OUT_SETS)];
  const tuning = new Set(tuningSets.flat().map((p) => p.text.toLowerCase()));
  /** Written independently in both sets (a usual phrase), found when this check was added; kept as written. */
  // The two below were found when the retired sets and the newer tuning files joined this check:
  // usual phrases written blind in the third edition and, independently, on the tuning side, so
  // each held-out figure may be up to one message kinder than blind (said in docs/guided-help.md).
  const COINCIDENCES = new Set(['je veux résilier mon abonnement', 'no reconoce el cartucho nuevo', 'verbinden Sie mich bitte mit dem Kundendienst']);

  for (const [lang, set] of Object.entries(HELD_OUT_SETS)) {
    it(`[U5] ${lang}: at least 60 labelled messages, frozen, none from the tuning set (beyond a greeting), every kind present`, () => {
      expect(set.length).to.be.at.least(60);
      expect(Object.isFrozen(set)).to.equal(true);
      // Greetings like "hello" were written independently in both; anything longer must not be shared.
      expect(set.filter((m) => m.text.split(' ').length >= 3 && tuning.has(m.text.toLowerCase()) && !COINCIDENCES.has(m.text)).map((m) => m.text)).to.deep.equal([]);
      expect(new Set(set.map((m) => m.expect))).to.deep.equal(new Set(['101', '202', 'both', 'none', 'person']));
      expect(new Set(set.map((m) => m.text)).size, 'no message twice').to.equal(set.length);
    });
  }

  it('[U5] the evaluation reads a request for a person before any topic, and counts a wrong automatic topic', () => {
    expect(heldOutOutcome({ text: 'I want to talk to a person about my printer', expect: 'person' }, 'en')).to.deep.include({ got: 'person', automatic: true });
    const f = evaluateHeldOut([{ text: 'Printers', expect: '101' }, { text: 'zzz', expect: 'none' }], 'en');
    expect(f).to.deep.include({ messages: 2, matchable: 1, top1Accuracy: 0, wrongPickRate: 0.5 });
  });
});

describe('free text: the blind held-out sets of the twelve new languages and of endings (I2, U7)', () => {
  for (const [lang, set] of Object.entries(HELD_OUT_NEW_SETS)) {
    it(`${lang}: the blind set for I2 has at least 60 labelled messages, frozen, every kind present, at least 55 measured once those shared with the tuning side are left out`, () => {
      expect(set.length).to.be.at.least(60);
      expect(Object.isFrozen(set)).to.equal(true);
      expect(new Set(set.map((m) => m.text)).size, 'no message twice').to.equal(set.length);
      expect(new Set(set.map((m) => m.expect))).to.deep.equal(new Set(['101', '202', 'both', 'none', 'person', 'ending', 'offTopic']));
      // Usual phrases meet on both sides ("help", "I want to cancel my contract"): left out of the figures (tuningSide.ts).
      const { messages, leftOut } = blindPart(set);
      expect(messages.some((m) => onTuningSide(m.text))).to.equal(false);
      expect(messages.length + leftOut).to.equal(set.length);
      expect(messages.length).to.be.at.least(55);
    });
  }
  for (const [lang, set] of Object.entries(HELD_OUT_SMALL_TALK_SETS)) {
    it(`${lang}: the blind set for U7, endings and out-of-topic requests, frozen, at least 8 of each measured`, () => {
      expect(Object.isFrozen(set)).to.equal(true);
      const { messages } = blindPart(set);
      expect(messages.filter((m) => m.expect === 'ending').length).to.be.at.least(8);
      expect(messages.filter((m) => m.expect === 'offTopic').length).to.be.at.least(8);
    });
  }

  it('[U7] the evaluation reads an ending and an out-of-topic request as the bot does, never as a topic', () => {
    expect(heldOutOutcome({ text: 'merci beaucoup, au revoir', expect: 'ending' }, 'fr')).to.deep.include({ got: 'ending', automatic: false });
    expect(heldOutOutcome({ text: 'I want a refund on my bill', expect: 'offTopic' }, 'en')).to.deep.include({ got: 'offTopic', automatic: false });
    expect(heldOutOutcome({ text: 'la stampante non stampa', expect: '202' }, 'it-IT')).to.deep.include({ got: '202' });
  });
});
