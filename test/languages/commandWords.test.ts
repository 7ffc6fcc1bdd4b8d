/**
 * The guided-help bot's commands and the handover's "keep waiting" are words of the language
 * packs (I1, U6): each language has its own (`words.commands`, `words.waitWords`), every
 * language's are understood in every conversation (a customer may switch, or know the English
 * ones), so none may be another command's, nor a usual answer in any language. What a text
 * tells the customer to type is understood.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parseCommand, type GuidedHelpCommand } from '../../bots/guidedHelpCommands.js';
import { normalise } from '../../dialogs/guidedHelp/understanding/normalise.js';
import { choosesToGoBack, choosesToWait } from '../../src/handover/handoverTexts.js';
import { allLanguagePacks, configureLanguagePacks, languagePack, offeredLanguages, type CommandWords } from '../../src/languages/languagePacks.js';

const KINDS = ['help', 'restart', 'agent', 'save', 'resume'] as const satisfies readonly (keyof CommandWords)[];
const CODE = '101-7';
/** What a customer types for a word of a command: a resume word is followed by its code. */
const typed = (kind: keyof CommandWords, word: string) => (kind === 'resume' ? `${word} ${CODE}` : word);
const expected = (kind: keyof CommandWords): GuidedHelpCommand => (kind === 'resume' ? { kind, code: CODE } : { kind });
/** A word as the parser compares it (punctuation alone, "?", stays itself). */
const comparable = (w: string) => normalise(w) || w.trim();

/**
 * What a customer may type of the emulator's casebases, in every language: names (topics,
 * clusters, releases, solutions), keywords and the questions' answers; not the questions or the
 * metadata's titles, which no one answers with.
 */
function casebaseTexts(): { tag: string; text: string }[] {
  const dir = join(process.cwd(), 'src/emulator/portal/data/casebases');
  const tags = new Set(offeredLanguages());
  const out: { tag: string; text: string }[] = [];
  const walk = (v: unknown, key: string): void => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, key));
    if (typeof v !== 'object' || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (tags.has(k) && ['name', 'keywords', 'text'].includes(key)) for (const text of [x].flat()) if (typeof text === 'string') out.push({ tag: k, text });
      walk(x, k);
    }
  };
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) walk(JSON.parse(readFileSync(join(dir, f), 'utf8')), '');
  return out;
}

/** Answers a customer gives in some language, each with where it comes from. */
function answerWords(): Map<string, string> {
  const out = new Map<string, string>();
  const add = (where: string, texts: Iterable<string>) => {
    for (const t of texts) out.set(comparable(t), `${where}: ${t}`);
  };
  for (const p of allLanguagePacks()) {
    const w = p.words;
    for (const list of ['yes', 'no', 'polite', 'fillers', 'greetings', 'thanks', 'goodbyes', 'thatsAll', 'negations', 'but'] as const) add(`${p.tag} ${list}`, w[list]);
    add(`${p.tag} numberWords`, Object.keys(w.numberWords ?? {}));
    add(`${p.tag} labels`, [p.bot.yes, p.bot.no, p.handover.keepWaiting, p.handover.backToBot]);
  }
  for (const { tag, text } of casebaseTexts()) add(`${tag} casebase`, [text]);
  return out;
}

