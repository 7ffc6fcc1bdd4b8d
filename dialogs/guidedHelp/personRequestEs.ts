/**
 * A request for a person in Spanish (H5, U5), as customers in Spain and Latin America write
 * it: "quiero hablar con un asesor", "me pasás con alguien?", "me podrían pasar con un
 * operador", "que me atienda una persona, no un bot", "comuníqueme con un ejecutivo". Read on
 * normalised text (no accents, lower case), by personRequest.ts with the other languages.
 *
 * Spanish puts the adjective after the noun ("una persona real", "un agente humano"), and a
 * customer who asks for a person often says why in the same message ("pásame con un humano,
 * la impresora no anda"): the request wins, since a wrong topic picked for someone who asked
 * for a person is a wrong pick. Precision as for the other languages: a person word alone in a
 * sentence is not a request ("el agente de impresión falla").
 */

/** Who a customer may ask for, with what may follow ("real", "de verdad", "de soporte"). */
const NOUN =
  '(?:persona|personas|ser humano|humano|humana|agente|agentes|operador|operadora|operario|asesor|asesora|asesores|ejecutivo|ejecutiva|representante|alguien|empleado|empleada|encargado|encargada|supervisor|supervisora|atencion al cliente|servicio al cliente)';
const AFTER = '(?: (?:real|reales|de verdad|humano|humana|de carne y hueso|en vivo|de soporte(?: tecnico)?|de atencion al cliente|de servicio al cliente|de la empresa))?';
const ARTICLE = '(?:(?:un|una|el|la|los|las|algun|alguna|alguno|su) )?';
/** A person word followed by what makes it a thing: "el agente de impresion". */
const NOT_A_THING = '(?! (?:de impresion|de impresora|del sistema|de software|de red)\\b)';

/** A person as asked for after "quiero", "necesito", "ponme con". */
export const ES_PERSON = `${ARTICLE}${NOUN}${AFTER}`;
/** After "hablar con", "pásame con": also a technician or the support desk. */
const ES_SOMEONE = `${ARTICLE}(?:${NOUN}|tecnico|tecnica|especialista|soporte(?: tecnico)?)${AFTER}`;

/** Verbs that ask to be put through: pásame, comuníqueme, me pasás, ¿me podrían pasar...? */
const PUT_THROUGH =
  '(?:pasame|paseme|pasenme|ponme|pongame|pongan|comuniqueme|comunicame|comuniquenme|transfiereme|transfierame|transfieranme|conectame|conecteme|derivame|derivenme|me (?:pasas|pasa|pasan|comunicas|comunica|comunican|conectas|conecta|conectan|transfieres|transfiere|transfieren|derivas|deriva|derivan)|(?:me )?(?:puede|puedes|pueden|podes|podria|podrias|podrian) (?:pasar|comunicar|conectar|transferir|derivar)(?:me)?)';

/** Spanish requests for a person, as regular-expression sources. */
export const SPANISH_REQUESTS: string[] = [
  `\\b(?:hablar|hable|hablo|charlar|platicar|conversar|comunicarme|comunicarnos|contactar|contactarme|ponerme en contacto) (?:con|a) ${ES_SOMEONE}\\b${NOT_A_THING}`,
  `\\b${PUT_THROUGH} (?:con|a) ${ES_SOMEONE}\\b${NOT_A_THING}`,
  `\\b(?:quiero|queria|quisiera|necesito|necesitaria|prefiero|me gustaria|deseo|pido|solicito) (?:(?:hablar|comunicarme|contactar) (?:con|a) |ser atendid[oa] por )?${ES_PERSON}\\b${NOT_A_THING}`,
  `\\bque me (?:atienda|atiendan|llame|conteste|responda) ${ES_SOMEONE}\\b${NOT_A_THING}`,
  // "no quiero hablar con un bot", "no un robot": a person, said by refusing the machine.
  `\\bno (?:(?:quiero|deseo) (?:hablar con )?)?(?:un |una |el |la |con un |con una )?(?:bot|robot|maquina|contestador)\\b`,
  `^(?:hola )?(?:hay )?(?:alguien|una persona|un humano)(?: real| de verdad)? (?:ahi|alli|disponible|que me (?:atienda|lea))\\b`,
  `\\batencion (?:humana|personal|personalizada)\\b`,
  // Asking to be called or who to talk to: "que alguien me llame", "llámenme", "¿con quién puedo hablar?".
  `\\b(?:que alguien me (?:llame|atienda|contacte)|llamenme|(?:me )?(?:pueden|podrian) llamar|con quien (?:puedo|podria) hablar)\\b`,
];
