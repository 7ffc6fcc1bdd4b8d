/**
 * The shape of a language pack (languagePacks.ts) and how one is merged over another: a
 * regional variant over its base, a contact center's override over a shipped pack. Texts merge
 * by key (the later wins), word lists are appended (an override extends them), other values
 * are replaced.
 */

/** How a customer asks for a person: regular-expression sources over normalised text. */
export interface PersonWords {
  /** Named pieces, `{name}` in a request or another piece is replaced by the piece. */
  parts: Record<string, string>;
  /** Requests found anywhere in the message ("I want to talk to {person}"). */
  requests: string[];
  /** What a message that is only the person looks like ("{person}", "i want {person}"), politeness around it allowed. */
  alone?: string;
}

/**
 * The words that steer the guided-help bot (bots/guidedHelpCommands.ts), each a whole message
 * (case and accents ignored): the help text names some of them. `resume` words come before the
 * code ("riprendi 101-7"). Every language's words are understood in every conversation, as a
 * customer may switch, so no word may be another command's or a usual answer anywhere
 * (test/languages/commandWords.test.ts).
 */
export interface CommandWords {
  help: string[];
  restart: string[];
  agent: string[];
  save: string[];
  resume: string[];
}

/** The words understanding reads in one language. */
export interface PackWords {
  /** Which stemmer: 'light' (our own, en/fr/es), or a Snowball stemmer of @orama/stemmers ('german', 'italian', ...), or 'none'. */
  stemmer: string;
  /** Whether words glue into compounds (German, Dutch, Danish, Swedish): a compound's known parts are read. */
  compounds?: boolean;
  /**
   * Particles glued to the end of a word (Korean's 이/가, 을/를, 에서, 이랑...), cut off before words
   * are compared, longest first, so "공유기랑" meets "공유기": what a stemmer does elsewhere.
   */
  particles?: string[];
  /** Whether words are found by Intl.Segmenter rather than spaces (Chinese, Japanese). */
  segmenter?: boolean;
  /** The culture of Microsoft's recognizers (numbers, yes/no) for this language, when they have one. */
  recognizerCulture?: string;
  /** Number words the recognizer does not read in this language ("tre": 3), normalised word → value. */
  numberWords?: Record<string, number>;
  /** The stop-word package's (stopwords-iso) language code, when its list is used. */
  stopWordList?: string;
  stopWords: string[];
  yes: string[];
  no: string[];
  /** Words after a yes or a no that make it a no ("yes, still the same"). */
  negations: string[];
  polite: string[];
  /**
   * Words that say nothing in small talk only ("ok", "perfect", "super"): "ok perfect thanks" is
   * an ending. Kept apart from `polite`, which yes/no and person requests strip too ("ok" is a yes).
   */
  fillers: string[];
  but: string[];
  person: PersonWords;
  greetings: string[];
  thanks: string[];
  goodbyes: string[];
  thatsAll: string[];
  /** Out-of-topic requests (billing, orders, prices, cancelling): regular-expression alternations of words. */
  offTopic: string[];
  /**
   * Out-of-topic words read in any inflection (offTopicWords.ts): by stem, by prefix when they end
   * in `*`, inside a compound. Phrases that need their context stay in `offTopic`.
   */
  offTopicWords: string[];
  /** The guided-help bot's commands in this language. */
  commands: CommandWords;
  /**
   * Typed words meaning "keep waiting" when a handover offers to wait or go back
   * (src/handover/handoverTexts.ts), besides the choice's label; "try again" answers the offer
   * after a failed transfer.
   */
  waitWords: string[];
}

export interface LanguagePack {
  tag: string;
  /** The language's own name, as the page's language menu shows it. */
  name: string;
  /** The pack this one is a variant of, holding only what differs. */
  extends?: string;
  /** A base no conversation is in by itself (pt, under pt-BR and pt-PT). */
  abstract?: boolean;
  bot: Record<string, string>;
  page: Record<string, string>;
  /** What the handover middleware (src/handover) tells a customer waiting for an agent. */
  handover: Record<string, string>;
  words: PackWords;
}

/** A pack as written: a variant or an override holds only some of it. */
export type PartialPack = Partial<Omit<LanguagePack, 'words'>> & {
  tag?: string;
  words?: Partial<Omit<PackWords, 'commands'>> & { person?: Partial<PersonWords>; commands?: Partial<CommandWords> };
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function merged(under: unknown, over: unknown): unknown {
  if (over === undefined) return under;
  if (Array.isArray(under) && Array.isArray(over)) return [...new Set([...under, ...over])];
  if (isRecord(under) && isRecord(over)) {
    const out: Record<string, unknown> = { ...under };
    for (const [k, v] of Object.entries(over)) out[k] = merged(under[k], v);
    return out;
  }
  return over;
}

/** `over` merged over `under` (see above); `extends` and `abstract` are the upper pack's, else the lower's. */
export function mergePack(under: PartialPack, over: PartialPack): PartialPack {
  const { extends: ext, abstract, ...rest } = over;
  const { extends: underExt, abstract: underAbstract, ...base } = under;
  const e = ext ?? underExt;
  const a = abstract ?? underAbstract;
  return { ...(merged(base, rest) as PartialPack), ...(e ? { extends: e } : {}), ...(a ? { abstract: a } : {}) };
}
