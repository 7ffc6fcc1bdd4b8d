/**
 * Spanish and German in the understanding (U5): their function words do not count as content,
 * a German compound said meets its head word, a request for a person is heard in both, and
 * their numbers in words are read by Microsoft's recognizer.
 */
import { expect } from 'chai';
import { parseAnswer } from '../../../dialogs/guidedHelp/answerParsing.js';
import type { AskedQuestion } from '../../../dialogs/guidedHelp/askedQuestion.js';
import { asksForPerson } from '../../../dialogs/guidedHelp/personRequest.js';
import { numbersInText } from '../../../dialogs/guidedHelp/understanding/numbersInText.js';
import { matchFreeText } from '../../../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { contentWords, wordSimilarity } from '../../../dialogs/guidedHelp/understanding/textTokens.js';
import { understandYesNo } from '../../../dialogs/guidedHelp/understanding/yesNo.js';

describe('free text: Spanish and German', () => {
  it('[U5] greetings and function words carry no content', () => {
    expect(contentWords('hola, buenas tardes')).to.deep.equal([]);
    expect(contentWords('Hallo, guten Tag')).to.deep.equal([]);
    expect(contentWords('mi impresora no funciona')).to.deep.equal(['impresora']);
  });

  it('[U5] a German compound said meets its head word, never the other way round or by digits', () => {
    expect(wordSimilarity('tintenstrahldrucker', 'drucker')).to.equal(0.8);
    expect(wordSimilarity('drucker', 'tintenstrahldrucker')).to.equal(0);
    expect(wordSimilarity('abcdrucker', 'drucker')).to.equal(0.8);
    expect(wordSimilarity('laser3drucker', 'drucker')).to.equal(0);
  });

  it('[U5] a request for a person, in Spanish and German, and not one', () => {
    for (const t of ['quiero hablar con un agente', 'pásame con un asesor', 'un agente por favor', 'ich möchte mit einem Berater sprechen', 'Mitarbeiter bitte', 'verbinden Sie mich mit einem Mitarbeiter']) {
      expect(asksForPerson(t), t).to.equal(true);
    }
    for (const t of ['mi impresora no imprime', 'der Drucker druckt nicht', 'el agente de impresión falla']) expect(asksForPerson(t), t).to.equal(false);
  });
});

describe('yes and no: our lists, then the recognizer of botbuilder-dialogs', () => {
  it('[U5] Spanish and German answers our lists do not know are recognized in the conversation language', () => {
    expect(understandYesNo('ja, danke', 'de-DE')).to.equal('yes');
    expect(understandYesNo('nein', 'de-DE')).to.equal('no');
    expect(understandYesNo('por supuesto', 'es-ES')).to.equal('yes');
    expect(understandYesNo('todavía no', 'es-ES')).to.equal('no');
    // Without the language, only the packs' own lists answer (I5: "nein" is in the German pack's).
    expect(understandYesNo('nein')).to.equal('no');
    expect(understandYesNo('selbstverständlich')).to.equal(undefined);
  });

  it('[U5] an answer that says both, or says more, is still neither', () => {
    expect(understandYesNo('ja aber es geht immer noch nicht', 'de-DE')).to.equal(undefined);
    expect(understandYesNo('sí pero sigue sin funcionar', 'es-ES')).to.equal(undefined);
    expect(understandYesNo('yes but it still does not work', 'en-US')).to.equal(undefined);
    expect(understandYesNo('ja ich habe den Router neu gestartet und jetzt blinkt er rot', 'de-DE')).to.equal(undefined);
  });

  it('[U5] numbers in Spanish words are read by the recognizer for the language; ours first; an article is never a number', () => {
    expect(numbersInText('sale el error setecientos cincuenta', 'es-ES').values).to.deep.equal([750]);
    expect(numbersInText('sale el error setecientos cincuenta').values, 'no language, no recognizer').to.deep.equal([]);
    expect(numbersInText('unos veinte megas', 'es-ES').values).to.deep.equal([20]);
    expect(numbersInText('una vez', 'es-ES').values).to.deep.equal([]);
    expect(numbersInText('une seule fois', 'fr-FR').values).to.deep.equal([]);
    expect(numbersInText('12,5', 'fr-FR').values, 'our own reading of a decimal comma').to.deep.equal([12.5]);
    const speed: AskedQuestion = { id: '1004', title: 'Velocidad', format: 'number', options: [], range: { min: 0, max: 1000, minInc: true, maxInc: true } };
    expect(parseAnswer(speed, 'más o menos veinte megas', 'lists', 'es-ES')).to.deep.include({ ok: true, input: { id: '1004', answers: [{ value: 20 }] } });
  });

  it('[U5] [U3] a second topic named with a keyword asks which; the digits of a name never match', () => {
    const topics = [
      { id: 'net', label: 'Internet zu Hause', keywords: ['wlan', 'router'] },
      { id: 'print', label: 'Drucker 3.0', keywords: ['papierstau'] },
    ];
    expect(matchFreeText(topics, 'WLAN langsam und der Drucker hat Papierstau', { rival: 0.8 }).kind).to.equal('close');
    expect(matchFreeText(topics, 'der Drucker hat Papierstau', { rival: 0.8 })).to.deep.include({ kind: 'clear', id: 'print' });
    expect(matchFreeText(topics, 'Speedtest zeigt 3 Mbit').kind).to.equal('none');
  });
});
