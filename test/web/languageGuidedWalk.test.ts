/**
 * The whole guided walk in each of the sixteen offered languages (I4), with the ready
 * guided-help bot as `npm start` runs it, on a 360 x 740 phone: the chat opened with
 * ?lang=<tag>, a topic clicked, every question answered by clicking what the bot offers (a
 * number typed where one is asked), the solution accepted, and the bot's closing words of that
 * language's pack shown. No text of another language on the way: no English text (of the
 * packs or of the emulator's casebases) that this language says otherwise shows on the page,
 * and every button the bot offers is a text of this language. One browser for all languages,
 * a fresh context for each walk; two walks per language (the first and the last choices).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { READY_BOTS } from '../../bots/readyBots.js';
import { languagePack, offeredLanguages } from '../../src/languages/languagePacks.js';
import { waitFor } from '../support/waitFor.js';
import { type ChatPage, webRig } from './webTestKit.js';

const CASEBASES = join(dirname(fileURLToPath(import.meta.url)), '../../src/emulator/portal/data/casebases');
const PHONE = { width: 360, height: 740 };
const MAX_STEPS = 12;

/** Texts in every language: each object of the casebases keyed by language tags. */
type Texts = Record<string, string>;
interface NumberQuestion {
  title: Texts;
  range: { min: number; max: number };
}

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Texts)['en-US'] === 'string';
}

