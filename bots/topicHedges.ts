/**
 * When a topic the matcher picked clearly is still asked about rather than opened (U5): the
 * customer wrote about something the guided help does not troubleshoot, or named nothing the
 * topic is known by. A wrong automatic pick costs the customer more than one more question, and
 * "which topic?" keeps the topic offered first, so nothing is lost for one that was right.
 *
 *   other business  a bill, a contract, a purchase, a move ("la factura del internet me llegó
 *                   carísima", "quiero contratar fibra"): the topic's words are there, but the
 *                   customer wants sales or billing, not a fix. Per language, as customers say it.
 *   only vocabulary the pick rests only on the casebase's other texts (an answer's "Portátil",
 *                   a description's "ordenador"), though its author gave keywords, and no
 *                   keyword nor name word was said: a device or a word in passing ("la
 *                   pantalla del portátil se ve negra") is no topic.
 */
import { normalise } from '../dialogs/guidedHelp/understanding/normalise.js';
import { scoreCandidates, type MatchCandidate } from '../dialogs/guidedHelp/understanding/freeTextMatcher.js';

/** One alternation of whole words (normalised text), or of word stems with `\\w*` around them. */
const wordsOf = (parts: string[]) => new RegExp(`\\b(?:${parts.join('|')})\\b`);

/**
 * Words of billing, sales and contracts, by language (normalised: no accents, lower case).
 * Only what a fault report does not say: "charge" alone is a battery ("won't charge"), "Zahlen"
 * are numbers, a printer "bought last week" is still a fault, so those are left out or asked
 * for in a phrase. German glues words together ("Handyrechnung", "Internetvertrag"): its
 * billing words match inside a compound.
 */
const OTHER_BUSINESS: Record<string, RegExp> = {
  es: wordsOf([
    'factura|facturas|facturacion|facturaron|recibo|recibos|cobro|cobros|cobraron|cobran|cobrado|cargo indebido|reembolso|devolucion del dinero',
    'pagar|pague|pago|pagos|precio|precios|cuesta|cuestan|cuanto vale|cuanto sale|tarifa|tarifas|oferta|ofertas|promocion|promociones|descuento',
    'contratar|contratacion|contrato nuevo|nuevo contrato|dar de baja|darme de baja|darlo de baja|doy de baja|la baja|portabilidad|cambiarme de compania|cambiarme de empresa',
    'cancelar (?:el|mi|la) (?:plan|servicio|contrato|linea|suscripcion)|comprar|compra de|mudanza|me mudo|me voy a mudar|mudar|trasladar|traslado|cambio de domicilio|cambiar (?:mi|la) direccion',
    'cambiar de plan|cambiar (?:mi|el) plan|cambio de plan|mejorar (?:mi|el) plan|subir de plan|aumentar (?:la|mi) velocidad contratada',
  ]),
  en: wordsOf([
    'bill|bills|billed|billing|invoice|invoices|invoiced|overcharged|charged me|charged twice|double charged|charges on|extra charges?|refund|refunds|refunded|direct debit',
    'pay|paying|payment|payments|price|prices|pricing|how much (?:is|does|do|would|for)|cost of|costs? me|tariff|offer|offers|promotion|discount|discounts',
    'sign up for|subscribe to|contract|contracts|cancel (?:my|the) (?:\\w+ )?(?:plan|service|subscription|line|account)|switch (?:provider|providers|to another provider)',
    'buy (?:a|an|another|one|new)|purchase|purchasing|moving house|i am moving|i m moving|move (?:my|the) (?:internet|broadband|service|line|contract) to|new address|change (?:my|of) address',
    'upgrade (?:my|the) (?:plan|package|contract|speed)|change (?:my|the) plan|faster plan|more speed for',
  ]),
  fr: wordsOf([
    'facture|factures|facturation|facture deux fois|factures? (?:trop|tres)|prelevement|prelevements|preleve|remboursement|rembourser|remboursez',
    'payer|paye trop|paiement|paiements|prix|tarif|tarifs|combien (?:coute|coutent|ca coute|pour)|ca coute combien|offre|offres|promo|promotion|reduction',
    'souscrire|abonnement (?:plus|moins)|nouvel abonnement|changer d offre|changer (?:de|mon) forfait|resilier|resiliation|mon contrat|le contrat|nouveau contrat|changer d operateur',
    'acheter|achat|demenagement|demenager|je demenage|transferer (?:ma|mon) (?:ligne|box|abonnement)|changement d adresse|nouvelle adresse',
  ]),
  de: wordsOf([
    '\\w*rechnung\\w*|abgebucht|abbuchung\\w*|lastschrift\\w*|gutschrift|erstattung|ruckerstattung|geld zuruck',
    'bezahlen|bezahlt|zahlung\\w*|preis|preise|kostet|kosten|wie ?viel|tarif\\w*|angebot\\w*|rabatt\\w*',
    '\\w*vertrag\\w*|kundigen|kundigung\\w*|anbieterwechsel|anbieter wechseln',
    'kaufen|kauf|bestellen|umzug\\w*|umziehen|ziehe um|neue adresse|adressanderung',
  ]),
};

/** Whether the text is about billing, sales or a contract in the customer's language. */
export function aboutOtherBusiness(text: string, locale: string): boolean {
  const words = OTHER_BUSINESS[locale.slice(0, 2).toLowerCase()];
  return words !== undefined && words.test(normalise(text.slice(0, 500)));
}

/**
 * Whether the candidate picked has keywords from its author and was named by none of them, nor
 * by a word of its name. A casebase without keywords is found by its texts alone (B6): there
 * the vocabulary is all the evidence there is, and it picks.
 */
export function pickedOnVocabularyAlone(candidates: MatchCandidate[], picked: string, text: string): boolean {
  if ((candidates.find((c) => c.id === picked)?.keywords ?? []).length === 0) return false;
  const named = scoreCandidates(
    candidates.map((c) => ({ id: c.id, label: c.label, keywords: c.keywords })),
    text,
  );
  return (named.find((s) => s.id === picked)?.score ?? 0) === 0;
}
