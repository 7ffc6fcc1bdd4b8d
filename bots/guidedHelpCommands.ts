// The guided-help bot's commands (documented on the type).
import { normalise } from '../dialogs/guidedHelp/understanding/normalise.js';

/**
 * The words a customer can type to steer the guided-help bot, in English, French, Spanish and
 * German (the words the help text of each catalogue names, and a few usual others): help,
 * restart, agent, save, resume <code>. Matched on the whole message (case and accents
 * ignored), so an answer that merely contains "agent" is still an answer.
 */
export type GuidedHelpCommand =
  | { kind: 'help' }
  | { kind: 'restart' }
  | { kind: 'agent' }
  | { kind: 'save' }
  | { kind: 'resume'; code: string };

const WORDS: Record<Exclude<GuidedHelpCommand['kind'], 'resume'>, string[]> = {
  help: ['help', '?', 'aide', 'aidez moi', 'menu', 'ayuda', 'hilfe'],
  restart: ['restart', 'start over', 'reset', 'recommencer', 'redemarrer', 'reprendre a zero', 'nouveau', 'reiniciar', 'empezar de nuevo', 'neu starten', 'neustart', 'von vorn'],
  agent: [
    'agent', 'human', 'operator', 'talk to an agent', 'person', 'conseiller', 'humain', 'un conseiller', 'parler a un conseiller', 'operateur',
    'agente', 'hablar con un agente', 'humano', 'operador', 'mitarbeiter', 'mit einem mitarbeiter sprechen', 'mensch', 'berater',
  ],
  save: ['save', 'save for later', 'later', 'sauvegarder', 'enregistrer', 'plus tard', 'guardar', 'mas tarde', 'speichern', 'spater'],
};

const RESUME = /^\s*(?:resume|continue|reprendre|continuer|reanudar|continuar|fortsetzen)\b\s*(.*)$/i;

/**
 * The command a customer's message is, if the whole message is one (case and accents ignored).
 *
 * @param text - the customer's message
 * @returns the command, or undefined for anything else (an answer, say)
 */
export function parseCommand(text: string | undefined): GuidedHelpCommand | undefined {
  if (!text) return undefined;
  const said = text.trim() === '?' ? '?' : normalise(text);
  for (const [kind, words] of Object.entries(WORDS)) {
    if (words.includes(said)) return { kind } as GuidedHelpCommand;
  }
  const resume = RESUME.exec(text);
  return resume ? { kind: 'resume', code: resume[1].trim() } : undefined;
}
