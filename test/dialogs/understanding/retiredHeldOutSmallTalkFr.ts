/**
 * RETIRED HELD-OUT SET, now on the tuning side. Written blind on 2026-11-29 (heldOut/PROVENANCE.md),
 * measured twice as held-out; the second measurement informed tuning, so it was retired on the
 * same day and a new blind set took its place in heldOut/. Tune on it freely.
 * Labels: '101' home internet, '202' printers, 'both', 'person', 'ending', 'offTopic', 'none'.
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

export const RETIRED_HELD_OUT_SMALL_TALK_FR: readonly HeldOutMessage[] = Object.freeze([
  { text: 'merci beaucoup', expect: 'ending' },
  { text: 'au revoir', expect: 'ending' },
  { text: 'bonjour', expect: 'ending' },
  { text: 'bonsoir', expect: 'ending' },
  { text: 'c\'est tout pour moi', expect: 'ending' },
  { text: 'rien d\'autre, merci', expect: 'ending' },
  { text: 'super ça remarche, merci', expect: 'ending' },
  { text: 'ok parfait merci', expect: 'ending' },
  { text: 'merci, bonne journée', expect: 'ending' },
  { text: 'salut', expect: 'ending' },
  { text: 'nickel, merci bien', expect: 'ending' },
  { text: 'non c\'est bon', expect: 'ending' },
  { text: 'ça fonctionne maintenant, merci !', expect: 'ending' },
  { text: 'à bientôt', expect: 'ending' },
  { text: 'j\'ai été prélevé deux fois ce mois-ci', expect: 'offTopic' },
  { text: 'je voudrais résilier mon abonnement', expect: 'offTopic' },
  { text: 'quel est le prix de votre offre la plus rapide ?', expect: 'offTopic' },
  { text: 'où en est ma commande ?', expect: 'offTopic' },
  { text: 'comment retourner un article', expect: 'offTopic' },
  { text: 'quels sont les horaires de la boutique', expect: 'offTopic' },
  { text: 'adresse de l\'agence la plus proche svp', expect: 'offTopic' },
  { text: 'je veux changer de forfait', expect: 'offTopic' },
  { text: 'ma facture est beaucoup trop élevée', expect: 'offTopic' },
  { text: 'ma carte SIM ne marche pas à l\'étranger, c\'est le roaming ?', expect: 'offTopic' },
  { text: 'je déménage, comment transférer mon contrat', expect: 'offTopic' },
  { text: 'comment ajouter des chaînes à mon bouquet TV', expect: 'offTopic' },
  { text: 'je n\'ai pas reçu mon colis', expect: 'offTopic' },
  { text: 'où je télécharge ma facture ?', expect: 'offTopic' },
  { text: 'je veux parler à un conseiller', expect: 'person' },
  { text: 'un humain svp', expect: 'person' },
  { text: 'passez-moi quelqu\'un', expect: 'person' },
  { text: 'rappelez-moi au téléphone', expect: 'person' },
]);
