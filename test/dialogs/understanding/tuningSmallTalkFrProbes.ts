/**
 * Probe messages for French endings and out-of-topic requests (U7), on the tuning side: written
 * while tuning on the retired French sets (retiredHeldOutSmallTalkFr*.ts), for the classes of miss
 * found there (sms spellings, missing accents, politeness formulas, "c'est réglé", billing, moves,
 * shops, mobile plans, TV) and for what a class fix could break: a topic message that mentions
 * thanks, a bill or a delivery and is still a fault ("merci mais ça ne marche toujours pas").
 * Tune on them freely; never measured blind.
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

type M = HeldOutMessage;
const set = (rows: Array<[string, M['expect']]>): readonly M[] => Object.freeze(rows.map(([text, expect]) => ({ text, expect })));

export const PROBES_SMALL_TALK_FR: readonly M[] = set([
  // Endings and greetings, as customers type them.
  ['mrc bcp', 'ending'], ['bjr', 'ending'], ['slt', 'ending'], ['bne journée', 'ending'], ['merci a+', 'ending'],
  ['c\'est bon ca remarche', 'ending'], ['ça remarche nickel merci', 'ending'], ['c\'est réglé, merci beaucoup', 'ending'],
  ['je vous remercie', 'ending'], ['Cordialement', 'ending'], ['merci et bonne continuation', 'ending'],
  ['merci pour votre aide, bonne fin de journée', 'ending'], ['c tout merci', 'ending'], ['merçi', 'ending'],
  ['problème résolu merci', 'ending'], ['bonne soiree a vous', 'ending'],
  // Out of topic.
  ['je n\'ai pas reçu ma facture de mars', 'offTopic'], ['le prélèvement a été rejeté', 'offTopic'],
  ['quand vais-je être remboursé ?', 'offTopic'], ['je veux résilier ma box', 'offTopic'],
  ['ma période d\'engagement se termine quand ?', 'offTopic'], ['je change d\'adresse en juin', 'offTopic'],
  ['quel est le tarif de la fibre ?', 'offTopic'], ['mon colis est bloqué chez le transporteur', 'offTopic'],
  ['je voudrais garder mon numéro en changeant d\'opérateur', 'offTopic'], ['mon décodeur tv n\'affiche plus les chaînes', 'offTopic'],
  ['je veux une nouvelle carte sim', 'offTopic'], ['où se trouve la boutique la plus proche', 'offTopic'],
  ['je voudrais passer à un forfait moins cher', 'offTopic'], ['suivi de livraison svp', 'offTopic'],
  // Topic messages that are neither an ending nor out of topic.
  ['merci mais ça ne marche toujours pas', 'none'], ['bonjour, mon imprimante n\'imprime plus', '202'],
  ['bjr ma connexion internet coupe tout le temps', '101'], ['slt la box clignote rouge depuis ce matin', '101'],
  ['l\'imprimante que j\'ai commandée ne s\'allume pas', '202'], ['le wifi ne marche plus depuis hier merci de m\'aider', '101'],
  ['mon imprimante imprime des pages blanches, cordialement', '202'], ['c\'est pas réglé, internet coupe encore', '101'],
  ['ça ne remarche pas, toujours pas de connexion', '101'], ['bourrage papier dans l\'imprimante', '202'],
]);
