/**
 * How the twelve languages added with their packs read a first message (I2): what their
 * words need beyond a stemmer and a stop-word list (Korean particles, Japanese loanwords typed in
 * hiragana, Chinese words the segmenter splits, Dutch, Danish and Swedish compounds, Danish
 * letters), and the rules shared with every language that their tuning brought (a person asked
 * for before the problem, a negated "solved, thanks"). The sentences are tuning messages
 * (tuningNewLanguagesProbes.ts and written here), never a held-out set's.
 */
import { expect } from 'chai';
import { asksForPerson } from '../../../dialogs/guidedHelp/personRequest.js';
import { normalise } from '../../../dialogs/guidedHelp/understanding/normalise.js';
import { smallTalkOf } from '../../../dialogs/guidedHelp/understanding/smallTalk.js';
import { evaluateHeldOut, heldOutOutcome, type HeldOutLanguage } from './heldOutEvaluation.js';
import { PROBES_NEW_LANGUAGES } from './tuningNewLanguagesProbes.js';
import { TUNING_NEW_LANGUAGES } from './tuningNewLanguages.js';

const read = (lang: string, text: string) => heldOutOutcome({ text, expect: 'none' }, lang as HeldOutLanguage);

describe('understanding the twelve new languages (I2)', () => {
  it('[I2] Korean: a word said with a particle glued on meets the word ("핑이" is "핑", "공유기랑" is "공유기")', () => {
    expect(read('ko-KR', '게임할 때 핑이 너무 튀어요').got).to.equal('101');
    // Both topics named, each with a particle: asked about, never picked.
    expect(read('ko-KR', '공유기랑 프린터 둘 다 문제 있어요').automatic).to.equal(false);
  });

  it('[I2] Japanese: a loanword typed in hiragana is read as the katakana the casebases write', () => {
    expect(read('ja-JP', 'ぷりんたーうごかない').got).to.equal('202');
  });

  it('[I2] Chinese: a keyword the segmenter splits is found whole; one sign split off a word is no topic', () => {
    expect(read('zh-CN', '路由器和打印机都坏了').automatic).to.equal(false);
    expect(read('zh-CN', '路由器老是自己重启').got).to.equal('101');
    expect(read('zh-CN', '电视遥控器坏了').automatic).to.equal(false);
  });

  it('[I2] Dutch, Danish, Swedish: a compound meets the known words it is made of, as written, not their stems', () => {
    expect(read('sv-SE', 'datorn säger ansluten men ingen internetåtkomst').got).to.equal('101');
    // "skrivbord" (a desk) starts with "skriv", the stem of "skrivare": no printer.
    expect(read('sv-SE', 'mitt skrivbord är trasigt').automatic).to.equal(false);
  });

  it('[I2] where words do not glue, a word ending in a known one is not a kind of it ("telemóvel" is no "móvel")', () => {
    expect(read('pt-PT', 'o meu telemóvel partiu o ecrã').automatic).to.equal(false);
  });

  it('[I2] a typo is found on the word as written where a stemmer cuts it short ("prnter")', () => {
    expect(read('da-DK', 'prnter virker ik').got).to.equal('202');
  });

  it('[I2] Danish ø and æ read as typed without them: "tak for hjælpen" is the pack\'s "tak for hjaelpen"', () => {
    expect(normalise('Tak for hjælpen, det er løst')).to.equal('tak for hjaelpen det er lost');
    expect(smallTalkOf('det virker nu, tak for hjælpen', 'da-DK')).to.equal('ending');
  });

  it('[I2] a person named alone as the first clause, the problem after it, is a request for one', () => {
    expect(asksForPerson('оператор! интернет до сих пор не работает')).to.equal(true);
    expect(asksForPerson('人工服务，宽带还是不行')).to.equal(true);
    expect(asksForPerson('medewerker, mijn internet werkt nog steeds niet')).to.equal(true);
    expect(asksForPerson('printer, it keeps jamming')).to.equal(false);
    expect(asksForPerson('my agent software crashed, the printer is offline')).to.equal(false);
  });

  it('[I2] "solved, thanks" negated is no ending; a "no" answering is', () => {
    expect(smallTalkOf('valeu, resolveu', 'pt-BR')).to.equal('ending');
    expect(smallTalkOf('não resolveu, obrigado', 'pt-BR')).to.equal(undefined);
    expect(smallTalkOf('det virker nu ikke, tak', 'da-DK')).to.equal(undefined);
    expect(smallTalkOf('还是不行，谢谢', 'zh-CN')).to.equal(undefined);
    expect(smallTalkOf('нет, спасибо', 'ru-RU')).to.equal('ending');
    expect(smallTalkOf('no thanks', 'en-US')).to.equal('ending');
  });

  it('the tuning and probe messages of the twelve languages (tuning side, not the goal): no wrong automatic pick, top-1 at least 90 % each', () => {
    for (const [lang, probes] of Object.entries(PROBES_NEW_LANGUAGES)) {
      const f = evaluateHeldOut([...probes, ...TUNING_NEW_LANGUAGES[lang]], lang as HeldOutLanguage);
      const wrong = f.misses.filter((m) => m.automatic).map((m) => m.message.text);
      expect(wrong, lang).to.deep.equal([]);
      expect(f.top1Accuracy, lang).to.be.at.least(0.9);
    }
  });
});
