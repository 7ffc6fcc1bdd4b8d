/**
 * FROZEN HELD-OUT SET (endings and out-of-topic requests only), French (fr-FR), third edition. Written blind on 2026-11-29, before the tuning it measures,
 * by someone who never saw the matcher, its vocabulary, the sample casebases, the tuning sets or any earlier held-out set.
 * Never tune on these messages, never add to them or edit them to make a figure pass; if they ever
 * inform tuning, retire this file to the tuning side and write a new one.
 * Labels: 'ending' small talk, 'offTopic' outside both topics, 'person' asks for a human.
 */
import type { HeldOutMessage } from './heldOutMessage.js';

export const HELD_OUT_SMALL_TALK_FR: readonly HeldOutMessage[] = Object.freeze([
  { text: 'Merci beaucoup !', expect: 'ending' },
  { text: 'bonjour', expect: 'ending' },
  { text: 'c bon ça marche, merci', expect: 'ending' },
  { text: 'Ce sera tout, bonne journée', expect: 'ending' },
  { text: 'Au revoir', expect: 'ending' },
  { text: 'merci bcp bonne soirée', expect: 'ending' },
  { text: 'Bonsoir', expect: 'ending' },
  { text: 'Parfait, c\'est réglé. Merci à vous', expect: 'ending' },
  { text: 'rien d\'autre merci', expect: 'ending' },
  { text: 'ok super', expect: 'ending' },
  { text: 'Salut', expect: 'ending' },
  { text: 'nickel merci, a+', expect: 'ending' },
  { text: 'Merci pour votre aide, au revoir.', expect: 'ending' },
  { text: 'top, ça refonctionne !!', expect: 'ending' },
  { text: 'Pourquoi ma facture a augmenté ce mois-ci ?', expect: 'offTopic' },
  { text: 'je veux résilier mon abonnement', expect: 'offTopic' },
  { text: 'Quand est-ce que ma commande sera livrée ?', expect: 'offTopic' },
  { text: 'On déménage le mois prochain, comment je fais pour transférer ma ligne ?', expect: 'offTopic' },
  { text: 'Quels sont vos forfaits mobile en ce moment ?', expect: 'offTopic' },
  { text: 'A quelle heure ouvre la boutique de Lille ?', expect: 'offTopic' },
  { text: 'J\'ai été prélevé deux fois, je veux être remboursé', expect: 'offTopic' },
  { text: 'changer d\'offre pour avoir le bouquet TV', expect: 'offTopic' },
  { text: 'Je voudrais modifier mon RIB pour le prélèvement', expect: 'offTopic' },
  { text: 'combien coûte la fibre chez vous ?', expect: 'offTopic' },
  { text: 'Mon colis n\'est jamais arrivé alors que le suivi dit livré', expect: 'offTopic' },
  { text: 'Comment obtenir le code RIO pour partir chez un autre opérateur ?', expect: 'offTopic' },
  { text: 'Je souhaite mettre fin à mon contrat avant la fin de l\'engagement, y a-t-il des frais ?', expect: 'offTopic' },
  { text: 'où trouver ma facture en PDF ?', expect: 'offTopic' },
  { text: 'Je voudrais parler à un conseiller', expect: 'person' },
  { text: 'un humain svp', expect: 'person' },
  { text: 'Pouvez-vous me rappeler au 06 12 34 56 78 ?', expect: 'person' },
  { text: 'passez-moi un opérateur s\'il vous plaît', expect: 'person' },
]);
