/**
 * German words in the free-text matcher (U5): inflections meet their stem, umlauts written out
 * meet the folded ones, a compound said meets the known words it is made of, only in German;
 * German requests for a person with fillers; and the figures on the German tuning messages.
 */
import { expect } from 'chai';
import { asksForPerson } from '../../../dialogs/guidedHelp/personRequest.js';
import { matchFreeText } from '../../../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { compoundParts, germanStem, isGerman } from '../../../dialogs/guidedHelp/understanding/germanWords.js';
import { evaluateHeldOut } from './heldOutEvaluation.js';
import { TUNING_FIRST_MESSAGES_DE } from './tuningFirstMessagesDe.js';
import { TUNING_FIRST_MESSAGES_DE_MORE } from './tuningFirstMessagesDeMore.js';
import { TUNING_FIRST_MESSAGES_DE_THIRD } from './tuningFirstMessagesDeThird.js';

const topics = [
  { id: 'net', label: 'Internet zu Hause', keywords: ['glasfaser', 'router', 'störung', 'verbindung'] },
  { id: 'print', label: 'Drucker', keywords: ['toner', 'patrone', 'papier'], hints: ['Druckkopf reinigen'] },
];

describe('free text: German words', () => {
  it('[U5] German is told by its language tag, whatever the region', () => {
    for (const l of ['de', 'de-DE', 'de-AT', 'de_CH']) expect(isGerman(l), l).to.equal(true);
    for (const l of [undefined, 'en-US', 'dea', 'fr-DE']) expect(isGerman(l), String(l)).to.equal(false);
  });

  it('[U5] inflected forms and umlauts written out share a stem', () => {
    expect(germanStem('druckers')).to.equal(germanStem('drucker'));
    expect(germanStem('verbindungen')).to.equal(germanStem('verbindung'));
    expect(germanStem('stoerungen')).to.equal(germanStem('storung'));
    expect(germanStem('blaetter')).to.equal(germanStem('blatter'));
    expect(germanStem('router3')).to.equal('router3');
  });

  it('[U5] a compound is split over the known words: the longest modifier first, a linking s dropped, a head alone', () => {
    const known = (...words: string[]) => {
      const roots = new Set(words.map(germanStem));
      return (r: string) => roots.has(r);
    };
    expect(compoundParts('glasfaseranschluss', known('glasfaser'))).to.deep.equal([germanStem('glasfaser')]);
    expect(compoundParts('druckerpatrone', known('drucker', 'patrone'))).to.deep.equal([germanStem('drucker'), germanStem('patrone')]);
    expect(compoundParts('netzwerkkabel', known('netz', 'netzwerk', 'kabel'))).to.deep.equal([germanStem('netzwerk'), germanStem('kabel')]);
    expect(compoundParts('verbindungsabbruch', known('verbindung'))).to.deep.equal([germanStem('verbindung')]);
    expect(compoundParts('farblaserdrucker', known('drucker'))).to.deep.equal([germanStem('drucker')]);
    // Too short to be a compound, or its rest too short to be a word ("über" + "all").
    expect(compoundParts('drucker', known('druck'))).to.deep.equal([]);
    expect(compoundParts('uberall', known('uber', 'alle'))).to.deep.equal([]);
    expect(compoundParts('kuhlschrank', known('drucker'))).to.deep.equal([]);
  });

  it('[U5] German first messages find their topic through inflections, umlauts written out and compounds', () => {
    const pick = (text: string, lang = 'de-DE') => {
      const d = matchFreeText(topics, text, { rival: 0.8, lang });
      return d.kind === 'clear' ? d.id : d.kind;
    };
    expect(pick('Glasfaseranschluss tot')).to.equal('net');
    expect(pick('Routerneustart hilft nicht')).to.equal('net');
    expect(pick('Stoerungen seit heute')).to.equal('net');
    expect(pick('Druckkopf verstopft')).to.equal('print');
    expect(pick('Tonerstaub im Gerät')).to.equal('print');
    expect(pick('Glasfaser weg und Druckerpatrone leer')).to.equal('close');
    expect(pick('mein Kühlschrank brummt')).to.equal('none');
    // Other languages keep the light stem and split nothing.
    expect(pick('Glasfaseranschluss tot', 'en-US')).to.equal('none');
  });

  it('[U5] German requests for a person with fillers, a real person, a callback; and a colleague who is not one', () => {
    for (const t of ['Verbinden Sie mich bitte mit dem Kundendienst', 'echter Mensch bitte', 'Kann mich bitte ein Mitarbeiter zurückrufen', 'ich moechte einen Mitarbeiter sprechen', 'ich haette gerne einen Berater', 'kann ich mit jemandem vom Kundenservice sprechen', 'keinen Bot, sondern einen Menschen']) {
      expect(asksForPerson(t), t).to.equal(true);
    }
    for (const t of ['mein Mitarbeiter kann nicht drucken', 'der Drucker ruft mich nicht an', 'verbinden Sie mich nicht mit dem WLAN', 'mit dem Drucker vom Büro sprechen die Laptops nicht']) expect(asksForPerson(t), t).to.equal(false);
  });

  it('[U5] the German tuning messages: top-1 >= 90 %, wrong automatic picks <= 2 %', () => {
    const f = evaluateHeldOut([...TUNING_FIRST_MESSAGES_DE, ...TUNING_FIRST_MESSAGES_DE_MORE, ...TUNING_FIRST_MESSAGES_DE_THIRD], 'de');
    const misses = f.misses.map((m) => `${m.message.expect} "${m.message.text}" → ${m.got ?? 'nothing'}${m.automatic ? ' (picked)' : ''}`).join('\n');
    expect(f.messages).to.be.at.least(270);
    expect(f.top1Accuracy, misses).to.be.at.least(0.9);
    expect(f.wrongPickRate, misses).to.be.at.most(0.02);
  });
});
