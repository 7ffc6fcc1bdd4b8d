/**
 * Every error code the project answers with, in one place, with its text in each language we
 * serve (E3). Codes follow the platform's published examples where one fits (docs/platform-contract.md, assumed shapes);
 * codes we had to invent are marked so. A code is unique across statuses.
 *
 * Templates use {name} placeholders filled from the error's params.
 */
export type CatalogLanguage = 'en' | 'fr';

interface CatalogEntry {
  en: string;
  fr: string;
  /** Text for an end user (userMessage), when it differs from the developer message. */
  userEn?: string;
  userFr?: string;
}

export const ERROR_CATALOG = {
  // Published codes (docs/platform-contract.md, assumed shapes).
  '400-112': { en: 'Required parameter or attribute missing: {name}.', fr: 'Paramètre ou attribut obligatoire manquant : {name}.' },
  '400-196': { en: 'Attribute {name} has a value outside its allowed values: {allowed}.', fr: "L'attribut {name} a une valeur hors des valeurs permises : {allowed}." },
  '401-104': { en: 'The authorization header is invalid or missing.', fr: "L'en-tête d'autorisation est invalide ou absent." },
  '403-197': { en: 'The caller lacks the scope for this action: {scope}.', fr: "L'appelant n'a pas la portée requise pour cette action : {scope}." },
  '404-101': { en: 'Not found: {name}.', fr: 'Introuvable : {name}.' },
  '406-100': { en: 'The Accept-Language value is invalid: {value}.', fr: "La valeur d'Accept-Language est invalide : {value}." },
  '429-001': { en: 'Too many requests.', fr: 'Trop de requêtes.' },
  '500-100': { en: 'The system cannot process the request.', fr: 'Le système ne peut pas traiter la requête.' },
  // Codes of our own (not published), each unique.
  '400-100': { en: 'The request body is malformed: {reason}.', fr: 'Le corps de la requête est mal formé : {reason}.' },
  '400-101': { en: 'The request is invalid: {reason}.', fr: 'La requête est invalide : {reason}.' },
  '400-120': { en: 'Sender type {sender} may not send message type {type}.', fr: "L'expéditeur de type {sender} ne peut pas envoyer le type de message {type}." },
  '400-121': {
    en: 'Reply {activityId} cannot be sent whole on the hub ({dropped}); strictCards is on, so none of it was sent.',
    fr: "La réponse {activityId} ne peut pas être envoyée entière sur le hub ({dropped}) ; strictCards est actif, rien n'en a été envoyé.",
  },
  '400-113': { en: 'The referenced {resource} {id} does not exist.', fr: "La ressource référencée {resource} {id} n'existe pas." },
  '401-105': { en: 'The access token has expired.', fr: "Le jeton d'accès a expiré." },
  '401-106': { en: 'The client credentials are invalid.', fr: 'Les identifiants du client sont invalides.' },
  '403-198': { en: 'The operation is not allowed: {reason}.', fr: "L'opération n'est pas permise : {reason}." },
  '401-107': { en: 'The webhook delivery is not authenticated: header {header} is missing or wrong.', fr: "La livraison au webhook n'est pas authentifiée : l'en-tête {header} est absent ou faux." },
  '401-108': { en: 'The webhook delivery signature is not valid: {reason}.', fr: "La signature de la livraison au webhook n'est pas valide : {reason}." },
  '403-199': { en: 'The address {address} may not deliver webhook events.', fr: "L'adresse {address} n'est pas autorisée à livrer des événements au webhook." },
  '405-100': { en: 'Method not allowed.', fr: 'Méthode non permise.' },
  '409-100': { en: '{resource} {id} is in use by {usedBy} and cannot be deleted.', fr: '{resource} {id} est utilisé par {usedBy} et ne peut pas être supprimé.' },
  '409-101': { en: 'The precondition does not hold: {reason}.', fr: "La condition préalable n'est pas remplie : {reason}." },
  '409-102': { en: 'Storage: error writing "{key}" due to eTag conflict.', fr: 'Stockage : écriture de « {key} » refusée, conflit d\'eTag.' },
  '400-110': { en: '{name} was modified since {modifiedDate}; read it again.', fr: '{name} a été modifié depuis {modifiedDate} ; relisez-le.' },
  '400-111': { en: 'Suggestion {id} is approved and cannot be deleted.', fr: 'La suggestion {id} est approuvée et ne peut pas être supprimée.' },
  '400-114': { en: 'Suggestion {id} is {status}: {reason}.', fr: 'La suggestion {id} est {status} : {reason}.' },
  '413-100': { en: 'The request body is larger than {limit} bytes.', fr: 'Le corps de la requête dépasse {limit} octets.' },
  '413-101': { en: 'The download of {name} is larger than the {limit} bytes allowed.', fr: 'Le téléchargement de {name} dépasse les {limit} octets permis.' },
  '414-100': { en: 'The request target is longer than {limit} bytes.', fr: 'La cible de la requête dépasse {limit} octets.' },
  '415-100': { en: 'Unsupported content type: {value}.', fr: 'Type de contenu non pris en charge : {value}.' },
  '408-100': { en: 'The request took too long to arrive.', fr: 'La requête a mis trop de temps à arriver.' },
  '417-100': { en: 'The expectation {value} cannot be met.', fr: "L'attente {value} ne peut pas être satisfaite." },
  '431-100': { en: 'The request header fields are too large.', fr: "Les champs d'en-tête de la requête sont trop grands." },
  '500-101': { en: 'Internal error.', fr: 'Erreur interne.' },
  '500-110': {
    en: 'The outcome of {operation} is unknown ({reason}): it may or may not have taken effect, and it was not repeated.',
    fr: "Le résultat de {operation} est inconnu ({reason}) : l'opération a pu avoir lieu ou non, et elle n'a pas été répétée.",
  },
  '502-100': { en: 'Bad gateway.', fr: 'Passerelle incorrecte.' },
  '502-101': { en: 'The platform answered {operation} with an unexpected body: {reason}.', fr: "La plateforme a répondu à {operation} avec un corps inattendu : {reason}." },
  '502-102': { en: 'The platform could not be reached: {reason}.', fr: "La plateforme n'a pas pu être jointe : {reason}." },
  '503-100': { en: 'The service is temporarily unavailable: {reason}.', fr: 'Le service est temporairement indisponible : {reason}.' },
  '504-100': { en: 'The upstream call timed out.', fr: "L'appel en amont a expiré." },
} as const satisfies Record<string, CatalogEntry>;

export type CatalogCode = keyof typeof ERROR_CATALOG;

/** Picks the catalog language from an Accept-Language value (fr-* → fr, anything else → en). */
export function catalogLanguage(acceptLanguage: string | undefined): CatalogLanguage {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr' : 'en';
}

export function renderCatalogText(code: CatalogCode, params: Record<string, string | number>, lang: CatalogLanguage): string {
  const entry: CatalogEntry = ERROR_CATALOG[code];
  const template = entry[lang];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : `{${name}}`));
}
