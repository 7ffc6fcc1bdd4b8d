/**
 * H5: the table of phrasings that ask for a person (English and French, any case, with or
 * without accents and punctuation) and of sentences that merely mention one and must not end
 * the guided help.
 */
import { expect } from 'chai';
import { asksForPerson } from '../../dialogs/guidedHelp/personRequest.js';

const ASKS = [
  'human',
  'A human please',
  'agent',
  'Representative!',
  'operator',
  'a real person',
  'I want to talk to a human',
  'i want to talk to a human',
  'Can I speak to someone?',
  'can i speak with a representative please',
  'let me talk to an agent',
  'I need a real person, this is not working',
  "I'd like to speak to an operator",
  'Please connect me to a live agent',
  'transfer me to a person',
  'put me through to customer service',
  'could I have an agent',
  'I want an agent',
  'get me a human',
  'is there a human I can talk to?',
  'talk to someone',
  'un conseiller',
  'Un conseiller SVP',
  'une personne',
  'un humain',
  'humain',
  "parler à quelqu'un",
  "Je voudrais parler à quelqu'un",
  'PARLER A UN CONSEILLER',
  'je veux parler à un humain',
  'je souhaite parler avec une vraie personne',
  'Mettez-moi en relation avec un conseiller',
  'passez-moi un opérateur',
  "j'aimerais avoir un conseiller",
  'je veux un conseiller maintenant',
];

const DOES_NOT_ASK = [
  'my agent software crashed',
  'the person icon is missing',
  'operator precedence error',
  'agent de nettoyage',
  "j'utilise un agent de nettoyage",
  'je veux un agent de nettoyage',
  'the printer shows a human figure',
  'I talked to my colleague yesterday, he said restart it',
  'our operator console is slow',
  'the agent app shows error 42',
  'I need the person field to be optional',
  'le conseiller fiscal a dit non',
  'personne ne répond au téléphone',
  'no',
  '42',
  'yes it did',
  'ma souris ne marche plus',
  '',
];

describe('asking for a person in their own words', () => {
  for (const text of ASKS) {
    it(`[H5] asks for a person: ${JSON.stringify(text)}`, () => {
      expect(asksForPerson(text)).to.equal(true);
    });
  }
  for (const text of DOES_NOT_ASK) {
    it(`[H5] does not ask for a person: ${JSON.stringify(text)}`, () => {
      expect(asksForPerson(text)).to.equal(false);
    });
  }
});
