/**
 * Endings and requests outside the topics as word classes, in every language the bot offers
 * (U7): an ending is a message made only of greetings, thanks, goodbyes, "that's all", approval
 * and politeness, read with stems, typos, letters held down and apostrophes left out; a negation beside anything else
 * is a problem still there, never an ending. Out-of-topic words are read in any inflection and
 * as the head of a compound, never as a compound's first part ("packet loss" is a fault). These
 * sentences are written here as tuning messages, not taken from a held-out set.
 */
import { expect } from 'chai';
import { aboutOtherBusiness } from '../../../bots/topicHedges.js';
import { smallTalkOf } from '../../../dialogs/guidedHelp/understanding/smallTalk.js';
import { evaluateHeldOut } from './heldOutEvaluation.js';
import { PROBES_SMALL_TALK_FR } from './tuningSmallTalkFrProbes.js';

const ENDINGS: Record<string, string[]> = {
  'en-US': ['thx a lot!', 'ok cool, bye', 'all fixed now, thank you', 'perfect, that worked', 'thnaks, byeee', 'nope, that\'s everything', 'thats all thanks', 'great job, thanks'],
  'en-GB': ['cheers mate, that\'s me sorted', 'ta very much'],
  'fr-FR': ['mercii, bonne soirée', 'c\'est réglé, merci à vous', 'non merci, ce sera tout', 'top merci beaucoup', 'parfait !', 'cest tout merci', 'bne soirée a+', 'c regle mrc', 'aurevoir', 'bonne journé a vous', 'cdlt', 'sa remarche merci bcp'],
  'fr-CA': ['c\'est beau, merci ben', 'tiguidou, bonne journée là'],
  'es-ES': ['ya está solucionado, gracias', 'no, nada más', 'graciass, hasta luego', 'todo bien, mil gracias', 'perfecto!'],
  'de-DE': ['hat sich erledigt, danke', 'nein danke, das war alles', 'dankeee', 'klappt wieder, vielen Dank', 'perfekt!', 'dnake, tschüß'],
  'it-IT': ['risolto, grazie mille', 'ok perfetto, buona serata'],
  'nl-NL': ['het werkt weer, dankjewel', 'top, bedankt voor de hulp'],
  'pt-BR': ['valeu, resolveu', 'beleza, tchau'],
  'pt-PT': ['já está resolvido, obrigado', 'obrigadinho, até já'],
  'da-DK': ['det virker igen, tusind tak', 'super, tak for hjælpen'],
  'sv-SE': ['toppen, tack så mycket', 'nej det var allt, hejdå'],
  'ru-RU': ['всё заработало, спасибо', 'ок, спс'],
  'zh-CN': ['好的，没问题了', '搞定了，谢谢'],
  'ja-JP': ['解決しました！助かりました', '了解、どうもー'],
  'ko-KR': ['해결됐어요 고마워요', '넵 감사요~'],
};

const STILL_A_PROBLEM: Array<[string, string]> = [
  ['thanks, still not working', 'en-US'],
  ['no, it is broken, thanks', 'en-US'],
  ['ça marche pas, merci', 'fr-FR'],
  ['gracias, no funciona', 'es-ES'],
  ['no va, gracias', 'es-ES'],
  ['danke, geht nicht', 'de-DE'],
  ['es funktioniert nicht, danke', 'de-DE'],
  // A problem told in everyday words, some of them in the lists' phrases ("fine", "matin", "online").
  ["can't get online since this morning", 'en-US'],
  ['everything was fine until this morning', 'en-US'],
  ['depuis ce matin plus rien', 'fr-FR'],
  ['c\'est pas réglé, merci', 'fr-FR'],
  ['ça remarche pas', 'fr-FR'],
  ['c\'est toute la journée que ça coupe', 'fr-FR'],
  ['seit heute morgen geht gar nichts', 'de-DE'],
  ['nothing works since this morning', 'en-US'],
];

