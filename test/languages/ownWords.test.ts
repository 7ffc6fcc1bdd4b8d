/**
 * I5: each offered language reads numbers, yes/no and a request for a person in its own words,
 * through its pack (src/languages/packs) and Microsoft's recognizers where they cover it. The
 * phrases here are ordinary ones a customer of that language writes; they are not the held-out
 * messages.
 */
import { expect } from 'chai';
import { asksForPerson } from '../../dialogs/guidedHelp/personRequest.js';
import { numbersInText } from '../../dialogs/guidedHelp/understanding/numbersInText.js';
import { understandYesNo } from '../../dialogs/guidedHelp/understanding/yesNo.js';
import { offeredLanguages } from '../../src/languages/languagePacks.js';

interface OwnWords {
  yes: string;
  no: string;
  person: string;
  /** A number written in words, and its value. */
  number: [string, number];
}

const OWN_WORDS: Record<string, OwnWords> = {
  'en-US': { yes: 'yes it did', no: 'nope', person: 'can I talk to a real person', number: ['about twenty', 20] },
  'en-GB': { yes: 'yes please', no: 'no thanks', person: 'put me through to someone', number: ['about twenty', 20] },
  'fr-FR': { yes: 'oui', no: 'non merci', person: 'je veux parler à un conseiller', number: ['environ vingt', 20] },
  'fr-CA': { yes: 'oui', no: 'non', person: 'je veux parler à un agent', number: ['vingt', 20] },
  'es-ES': { yes: 'sí', no: 'no', person: 'quiero hablar con una persona', number: ['unos veinte', 20] },
  'it-IT': { yes: 'sì', no: 'no', person: 'voglio parlare con un operatore', number: ['venti', 20] },
  'de-DE': { yes: 'ja', no: 'nein', person: 'ich möchte mit einem Mitarbeiter sprechen', number: ['zwanzig', 20] },
  'nl-NL': { yes: 'ja', no: 'nee', person: 'ik wil een medewerker spreken', number: ['twintig', 20] },
  'pt-BR': { yes: 'sim', no: 'não', person: 'quero falar com um atendente', number: ['vinte', 20] },
  'pt-PT': { yes: 'sim', no: 'não', person: 'quero falar com um assistente', number: ['vinte', 20] },
  'da-DK': { yes: 'ja', no: 'nej', person: 'jeg vil gerne tale med en medarbejder', number: ['tyve', 20] },
  'sv-SE': { yes: 'ja', no: 'nej', person: 'jag vill prata med en handläggare', number: ['tjugo', 20] },
  'ru-RU': { yes: 'да', no: 'нет', person: 'хочу поговорить с оператором', number: ['двадцать', 20] },
  'zh-CN': { yes: '是的', no: '不是', person: '我要转人工客服', number: ['二十', 20] },
  'ja-JP': { yes: 'はい', no: 'いいえ', person: 'オペレーターと話したい', number: ['二十', 20] },
  'ko-KR': { yes: '네', no: '아니요', person: '상담원 연결해 주세요', number: ['스물', 20] },
};

describe('each language in its own words (I5)', () => {
  it('[I5] every offered language has its examples here', () => {
    expect(Object.keys(OWN_WORDS)).to.have.members(offeredLanguages());
  });

  for (const [tag, words] of Object.entries(OWN_WORDS)) {
    it(`[I5] ${tag}: yes, no, a person and a number in its own words`, () => {
      expect(understandYesNo(words.yes, tag), words.yes).to.equal('yes');
      expect(understandYesNo(words.no, tag), words.no).to.equal('no');
      expect(asksForPerson(words.person), words.person).to.equal(true);
      expect(numbersInText(words.number[0], tag).values, words.number[0]).to.deep.equal([words.number[1]]);
    });
  }
});
