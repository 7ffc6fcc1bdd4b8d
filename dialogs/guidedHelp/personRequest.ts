/**
 * Whether the customer, in their own words, asks for a person (H5 of
 * docs/platform-contract.md), in English or French, at any step of the guided help: a number
 * question included, where "I want to talk to a human" is a request, not a wrong number.
 *
 * Precision first: a wrong handover ends the guided help, so a person word alone inside a
 * sentence is not enough ("my agent software crashed", "the person icon is missing",
 * "operator precedence error", "un agent de nettoyage"). It takes either
 *   - a message that is only the person, possibly polite: "a human please", "un conseiller svp";
 *   - or a request for one: talk / speak / chat to or with..., connect / transfer / put me
 *     through to..., I want / need / would like..., parler à..., je veux / voudrais...,
 *     mettez-moi en relation avec..., passez-moi...
 *   followed by a person ("a real person", "someone", "quelqu'un", "un conseiller"), and not by
 *   a word that makes it a thing ("a person icon", "agent software", "un agent de nettoyage").
 * Case, accents and punctuation are ignored (normalise), so "PARLER A QUELQU'UN" matches.
 */
import { normalise } from './understanding/normalise.js';
import { ES_PERSON, SPANISH_REQUESTS } from './personRequestEs.js';

const ARTICLE = '(?:(?:a|an|the|some|one|your|un|une|le|la|l|votre|vos|des|du) )?';
const REAL = '(?:(?:real|live|actual|human|vrai|vraie|veritable|humain|humaine|conseiller) )?';
const EN_PERSON = '(?:human being|human|humans|person|people|agent|agents|operator|representative|rep|someone|somebody|anyone|anybody|staff|support agent|customer service|advisor|adviser)';
const FR_PERSON = "(?:conseiller|conseillere|conseillers|personne|humain|humaine|etre humain|agent|operateur|operatrice|quelqu un|quelqu une|interlocuteur|interlocutrice|service client)";
const PERSON = `${ARTICLE}${REAL}(?:${EN_PERSON}|${FR_PERSON})`;
/** Words a German request puts anywhere: "verbinden Sie mich bitte mal mit...". */
const DE_FILLER = '(?: (?:bitte|mal|doch|gerne|gern|jetzt|sofort))*';
const DE_PERSON = '(?:(?:einem|einer|einen|eine|ein|dem|der|den) )?(?:(?:echten|echter|echte|richtigen|richtiger|richtige|menschlichen|menschlicher) )?(?:menschen|mensch|person|mitarbeiter|mitarbeiterin|berater|beraterin|kundenberater|kundenberaterin|kundendienst|kundenservice|jemandem|agenten|operator)';
/** Words after the person that make it a thing, not someone to talk to. */
const NOT_A_PERSON = '(?! (?:icon|icons|software|app|application|precedence|error|errors|profile|field|name|setting|settings|account|id|mode|version|process|tool|file|resources|de|d|du|des|logiciel|icone)\\b)';
const POLITE = '(?: (?:please|pls|plz|now|asap|thanks|thank you|svp|s il vous plait|merci|maintenant|tout de suite|por favor|ya|gracias|bitte|jetzt|danke|sofort))*';

const REQUESTS = [
  // English: talk / speak / chat to or with, connect / transfer / put me through, I want / need.
  `\\b(?:talk|talking|speak|speaking|chat|chatting) (?:to|with) ${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:connect|transfer|put|pass|send|escalate) (?:me|this|us)(?: (?:through|over|back))? (?:to|with) ${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:i|we) (?:want|need|would like|d like|wanna|would prefer|prefer) (?:to (?:have|get|see) )?${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:can|could|may) (?:i|we) (?:have|get|see) ${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:get|give) me ${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:is there|are there) (?:a |an )?(?:real |live |actual )?(?:human|person|agent|operator|representative|anyone|anybody|someone|somebody) (?:i can|there|available|to (?:talk|speak|chat))`,
  // French: parler à / avec, mettre en relation avec, passez-moi, je veux / voudrais.
  `\\b(?:parler|discuter|echanger) (?:a|avec) ${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:mettez|mets|mettre|passez|passe|passer|transferez|transferer) (?:moi|nous)(?: en relation)?(?: (?:avec|a))? ${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:en relation avec) ${PERSON}\\b${NOT_A_PERSON}`,
  `\\b(?:je|j) (?:veux|voudrais|souhaite|souhaiterais|aimerais|prefere|prefererais|demande) (?:avoir |voir )?${PERSON}\\b${NOT_A_PERSON}`,
  // Spanish and German (U5): hablar con, pásame con, quiero / necesito; sprechen mit, verbinden Sie mich, ich möchte.
  ...SPANISH_REQUESTS,
  `\\b(?:mit|zu) ${DE_PERSON}(?: (?:vom|von der|aus dem|aus der) \\w+)? (?:sprechen|reden|verbunden|chatten)\\b`,
  // "keinen Bot, sondern einen Menschen", "lieber mit einem Menschen".
  `\\b(?:sondern|lieber)(?: mit)? ${DE_PERSON}\\b`,
  `\\b(?:verbinden sie mich|verbinde mich|stellen sie mich durch|leiten sie mich weiter)${DE_FILLER} (?:mit|zu|an) ${DE_PERSON}\\b`,
  // A callback asked for: "kann mich bitte ein Mitarbeiter zurückrufen".
  `\\bmich${DE_FILLER} ${DE_PERSON} (?:zuruckrufen|anrufen|kontaktieren)\\b`,
  `\\b(?:ich will|ich m(?:o|oe)chte|ich brauche|ich h(?:a|ae)tte gerne?|ich w(?:u|ue)rde gerne?) (?:mit )?${DE_PERSON}\\b`,
].map((source) => new RegExp(source));

const ALONE = new RegExp(`^(?:(?:i want|je veux|give me|quiero|bitte) )?(?:${PERSON}|${ES_PERSON}|${DE_PERSON})${POLITE}$`);

/**
 * Whether the text asks for a person (see above for what counts).
 *
 * @param text - the customer's message
 */
export function asksForPerson(text: string | undefined): boolean {
  if (!text) return false;
  // Long texts are descriptions of a problem, read for a request only in their first 500 characters.
  const said = normalise(text.slice(0, 500)).replace(/\b(?:quelqu) (un|une)\b/g, 'quelqu $1');
  if (said === '') return false;
  return ALONE.test(said) || REQUESTS.some((r) => r.test(said));
}