const OFF_TOPIC: Record<string, string[]> = {
  'en-US': ['why is my bill higher this month', 'when will my router be delivered', 'what time do you close on saturday', 'I need a new sim card'],
  'fr-FR': ['j\'ai été facturé deux fois', 'la boutique est ouverte le dimanche ?', 'mon colis n\'est pas arrivé', 'je voudrais souscrire une assurance mobile', 'suis-je éligible à la fibre ?', 'je garde mon numéro si je change d\'opérateur ?'],
  'es-ES': ['no reconozco un cargo en mi cuenta', 'cuándo llega mi pedido', 'a qué hora abre la tienda'],
  'de-DE': ['meine Handyrechnung stimmt nicht', 'ich ziehe nächsten Monat um', 'wann kommt meine Lieferung'],
  'nl-NL': ['ik ben dubbel gefactureerd', 'mijn pakket is niet bezorgd'],
  'sv-SE': ['jag har blivit debiterad två gånger'],
  'ru-RU': ['где моя посылка?'],
  'ja-JP': ['店舗の営業時間を教えてください'],
};

const FAULTS: Array<[string, string]> = [
  ['internet is sooo slow tonight, netflix buffering constantly', 'en-US'],
  ['veel pakketverlies op mijn verbinding', 'nl-NL'],
  ['Paketverlust beim Gaming über WLAN', 'de-DE'],
  ['cable de cobre cortado, sin internet', 'es-ES'],
  ['j\'ai déménagé la box dans le salon et le wifi coupe', 'fr-FR'],
];

describe('small talk and out-of-topic word classes (U7)', () => {
  for (const [locale, texts] of Object.entries(ENDINGS)) {
    it(`[U7] ${locale}: thanks, goodbyes, "that's all", approval and "it works again" are an ending, typos and all`, () => {
      for (const t of texts) expect(smallTalkOf(t, locale), t).to.equal('ending');
    });
  }
  it('[U7] a negation beside anything else, or a problem in everyday words, is never small talk', () => {
    for (const [t, locale] of STILL_A_PROBLEM) expect(smallTalkOf(t, locale), t).to.equal(undefined);
  });
  it('[U7] a short answer alone is no ending: the customer may go on ("ok", "yes", "cool")', () => {
    for (const [t, locale] of [['ok', 'en-US'], ['yes', 'en-US'], ['cool', 'en-US'], ['oui', 'fr-FR'], ['vale', 'es-ES'], ['ja', 'de-DE']]) {
      expect(smallTalkOf(t, locale), t).to.equal(undefined);
    }
  });
  it('[U7] a phrase with one of its words misspelled or glued is still the phrase', () => {
    for (const [t, locale] of [['see you latr', 'en-US'], ['bonne soiré', 'fr-FR'], ['au revoire', 'fr-FR'], ['aurevoir', 'fr-FR']]) {
      expect(smallTalkOf(t, locale), t).to.equal('ending');
    }
  });
  it('[U7] the French probes: endings and out-of-topic requests read as such, topic messages never', () => {
    const f = evaluateHeldOut(PROBES_SMALL_TALK_FR, 'fr');
    expect(f.top1Accuracy, f.misses.map((m) => m.message.text).join(' | ')).to.be.at.least(0.9);
    expect(f.wrongPickRate).to.equal(0);
  });
  it('[U7] a greeting alone is a greeting in each language, however written', () => {
    for (const [t, locale] of [['good evening', 'en-US'], ['moin', 'de-DE'], ['buenas tardes', 'es-ES'], ['bonsoir', 'fr-FR'], ['god morgon', 'sv-SE'], ['早上好', 'zh-CN'], ['hello, anyone there?', 'en-US'], ['hallo, ist da jemand?', 'de-DE'], ['Morning team', 'en-US']]) {
      expect(smallTalkOf(t, locale), t).to.equal('greeting');
    }
  });
  for (const [locale, texts] of Object.entries(OFF_TOPIC)) {
    it(`[U7] ${locale}: billing, orders, shops and moving are read in any inflection and in compounds`, () => {
      for (const t of texts) expect(aboutOtherBusiness(t, locale), t).to.equal(true);
    });
  }
  it('[U7] faults that share a word with the classes are not out of topic (a compound\'s first part, a streaming service, copper)', () => {
    for (const [t, locale] of FAULTS) expect(aboutOtherBusiness(t, locale), t).to.equal(false);
  });
});
