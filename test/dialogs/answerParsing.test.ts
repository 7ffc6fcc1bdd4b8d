/**
 * Reading typed answers before any portal call: choices by id, number and text (case and
 * accent insensitive), several choices for the multi-select formats, numbers checked against
 * validAnswerRange and the valid answers' ranges with their inclusive/exclusive bounds.
 */
import { expect } from 'chai';
import { allowedInterval, answerInMessage, parseAnswer, parseNumber, parseYesNo } from '../../dialogs/guidedHelp/answerParsing.js';
import { normalise } from '../../dialogs/guidedHelp/understanding/normalise.js';
import { askedQuestionOf, type AskedQuestion } from '../../dialogs/guidedHelp/askedQuestion.js';
import { questionSchema } from '../../src/schemas/guidedHelpQuestions.js';
import { question, speedQuestion } from './guidedHelpFixtures.js';

const asked = (raw: Record<string, unknown>): AskedQuestion => askedQuestionOf(questionSchema.parse(raw))!;

describe('guided help: answer parsing', () => {
  const radio = asked(question('1001', 'radioButton'));
  const multi = asked(question('1005', 'mutliSelect'));
  const checkbox = asked(question('1003', 'checkbox'));
  const speed = asked(speedQuestion);

  it('normalises case, accents and punctuation', () => {
    expect(normalise('  Câble   USB! ')).to.equal('cable usb');
    expect(normalise('ÉLÉVÉ')).to.equal('eleve');
  });

  it('matches a choice by answer id, by number in the list, and by text without case or accents', () => {
    expect(parseAnswer(radio, '10012')).to.deep.include({ ok: true, input: { id: '1001', answers: [{ id: '10012' }] } });
    expect(parseAnswer(radio, '2', 'all')).to.deep.include({ ok: true, input: { id: '1001', answers: [{ id: '10012' }] } });
    expect(parseAnswer(radio, 'CABLE')).to.deep.include({ ok: true, input: { id: '1001', answers: [{ id: '10012' }] } });
    expect(parseAnswer(radio, 'mobile')).to.deep.include({ ok: true, input: { id: '1001', answers: [{ id: '10013' }] } });
    expect(parseAnswer(radio, 'I have fibre at home')).to.deep.include({ ok: true, input: { id: '1001', answers: [{ id: '10011' }] } });
  });

  it('refuses an unknown choice, and several choices on a single-choice question', () => {
    expect(parseAnswer(radio, 'satellite')).to.deep.equal({ ok: false, hint: 'noMatch' });
    // Buttons are shown in order: a bare number out of them is asked again with the range (U9).
    expect(parseAnswer(radio, '9')).to.deep.equal({ ok: false, hint: 'notAPosition' });
    expect(parseAnswer(radio, '9', 'lists')).to.deep.equal({ ok: false, hint: 'noMatch' });
    expect(parseAnswer(radio, 'fibre, cable')).to.deep.equal({ ok: false, hint: 'oneOnly' });
  });

  it('takes several choices for checkbox and mutliSelect, by ids, numbers or texts', () => {
    const r = parseAnswer(multi, 'Fibre, 2 and 10053');
    expect(r).to.deep.include({ ok: true, input: { id: '1005', answers: [{ id: '10051' }, { id: '10052' }, { id: '10053' }] } });
    const c = parseAnswer(checkbox, '10031,10033');
    expect(c).to.deep.include({ ok: true, input: { id: '1003', answers: [{ id: '10031' }, { id: '10033' }] } });
    expect(parseAnswer(checkbox, 'fibre et câble')).to.deep.include({ ok: true });
    expect(parseAnswer(checkbox, 'fibre, satellite')).to.deep.equal({ ok: false, hint: 'noMatch' });
  });

  it('reads numbers written the usual ways', () => {
    expect(parseNumber('12')).to.equal(12);
    expect(parseNumber('12,5')).to.equal(12.5);
    expect(parseNumber(' 1 000 ')).to.equal(1000);
    expect(parseNumber('12 Mbit/s')).to.equal(12);
    expect(parseNumber('about twelve')).to.equal(undefined);
  });

  it('checks a number against validAnswerRange with its inclusive and exclusive bounds', () => {
    expect(parseAnswer(speed, '0')).to.deep.include({ ok: true, input: { id: '1004', answers: [{ value: 0 }] } });
    expect(parseAnswer(speed, '9999.5')).to.deep.include({ ok: true });
    expect(parseAnswer(speed, '10000')).to.deep.equal({ ok: false, hint: 'outOfRange' });
    expect(parseAnswer(speed, '-1')).to.deep.equal({ ok: false, hint: 'outOfRange' });
    expect(parseAnswer(speed, 'fast')).to.deep.equal({ ok: false, hint: 'notANumber' });
    const openMin = asked(question('2003', 'number', { validAnswerRange: { min: 0, max: 999, minInclusive: false, maxInclusive: true } }));
    expect(parseAnswer(openMin, '0')).to.deep.equal({ ok: false, hint: 'outOfRange' });
    expect(parseAnswer(openMin, '999')).to.deep.include({ ok: true });
  });

  it('checks a number against the ranges of the valid answers when there is no validAnswerRange', () => {
    const buckets = asked(
      question('2003', 'number', {
        validAnswer: [
          { id: 'a', lowerValue: 0, upperValue: 100, lowerInclusive: false, upperInclusive: false },
          { id: 'b', lowerValue: 500, upperValue: 999, lowerInclusive: true, upperInclusive: true },
        ],
      }),
    );
    expect(parseAnswer(buckets, '50')).to.deep.include({ ok: true });
    expect(parseAnswer(buckets, '999')).to.deep.include({ ok: true });
    expect(parseAnswer(buckets, '100')).to.deep.equal({ ok: false, hint: 'outOfRange' });
    expect(parseAnswer(buckets, '300')).to.deep.equal({ ok: false, hint: 'outOfRange' });
    expect(allowedInterval(buckets)).to.deep.equal({ min: 0, max: 999, minInc: false, maxInc: true });
  });

  it('takes free text for text fields, refusing an empty answer', () => {
    const text = asked(question('1006', 'singleLineTextField'));
    expect(parseAnswer(text, ' DNS_PROBE error ')).to.deep.include({ ok: true, input: { id: '1006', answers: [{ value: 'DNS_PROBE error' }] } });
    expect(parseAnswer(text, '   ')).to.deep.equal({ ok: false, hint: 'empty' });
    expect(parseAnswer(text, 'x'.repeat(5000))).to.deep.equal({ ok: false, hint: 'tooLong' });
  });

  it('finds startup answers in a first message, but not short ones inside other words', () => {
    expect(answerInMessage(radio, 'My FIBRE line is down')).to.deep.equal({ input: { id: '1001', answers: [{ id: '10011' }] }, shown: 'Fibre' });
    const yesNo = asked({ id: '1008', title: 'Restarted?', format: 'dropdown', validAnswer: [{ id: 'y', text: 'Yes' }, { id: 'n', text: 'No' }] });
    expect(answerInMessage(yesNo, 'No connection at all')).to.equal(undefined);
    expect(answerInMessage(multi, 'fibre')).to.equal(undefined);
  });

  it('reads yes and no in English and French', () => {
    for (const y of ['yes', 'Oui', 'OUI !', 'ok']) expect(parseYesNo(y), y).to.equal('yes');
    for (const n of ['no', 'Non', 'nope']) expect(parseYesNo(n), n).to.equal('no');
    // The number of the quick reply, as for every other offered choice.
    expect([parseYesNo('1'), parseYesNo('2'), parseYesNo('3')]).to.deep.equal(['yes', 'no', undefined]);
    expect(parseYesNo('maybe')).to.equal(undefined);
  });
});