/** Every translated text of the casebases, and their number questions with their ranges. */
function readCasebases(): { texts: Texts[]; numberQuestions: NumberQuestion[] } {
  const texts: Texts[] = [];
  const numberQuestions: NumberQuestion[] = [];
  const visit = (value: unknown): void => {
    if (isTexts(value)) texts.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  for (const file of ['printer.json', 'homeInternet.json']) {
    const casebase = JSON.parse(readFileSync(join(CASEBASES, file), 'utf8')) as { questions: { type: string; title: Texts; range?: NumberQuestion['range'] }[] };
    visit(casebase);
    for (const q of casebase.questions) if (q.type === 'numeric' && q.range) numberQuestions.push({ title: q.title, range: q.range });
  }
  return { texts, numberQuestions };
}

/** Every text of a pack the customer may see: the bot's and the page's. */
function packTexts(tag: string): Texts {
  const pack = languagePack(tag);
  return { ...prefixed('bot', pack.bot as Record<string, string>), ...prefixed('page', pack.page as Record<string, string>) };
}

function prefixed(prefix: string, texts: Record<string, string>): Texts {
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}.${k}`, v]));
}

/** The fixed pieces of a text with placeholders ("Solution {rank} of {count}: {title}"). */
function pieces(text: string): string[] {
  return text
    .split(/\{\w+\}/)
    .map((p) => p.trim())
    .filter((p) => p.length >= 4);
}

/**
 * English that must not show in `tag`: the en-US texts (pack and casebases) this language says
 * otherwise, cut at their placeholders; a piece this language's own texts also contain (a
 * name, "Internet") is left out. Exact labels are kept whole for the buttons' check.
 */
function foreignTo(tag: string, casebaseTexts: Texts[]): { pieces: string[]; labels: Set<string> } {
  const english = packTexts('en-US');
  const own = packTexts(tag);
  const pairs: [string, string][] = [
    ...Object.keys(english).map((k): [string, string] => [english[k], own[k] ?? '']),
    ...casebaseTexts.map((t): [string, string] => [t['en-US'], t[tag] ?? '']),
  ];
  const ownAll = [...Object.values(own), ...casebaseTexts.map((t) => t[tag] ?? '')].join('\n').toLowerCase();
  const differing = pairs.filter(([en, mine]) => en.trim() !== mine.trim()).map(([en]) => en);
  return {
    pieces: [...new Set(differing.flatMap(pieces))].filter((p) => !ownAll.includes(p.toLowerCase())),
    labels: new Set(differing.map((t) => t.trim()).filter((t) => !ownAll.split('\n').includes(t.toLowerCase()))),
  };
}

/**
 * Which of the offered choices the customer takes: the first choices walk home internet to a
 * solution; the last choices walk printers through the error-code number question to a
 * solution and the "anything else?" question.
 */
type Pick = 'first' | 'last';
/** The newest bot message and what it asks for: a click, a number, or nothing more (the end). */
type Prompt = { kind: 'controls'; message: Locator } | { kind: 'number'; value: number } | { kind: 'end' };

describe('the whole guided walk in each language, on a phone (real browser)', function () {
  this.timeout(120_000);
  const rig = webRig({ bot: READY_BOTS['guided-help'].create, portalId: 'KP-10001' }, { viewport: PHONE });
  const { texts: casebaseTexts, numberQuestions } = readCasebases();

  /** Waits until the newest bot message (after `seen` of them) asks something or closes the walk. */
  async function nextPrompt(chat: ChatPage, seen: number, tag: string): Promise<{ prompt: Prompt; seen: number }> {
    const bot = languagePack(tag).bot as Record<string, string>;
    let count = seen;
    const prompt = await waitFor(
      async (): Promise<Prompt | undefined> => {
        count = await chat.botMessages().count();
        if (count <= seen) return undefined;
        const last = chat.botMessages().nth(count - 1);
        const text = (await last.textContent()) ?? '';
        if (text.includes(bot.solved)) return { kind: 'end' };
        if ((await last.locator('button:enabled, input:enabled').count()) > 0) return { kind: 'controls', message: last };
        const question = numberQuestions.find((q) => text.includes(q.title[tag]));
        // Three quarters up the range: a high error code, for which the printer casebase has a solution.
        return question ? { kind: 'number', value: Math.floor(question.range.min + (question.range.max - question.range.min) * 0.75) } : undefined;
      },
      { what: `the next question of the ${tag} walk`, timeoutMs: 20_000, intervalMs: 50 },
    );
    return { prompt, seen: count };
  }

  /** Answers one prompt as a customer would: yes to a solution, no to "anything else", else the first or last choice. */
  async function answer(message: Locator, tag: string, pick: Pick): Promise<string> {
    const bot = languagePack(tag).bot as Record<string, string>;
    const page = languagePack(tag).page as Record<string, string>;
    const text = (await message.textContent()) ?? '';
    if (text.includes(bot.offerQuestion)) return click(message.getByRole('button', { name: bot.yes, exact: true }));
    if (text.includes(bot.askMore)) return click(message.getByRole('button', { name: bot.no, exact: true }));
    const choices = message.locator('input[type="radio"]:enabled, input[type="checkbox"]:enabled');
    const choice = pick === 'first' ? choices.first() : choices.last();
    if ((await choice.count()) > 0) {
      await choice.check();
      const send = message.getByRole('button', { name: new RegExp(`^(${page.sendChoice}|${page.sendChoices})$`) });
      return click(send);
    }
    const buttons = message.locator('button:enabled').filter({ hasNotText: bot.agent });
    return click(pick === 'first' ? buttons.first() : buttons.last());
  }

  /** Types and sends a message through the box this language names. */
  async function say(chat: ChatPage, tag: string, text: string): Promise<void> {
    const box = chat.page.getByRole('textbox', { name: (languagePack(tag).page as Record<string, string>).message, exact: true });
    await box.fill(text);
    await box.press('Enter');
  }

  async function click(button: Locator): Promise<string> {
    const label = ((await button.textContent()) ?? '').trim();
    await button.click();
    return label;
  }

  for (const [tag, pick] of offeredLanguages().flatMap((t) => (['first', 'last'] as const).map((p): [string, Pick] => [t, p]))) {
    it(`[I4] in ${tag}, taking the ${pick} choice each time: a topic clicked, every question answered, the solution accepted, the walk ends in ${tag} with no text of another language`, async () => {
      const chat = rig.chat;
      await chat.open(`?lang=${tag}`);
      await chat.page.locator('#start-form button[type="submit"]').click();
      await chat.page.locator('#conversation').waitFor({ state: 'visible' });
      const clicked: string[] = [];
      let seen = 0;
      let ended = false;
      for (let step = 0; step < MAX_STEPS && !ended; step += 1) {
        const next = await nextPrompt(chat, seen, tag).catch(async (e: Error) => {
          throw new Error(`${e.message}; the bot said: ${(await chat.botTexts()).join(' | ')}; the customer: ${(await chat.mine()).join(' | ')}`);
        });
        seen = next.seen;
        if (next.prompt.kind === 'end') ended = true;
        else if (next.prompt.kind === 'number') await say(chat, tag, String(next.prompt.value));
        else clicked.push(await answer(next.prompt.message, tag, pick));
      }
      const bot = languagePack(tag).bot as Record<string, string>;
      const shown = await chat.botTexts();
      expect(ended, `the ${tag} walk ends within ${MAX_STEPS} steps: ${shown.join(' | ')}`).to.equal(true);
      expect(clicked, 'a solution was accepted').to.include(bot.yes);
      expect(shown.at(-1)).to.contain(bot.solved);

      // The page's labels are this pack's: the message box by its name (the rest by the check below).
      const page = languagePack(tag).page as Record<string, string>;
      expect(await chat.page.getByRole('textbox', { name: page.message, exact: true }).count()).to.equal(1);
      if (tag === 'en-GB' || tag === 'en-US') return; // English: nothing to tell apart from
      const foreign = foreignTo(tag, casebaseTexts);
      const onPage = await chat.page.evaluate(() => {
        const texts = [document.body.innerText, document.title];
        for (const node of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
          texts.push(node.getAttribute('aria-label') ?? '', node.getAttribute('placeholder') ?? '', node.getAttribute('title') ?? '');
        }
        return texts.join('\n');
      });
      const leaked = foreign.pieces.filter((p) => onPage.includes(p));
      expect(leaked, `English texts on the ${tag} page`).to.deep.equal([]);
      const labels = (await chat.log.locator('button, label').allTextContents()).map((l) => l.trim());
      expect(labels.filter((l) => foreign.labels.has(l)), `English labels among the bot's choices in ${tag}`).to.deep.equal([]);
    });
  }
});
