/**
 * Every text the guided-help dialog and bot show a customer, in English and French, in one
 * place. Keys are typed so a missing translation fails the typecheck. A language without
 * texts here (German, say) is still sent to the portal as it is; only our own lines fall back
 * to English.
 */
import { bestAcceptLanguage } from '../../src/schemas/languages.js';

export type TextLanguage = 'en' | 'fr';
type Params = Record<string, string | number>;
type Text = string | ((p: Params) => string);

const en = {
  // Dialog lines (machine outputs).
  reminder: 'Are you still there? I will close this session soon if I hear nothing.',
  portalTrouble: 'Sorry, the help system is not answering right now. Please try again in a moment.',
  rejectedNext: "Sorry that did not help. Let's narrow it down a bit more.",
  saveNotLive: 'This topic cannot be saved for later, sorry.',
  saveUnavailable: 'There is nothing to save yet: pick a topic first.',
  saveFailed: 'Sorry, I could not save this session. We can carry on now.',
  acceptUnknown: 'Thank you. I could not confirm that the help system recorded your answer, so it may not be counted. We can carry on.',
  rejectUnknown: 'I could not confirm that the help system recorded that this did not help, so it may not be counted. We can carry on.',
  resumed: 'Welcome back! Let us continue where you left off.',
  resumeNotFound: 'I could not find a saved session with that code.',
  resumeCodeInvalid: 'That does not look like a resume code. It looks like 101-7.',
  noSession: 'Pick a topic first and I will guide you.',
  saved: (p: Params) => `Saved. To continue later, type "resume ${p.code}".`,
  offer: (p: Params) => (p.count === 1 ? `Here is a solution: ${p.title}` : `Solution ${p.rank} of ${p.count}${p.countChanged ? ' (your answers changed the list)' : ''}: ${p.title}`),
  offerQuestion: 'Did this solve your problem?',
  articles: 'Read more:',
  askMore: 'Glad it helped! Do you need anything else on this topic?',
  yes: 'Yes',
  no: 'No',
  agent: 'Talk to an agent',
  solved: 'Great, glad I could help. Goodbye!',
  endedInactivity: 'I am closing this session as I have not heard from you. Write again whenever you like.',
  escalateCustomer: 'I am passing you to an agent.',
  escalateNoSolution: 'I have no more solutions to suggest. I am passing you to an agent.',
  escalatePortal: 'Sorry, something went wrong on our side. I am passing you to an agent.',
  escalateRejectedClosed: 'Sorry that did not help. I am passing you to an agent.',
  summaryAnswers: 'Answers:',
  summaryTried: 'Solutions tried:',
  summaryAccepted: 'accepted',
  summaryRejected: 'rejected',
  summaryOffered: 'Offered, not answered:',
  summaryLanguage: 'Language:',
  summaryTranscript: 'Transcript:',
  summaryMore: (p: Params) => `(${p.n} more)`,
  // Answer hints.
  hintNoMatch: 'I did not get that. Please pick one of the answers.',
  hintAmbiguous: 'That matches several answers. Please be more precise.',
  hintNotAPosition: (p: Params) => `Please pick a number from 1 to ${p.count}, or one of the answers.`,
  hintOneOnly: 'Please pick only one answer.',
  hintNotANumber: 'Please answer with a number.',
  hintOutOfRange: (p: Params) => `Please give a number ${p.range}.`,
  hintEmpty: 'Please type your answer.',
  hintTooLong: 'That is too long: please keep it shorter.',
  hintYesNo: 'Please answer yes or no.',
  rangeBetween: (p: Params) => `between ${p.min} and ${p.max}`,
  rangeBoth: (p: Params) => `${p.lower} and ${p.upper}`,
  rangeAtLeast: (p: Params) => (p.minInc ? `of at least ${p.min}` : `greater than ${p.min}`),
  rangeAtMost: (p: Params) => (p.maxInc ? `of at most ${p.max}` : `less than ${p.max}`),
  rangeUpTo: (p: Params) => (p.maxInc ? `at most ${p.max}` : `less than ${p.max}`),
  numberRange: (p: Params) => `a number ${p.range}`,
  pickSeveral: 'You can pick several answers.',
  // The customer's own words (B6).
  understood: (p: Params) => `${p.text}: got it.`,
  whichOne: 'Which one do you mean?',
  proposal: (p: Params) => `From what you said: "${p.answer}". Is that right?`,
  whichTopic: 'Which of these topics do you mean?',
  topicNotUnderstood: 'Sorry, I did not understand which topic you need help with. Please pick one:',
  // Bot lines.
  greeting: 'Hello! I can help you troubleshoot. What do you need help with?',
  pickTopic: 'Please pick a topic.',
  noTopics: 'Sorry, no help topics are available right now.',
  help: 'Answer my questions and I will suggest solutions. You can type: "agent" to talk to a person, "save" to continue later, "resume <code>" to continue a saved session, "restart" to start over.',
  restarted: 'Starting over.',
  versionChanged: 'Our assistant was updated, so we need to start over. Sorry about that.',
  turnError: 'Sorry, something went wrong. Please try again.',
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof en;

const fr: Record<MessageKey, Text> = {
  reminder: 'Êtes-vous toujours là ? Je fermerai bientôt cette session sans réponse de votre part.',
  portalTrouble: "Désolé, le système d'aide ne répond pas pour le moment. Réessayez dans un instant.",
  rejectedNext: "Désolé que cela n'ait pas aidé. Précisons un peu.",
  saveNotLive: 'Ce sujet ne peut pas être sauvegardé, désolé.',
  saveUnavailable: "Il n'y a rien à sauvegarder : choisissez d'abord un sujet.",
  saveFailed: "Désolé, je n'ai pas pu sauvegarder cette session. Nous pouvons continuer.",
  acceptUnknown: "Merci. Je n'ai pas pu vérifier que le système d'aide a bien enregistré votre réponse : elle ne sera peut-être pas comptée. Nous pouvons continuer.",
  rejectUnknown: "Je n'ai pas pu vérifier que le système d'aide a bien enregistré que cela n'a pas aidé : ce ne sera peut-être pas compté. Nous pouvons continuer.",
  resumed: 'Bon retour ! Reprenons là où vous en étiez.',
  resumeNotFound: "Je n'ai pas trouvé de session sauvegardée avec ce code.",
  resumeCodeInvalid: 'Ce code de reprise ne semble pas valide. Il ressemble à 101-7.',
  noSession: "Choisissez d'abord un sujet et je vous guiderai.",
  saved: (p) => `Sauvegardé. Pour reprendre plus tard, tapez « reprendre ${p.code} ».`,
  offer: (p) => (p.count === 1 ? `Voici une solution : ${p.title}` : `Solution ${p.rank} sur ${p.count}${p.countChanged ? ' (vos réponses ont changé la liste)' : ''} : ${p.title}`),
  offerQuestion: 'Cela a-t-il résolu votre problème ?',
  articles: 'En savoir plus :',
  askMore: "Ravi d'avoir aidé ! Avez-vous besoin d'autre chose sur ce sujet ?",
  yes: 'Oui',
  no: 'Non',
  agent: 'Parler à un conseiller',
  solved: "Parfait, ravi d'avoir pu aider. Au revoir !",
  endedInactivity: "Je ferme cette session faute de réponse. Écrivez-nous quand vous voulez.",
  escalateCustomer: 'Je vous transfère à un conseiller.',
  escalateNoSolution: "Je n'ai plus de solution à proposer. Je vous transfère à un conseiller.",
  escalatePortal: 'Désolé, un problème est survenu de notre côté. Je vous transfère à un conseiller.',
  escalateRejectedClosed: "Désolé que cela n'ait pas aidé. Je vous transfère à un conseiller.",
  summaryAnswers: 'Réponses :',
  summaryTried: 'Solutions essayées :',
  summaryAccepted: 'acceptée',
  summaryRejected: 'rejetée',
  summaryOffered: 'Proposée, sans réponse :',
  summaryLanguage: 'Langue :',
  summaryTranscript: 'Transcription :',
  summaryMore: (p) => `(${p.n} de plus)`,
  hintNoMatch: "Je n'ai pas compris. Choisissez l'une des réponses.",
  hintAmbiguous: 'Cela correspond à plusieurs réponses. Soyez plus précis.',
  hintNotAPosition: (p) => `Choisissez un numéro de 1 à ${p.count}, ou l'une des réponses.`,
  hintOneOnly: 'Choisissez une seule réponse.',
  hintNotANumber: 'Répondez par un nombre.',
  hintOutOfRange: (p) => `Donnez un nombre ${p.range}.`,
  hintEmpty: 'Tapez votre réponse.',
  hintTooLong: 'C’est trop long : faites plus court.',
  hintYesNo: 'Répondez par oui ou par non.',
  rangeBetween: (p) => `entre ${p.min} et ${p.max}`,
  rangeBoth: (p) => `${p.lower} et ${p.upper}`,
  rangeAtLeast: (p) => (p.minInc ? `d'au moins ${p.min}` : `supérieur à ${p.min}`),
  rangeAtMost: (p) => (p.maxInc ? `d'au plus ${p.max}` : `inférieur à ${p.max}`),
  rangeUpTo: (p) => (p.maxInc ? `au plus ${p.max}` : `inférieur à ${p.max}`),
  numberRange: (p) => `un nombre ${p.range}`,
  pickSeveral: 'Vous pouvez choisir plusieurs réponses.',
  understood: (p) => `${p.text} : bien noté.`,
  whichOne: 'Lequel voulez-vous dire ?',
  proposal: (p) => `D'après votre message : « ${p.answer} ». Est-ce bien cela ?`,
  whichTopic: 'Lequel de ces sujets voulez-vous dire ?',
  topicNotUnderstood: "Désolé, je n'ai pas compris le sujet de votre demande. Choisissez-en un :",
  greeting: 'Bonjour ! Je peux vous aider à résoudre un problème. Quel est le sujet ?',
  pickTopic: 'Choisissez un sujet.',
  noTopics: "Désolé, aucun sujet d'aide n'est disponible pour le moment.",
  help: 'Répondez à mes questions et je vous proposerai des solutions. Vous pouvez taper : « conseiller » pour parler à une personne, « sauvegarder » pour reprendre plus tard, « reprendre <code> » pour reprendre une session, « recommencer » pour repartir de zéro.',
  restarted: 'On recommence.',
  versionChanged: 'Notre assistant a été mis à jour, nous devons recommencer. Désolé.',
  turnError: 'Désolé, un problème est survenu. Veuillez réessayer.',
};

const TEXTS: Record<TextLanguage, Record<MessageKey, Text>> = { en, fr };

/** Our texts' language for a conversation locale or portal language (fr-CA → fr, de-DE → en). */
export function textLanguageOf(locale: string | undefined): TextLanguage {
  return locale?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The portal's Accept-Language for a conversation locale (P2): en-US when none fits. */
export function portalLanguageOf(locale: string | undefined): string {
  return bestAcceptLanguage(locale);
}

/** The text of `key` in the language of `locale`. */
export function message(locale: string | undefined, key: MessageKey, params: Params = {}): string {
  const t = TEXTS[textLanguageOf(locale)][key];
  return typeof t === 'function' ? t(params) : t;
}
