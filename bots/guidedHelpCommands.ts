// The guided-help bot's commands (documented on the type).
import { foldMarks, normalise } from '../dialogs/guidedHelp/understanding/normalise.js';
import { allLanguagePacks, type LanguagePack } from '../src/languages/languagePacks.js';

/**
 * The words a customer can type to steer the guided-help bot: help, restart, agent, save,
 * resume <code>. They live in the language packs (`words.commands`: the words each pack's help
 * text names, and a few usual others). Every language's words are understood in every
 * conversation, as a customer may switch language or know the English ones. Matched on the
 * whole message (case and accents ignored), so an answer that merely contains "agent" is still
 * an answer.
 */
export type GuidedHelpCommand =
  | { kind: 'help' }
  | { kind: 'restart' }
  | { kind: 'agent' }
  | { kind: 'save' }
  | { kind: 'resume'; code: string };

type WordCommand = Exclude<GuidedHelpCommand['kind'], 'resume'>;
const WORD_COMMANDS: readonly WordCommand[] = ['help', 'restart', 'agent', 'save'];

interface Reader {
  /** The packs it was built from: an override configured later (configureLanguagePacks) resolves new ones. */
  packs: LanguagePack[];
  words: Map<string, WordCommand>;
  resume: RegExp;
}

let cached: Reader | undefined;

/** A word as compared: normalised, or itself when it is punctuation only ("?", which normalising empties). */
function comparable(word: string): string {
  return normalise(word) || word.trim();
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function reader(): Reader {
  const packs = allLanguagePacks();
  if (cached && cached.packs.length === packs.length && cached.packs.every((p, i) => p === packs[i])) return cached;
  const words = new Map<string, WordCommand>();
  for (const pack of packs) {
    for (const kind of WORD_COMMANDS) for (const w of pack.words.commands[kind]) if (!words.has(comparable(w))) words.set(comparable(w), kind);
  }
  // Longest first, so "reprendre" is not read as "reprend" + "re"; words of several words allow any separator.
  const resumeWords = [...new Set(packs.flatMap((p) => p.words.commands.resume.map(normalise)))].filter(Boolean).sort((a, b) => b.length - a.length);
  const alternation = resumeWords.map((w) => w.split(' ').map(escaped).join('[^\\p{L}\\p{N}]+')).join('|');
  // No letter right after the word ("resumed", 继续等待 are not it); a code may follow without a space (再開101-7).
  const resume = new RegExp(`^[^\\p{L}\\p{N}]*(?:${alternation})(?!\\p{L})[^\\p{L}\\p{N}]*(.*?)\\s*$`, 'iu');
  cached = { packs, words, resume };
  return cached;
}

/**
 * The command a customer's message is, if the whole message is one (case and accents ignored).
 * A resume word is one only with a code after it (a code has digits, 101-7): alone, "continue",
 * 继续 or «продолжить» is a plausible reply to "are you still there?", and reading it as a
 * resume would end the session the customer wants to go on with.
 *
 * @param text - the customer's message
 * @returns the command, or undefined for anything else (an answer, say)
 */
export function parseCommand(text: string | undefined): GuidedHelpCommand | undefined {
  if (!text) return undefined;
  const r = reader();
  const kind = r.words.get(comparable(text));
  if (kind) return { kind } as GuidedHelpCommand;
  const code = r.resume.exec(foldMarks(text).trim())?.[1];
  return code !== undefined && /\p{N}/u.test(code) ? { kind: 'resume', code } : undefined;
}