/** The words a text puts in quotes ("…", «…», „…“, “…”, 「…」), a placeholder (<code>, {code}) read as a code. */
function quoted(text: string): string[] {
  return [...text.matchAll(/["«„“「]\s*([^"»“”」]+?)\s*["»“”」]/gu)].map((m) => m[1].replace(/<[^>]+>|\{code\}/gu, CODE));
}

describe('command words and wait words in the language packs (I1, U6)', () => {
  afterEach(() => configureLanguagePacks({ packs: {} }));

  it('[I1] every offered pack has words for each command and for keeping waiting', () => {
    expect(offeredLanguages()).to.have.length(16);
    for (const p of allLanguagePacks()) {
      for (const kind of KINDS) expect(p.words.commands[kind].length, `${p.tag} ${kind}`).to.be.above(0);
      expect(p.words.waitWords.length, `${p.tag} waitWords`).to.be.above(0);
    }
  });

  for (const tag of offeredLanguages()) {
    it(`[I1] ${tag}: each of its command words, typed alone (a resume word with its code), is that command`, () => {
      const { commands } = languagePack(tag).words;
      for (const kind of KINDS) {
        for (const word of commands[kind]) {
          expect(comparable(word), `${tag} ${word} survives normalising`).to.not.equal('');
          expect(parseCommand(typed(kind, word)), `${tag} ${kind}: ${word}`).to.deep.equal(expected(kind));
          expect(parseCommand(typed(kind, word.toUpperCase())), `${tag} ${kind}: ${word} in capitals`).to.deep.equal(expected(kind));
        }
      }
    });

    it(`[I1] [U6] ${tag}: every command word its texts tell the customer to type is understood as that command`, () => {
      const { bot } = languagePack(tag);
      const help = quoted(bot.help).map((w) => parseCommand(w)?.kind);
      expect(help, `${tag} help: ${bot.help}`).to.deep.equal(['agent', 'save', 'resume', 'restart']);
      expect(quoted(bot.help).find((w) => w.includes(CODE)), tag).to.not.equal(undefined);
      expect(quoted(bot.saved).map((w) => parseCommand(w)), `${tag} saved`).to.deep.equal([{ kind: 'resume', code: CODE }]);
      for (const w of quoted(bot.offTopic)) expect(parseCommand(w), `${tag} offTopic: ${w}`).to.deep.equal({ kind: 'agent' });
      // The "talk to a person" button's label, typed rather than clicked.
      expect(parseCommand(bot.agent), `${tag} agent label`).to.deep.equal({ kind: 'agent' });
    });

    it(`[U6] ${tag}: each of its wait words keeps waiting, and none goes back`, () => {
      for (const word of languagePack(tag).words.waitWords) {
        expect(choosesToWait(word), `${tag} ${word}`).to.equal(true);
        expect(choosesToWait(word.toUpperCase()), `${tag} ${word}`).to.equal(true);
        expect(choosesToGoBack(word), `${tag} ${word}`).to.equal(false);
      }
    });
  }

  it('[I1] the words of Chinese, Japanese and Korean survive normalising whole', () => {
    for (const word of ['人工客服', '重新开始', '担当者と話す', 'オペレーター', 'やり直し', '상담원 연결', '처음부터 다시', '다시 시도']) expect(normalise(word)).to.equal(word);
    expect(parseCommand('再開101-7')).to.deep.equal({ kind: 'resume', code: CODE });
    expect(parseCommand('恢复：101-7')).to.deep.equal({ kind: 'resume', code: CODE });
    expect(parseCommand('？')).to.deep.equal({ kind: 'help' });
    expect(choosesToWait('等待')).to.equal(true);
  });

  it('[I1] no word is two commands, in any two languages', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const p of allLanguagePacks()) {
      for (const kind of KINDS) {
        for (const word of p.words.commands[kind]) {
          const key = comparable(word);
          const before = owner.get(key);
          if (before && before.split(' ')[1] !== kind) clashes.push(`${p.tag} ${kind} "${word}" is ${before}`);
          owner.set(key, `${p.tag} ${kind}`);
        }
      }
    }
    expect(clashes).to.deep.equal([]);
  });

  it('[I1] no command word, no resume word alone and no wait word is a usual answer in any language (yes/no, small talk, a casebase\'s texts)', () => {
    const answers = answerWords();
    const clashes: string[] = [];
    for (const p of allLanguagePacks()) {
      for (const kind of KINDS) {
        for (const word of p.words.commands[kind]) {
          const answer = answers.get(comparable(word));
          if (answer) clashes.push(`${p.tag} ${kind} "${word}" is ${answer}`);
        }
      }
      for (const word of p.words.waitWords) {
        const answer = answers.get(comparable(word));
        // A wait word may be a wait label; it may not be any other answer.
        if (answer && !allLanguagePacks().some((q) => comparable(q.handover.keepWaiting) === comparable(word))) clashes.push(`${p.tag} wait "${word}" is ${answer}`);
        const command = parseCommand(word);
        if (command) clashes.push(`${p.tag} wait "${word}" is the command ${command.kind}`);
      }
    }
    expect([...new Set(clashes)]).to.deep.equal([]);
  });

  it('[I1] a resume word is a command only with a code: alone or with other words it is an answer ("continue" to "are you still there?")', () => {
    for (const text of ['continue', 'Continue please', '继续', 'продолжить', 'fortsæt', 'continuer à attendre', 'continuar esperando', 'resumed 101-7', '继续等待']) {
      expect(parseCommand(text), text).to.equal(undefined);
    }
    expect(parseCommand('Reprendre 101-77')).to.deep.equal({ kind: 'resume', code: '101-77' });
    expect(parseCommand('riprendi 12-abc')).to.deep.equal({ kind: 'resume', code: '12-abc' });
    expect(parseCommand('Fortsæt 101-7')).to.deep.equal({ kind: 'resume', code: CODE });
  });

  it('[I1] a contact center adds a command word by overriding a pack, without code', () => {
    expect(parseCommand('parla con qualcuno')).to.equal(undefined);
    configureLanguagePacks({ packs: { 'it-IT': { tag: 'it-IT', words: { commands: { agent: ['parla con qualcuno'] }, waitWords: ['resto in attesa'] } } } });
    expect(parseCommand('Parla con qualcuno')).to.deep.equal({ kind: 'agent' });
    expect(parseCommand('operatore')).to.deep.equal({ kind: 'agent' });
    expect(choosesToWait('resto in attesa')).to.equal(true);
    configureLanguagePacks({ packs: {} });
    expect(parseCommand('parla con qualcuno')).to.equal(undefined);
  });
});
