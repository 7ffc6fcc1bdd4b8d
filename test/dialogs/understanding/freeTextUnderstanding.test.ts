/**
 * The customer's own words (B6): numbers and ranges inside sentences, yes and no in many
 * forms, the free-text matcher's three answers (clear, close, none), the evaluation set's
 * figures on the two sample casebases, and a casebase the matcher has never seen, built here
 * from other texts.
 */
import { expect } from 'chai';
import { answerFromText } from '../../../dialogs/guidedHelp/understanding/answerFromText.js';
import { firstWordsOf } from '../../../dialogs/guidedHelp/understanding/firstWords.js';
import { matchFreeText } from '../../../dialogs/guidedHelp/understanding/freeTextMatcher.js';
import { numbersInText } from '../../../dialogs/guidedHelp/understanding/numbersInText.js';
import { understandYesNo } from '../../../dialogs/guidedHelp/understanding/yesNo.js';
import { understandTopic } from '../../../bots/topicUnderstanding.js';
import type { AskedQuestion } from '../../../dialogs/guidedHelp/askedQuestion.js';
import { evaluate } from './evaluation.js';
import { EVALUATION_SET } from './evaluationSet.js';

describe('guided help: the customer\'s own words', () => {
  it('[B6] finds numbers and ranges in sentences, in digits and in words (en, fr)', () => {
    expect(numbersInText('my printer is broken, it says error 1500').values).to.deep.equal([1500]);
    expect(numbersInText('about 20 pages').values).to.deep.equal([20]);
    expect(numbersInText('vingt').values).to.deep.equal([20]);
    expect(numbersInText('vingt-deux Mbit/s').values).to.deep.equal([22]);
    expect(numbersInText('quatre-vingt-dix').values).to.deep.equal([90]);
    expect(numbersInText('seven hundred fifty').values).to.deep.equal([750]);
    expect(numbersInText('1 000 pages').values).to.deep.equal([1000]);
    expect(numbersInText('12,5 Mbit/s').values).to.deep.equal([12.5]);
    expect(numbersInText('between 10 and 20').ranges).to.deep.equal([{ min: 10, max: 20 }]);
    expect(numbersInText('de 5 à 50').ranges).to.deep.equal([{ min: 5, max: 50 }]);
    // Articles are not counts.
    expect(numbersInText('un code d\'erreur, one page').values).to.deep.equal([]);
  });

  it('[B6] understands yes and no in many forms, and neither when a text says both or more', () => {
    for (const t of ['yes', 'Yep, it did!', 'sure', 'of course', 'yes thanks', 'oui', 'Oui, c\'est bon', 'tout à fait', 'bien sûr', 'ça a marché']) expect(understandYesNo(t), t).to.equal('yes');
    for (const t of ['no', 'nope', 'not really', 'no, still broken', 'non merci', 'pas du tout', 'toujours pas', 'ça ne marche toujours pas', 'not yet']) expect(understandYesNo(t), t).to.equal('no');
    for (const t of ['yes but it still does not work', 'maybe', 'printer', 'yes no', 'I said yes to my boss and then the printer jammed again today']) expect(understandYesNo(t), t).to.equal(undefined);
  });

  const problem: AskedQuestion = {
    id: 'q',
    title: 'What goes wrong?',
    format: 'radioButton',
    options: [
      { id: 'jam', text: 'Paper jam' },
      { id: 'none', text: 'Nothing prints' },
      { id: 'quality', text: 'Poor print quality' },
      { id: 'code', text: 'An error code is shown' },
    ],
  };

  it('[B6] a clear match proceeds; close candidates are asked about; nothing understood is said so', () => {
    expect(answerFromText(problem, 'it says error 1500')).to.deep.include({ kind: 'clear', shown: 'An error code is shown' });
    expect(answerFromText(problem, 'the paper is stuck, a jam')).to.deep.include({ kind: 'clear', shown: 'Paper jam' });
    const close = answerFromText(problem, 'print');
    expect(close.kind).to.equal('close');
    expect(close.kind === 'close' && close.options.map((o) => o.id)).to.have.members(['none', 'quality']);
    expect(answerFromText(problem, 'I spilled coffee on it')).to.deep.equal({ kind: 'none' });
  });

  it('[B6] a number inside a sentence answers a number question only when it fits the range', () => {
    const code: AskedQuestion = { id: 'c', title: 'Which error code?', format: 'number', options: [], range: { min: 0, max: 999, minInc: false, maxInc: true } };
    expect(answerFromText(code, 'it says error 750')).to.deep.include({ kind: 'clear', shown: '750' });
    expect(answerFromText(code, 'sept cent cinquante')).to.deep.include({ kind: 'clear', shown: '750' });
    expect(answerFromText(code, 'it says error 1500')).to.deep.equal({ kind: 'none', outOfRange: true });
    expect(answerFromText(code, 'error 12 then error 14')).to.deep.equal({ kind: 'none' });
  });

  it('[B6] the evaluation set: at least 150 phrasings, half English, half French; top-1 >= 90 %, wrong automatic picks <= 2 %', () => {
    expect(EVALUATION_SET.length).to.be.at.least(150);
    const en = EVALUATION_SET.filter((p) => p.lang === 'en').length;
    expect(en).to.equal(EVALUATION_SET.length - en);
    expect(EVALUATION_SET.filter((p) => p.expect === null).length).to.be.at.least(30);
    const f = evaluate();
    const misses = f.misses.map((m) => `${m.phrasing.lang} ${m.phrasing.ask} "${m.phrasing.text}" → ${m.top ?? 'nothing'}${m.automatic ? ' (picked)' : ''}`);
    expect(f.top1Accuracy, misses.join('\n')).to.be.at.least(0.9);
    expect(f.wrongPickRate, misses.join('\n')).to.be.at.most(0.02);
  });

  it('[B6] works on a casebase it has never seen (built here from other texts)', () => {
    // A heating casebase and a mobile-phone one: words that appear nowhere in the samples.
    const topics = [
      { casebaseId: '901', name: { en: 'Heating and boiler', fr: 'Chauffage et chaudière' } },
      { casebaseId: '902', name: { en: 'Mobile phone', fr: 'Téléphone mobile' } },
      { casebaseId: '903', name: { en: 'Water leaks', fr: "Fuites d'eau" } },
    ];
    const vocabulary: Record<string, string[]> = {
      '901': ['Radiators stay cold', 'The boiler shows a fault light', 'Les radiateurs restent froids', 'La chaudière est en défaut'],
      '902': ['The screen is cracked', 'The battery drains fast', "L'écran est cassé", 'La batterie se vide vite'],
      '903': ['Water under the sink', 'A pipe drips', "De l'eau sous l'évier", 'Un tuyau goutte'],
    };
    const of = (id: string) => ({ keywords: [], texts: vocabulary[id] });
    const pick = (text: string, locale: string) => {
      const u = understandTopic(topics, text, locale, of);
      return u.kind === 'clear' ? u.topic.casebaseId : u.kind;
    };
    expect(pick('my radiators are cold since yesterday', 'en-US')).to.equal('901');
    expect(pick('the boiler flashes a red light', 'en-US')).to.equal('901');
    expect(pick('my phone battery dies in an hour', 'en-US')).to.equal('902');
    expect(pick('there is water under my kitchen sink', 'en-US')).to.equal('903');
    expect(pick('ma chaudiere ne demare plus', 'fr-FR')).to.equal('901');
    expect(pick("l'écran de mon téléphone est fissuré", 'fr-FR')).to.equal('902');
    expect(pick('un tuyau fuit dans la salle de bain', 'fr-FR')).to.equal('903');
    expect(pick('I would like a new contract', 'en-US')).to.equal('none');
    expect(pick('je voudrais une facture', 'fr-FR')).to.equal('none');

    const heating: AskedQuestion = {
      id: 'h',
      title: 'What happens?',
      format: 'dropdown',
      options: [
        { id: 'cold', text: 'Radiators stay cold' },
        { id: 'noise', text: 'The pipes are noisy' },
        { id: 'fault', text: 'The boiler shows a fault light' },
      ],
    };
    expect(answerFromText(heating, 'all the radiators are cold')).to.deep.include({ kind: 'clear', shown: 'Radiators stay cold' });
    expect(answerFromText(heating, 'banging noises in the pipes')).to.deep.include({ kind: 'clear', shown: 'The pipes are noisy' });
    expect(answerFromText(heating, 'my cat is ill').kind).to.equal('none');
  });

  it('[B6] a first message is kept without the words that named its topic, so they answer no question', () => {
    const kept = firstWordsOf('My home Internet is slow, about 3 Mbit/s', 'Home internet troubleshooting');
    expect(kept).to.equal('My is slow, about 3 Mbit/s');
    const lights: AskedQuestion = { id: 'l', title: 'Which lights are on?', format: 'radioButton', options: [{ id: 'p', text: 'Power' }, { id: 'i', text: 'Internet' }] };
    expect(answerFromText(lights, 'My home Internet is slow').kind).to.equal('clear');
    expect(answerFromText(lights, kept!).kind).to.equal('none');
    expect(firstWordsOf('x'.repeat(400))).to.have.length(300);
  });

  it('[B6] a word every candidate shares picks none of them', () => {
    const models = [
      { id: 'l', label: 'Office laser printer' },
      { id: 'i', label: 'Home inkjet printer' },
      { id: 'b', label: 'Label printer' },
    ];
    expect(matchFreeText(models, 'my printer').kind).to.equal('none');
    expect(matchFreeText(models, 'the big office laser one')).to.deep.include({ kind: 'clear', id: 'l' });
  });
});
