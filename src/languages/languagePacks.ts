/**
 * A language is data (I1): one JSON pack per language (packs/<tag>.json) holds every word the
 * customer meets or the bot reads in it: the bot's and dialogs' texts (`bot`), the web chat
 * page's labels (`page`), and the words understanding reads (`words`: stop words, yes/no,
 * requests for a person, greetings, thanks, goodbyes, "that's all", out-of-topic words, which
 * stemmer and recognizer culture). The packs live in src/ because both the bot (dialogs/) and
 * the emulator's web page (src/emulator) read them, and a layer never imports upward.
 *
 * Regional variants (I3) name their base in `extends` ("en-GB" over "en-US") and hold only
 * what differs. A contact center extends or overrides a pack without code: a directory of
 * partial packs named by HUBBOT_LANGUAGE_PACKS (or given to configureLanguagePacks) is merged
 * over the shipped ones, texts by key, word lists appended; a pack with a new tag adds a
 * language (docs/languages.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import daDK from './packs/da-DK.json' with { type: 'json' };
import deDE from './packs/de-DE.json' with { type: 'json' };
import enGB from './packs/en-GB.json' with { type: 'json' };
import enUS from './packs/en-US.json' with { type: 'json' };
import esES from './packs/es-ES.json' with { type: 'json' };
import frCA from './packs/fr-CA.json' with { type: 'json' };
import frFR from './packs/fr-FR.json' with { type: 'json' };
import itIT from './packs/it-IT.json' with { type: 'json' };
import jaJP from './packs/ja-JP.json' with { type: 'json' };
import koKR from './packs/ko-KR.json' with { type: 'json' };
import nlNL from './packs/nl-NL.json' with { type: 'json' };
import pt from './packs/pt.json' with { type: 'json' };
import ptBR from './packs/pt-BR.json' with { type: 'json' };
import ptPT from './packs/pt-PT.json' with { type: 'json' };
import ruRU from './packs/ru-RU.json' with { type: 'json' };
import svSE from './packs/sv-SE.json' with { type: 'json' };
import zhCN from './packs/zh-CN.json' with { type: 'json' };
import { mergePack, type LanguagePack, type PartialPack } from './languagePackShape.js';

export type { CommandWords, LanguagePack, PackWords, PersonWords, PartialPack } from './languagePackShape.js';

/** The packs shipped, by tag; the reference for every key is en-US. */
export const SHIPPED_PACKS: Readonly<Record<string, PartialPack>> = Object.fromEntries(
  [enUS, enGB, frFR, frCA, esES, itIT, deDE, nlNL, pt, ptBR, ptPT, daDK, svSE, ruRU, zhCN, jaJP, koKR].map((p) => [p.tag, p as PartialPack]),
);

/** The environment variable naming a directory of override packs (<tag>.json each). */
export const OVERRIDE_ENV = 'HUBBOT_LANGUAGE_PACKS';

let overrides: Record<string, PartialPack> | undefined;
let resolved = new Map<string, LanguagePack>();

/** Partial packs read from a directory: every <tag>.json in it. */
export function readOverrideDirectory(dir: string): Record<string, PartialPack> {
  if (!existsSync(dir)) throw new Error(`${OVERRIDE_ENV}: no directory ${dir}`);
  const out: Record<string, PartialPack> = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const pack = JSON.parse(readFileSync(join(dir, f), 'utf8')) as PartialPack;
    out[pack.tag ?? f.slice(0, -5)] = { ...pack, tag: pack.tag ?? f.slice(0, -5) };
  }
  return out;
}

/**
 * Replaces the override packs (a directory, or packs given in code); without arguments, reads
 * HUBBOT_LANGUAGE_PACKS again. Clears what was resolved.
 */
export function configureLanguagePacks(opts: { directory?: string; packs?: Record<string, PartialPack> } = {}): void {
  const dir = opts.directory ?? process.env[OVERRIDE_ENV];
  overrides = { ...(dir ? readOverrideDirectory(dir) : {}), ...(opts.packs ?? {}) };
  resolved = new Map();
}

function overridePacks(): Record<string, PartialPack> {
  if (!overrides) configureLanguagePacks();
  return overrides!;
}

/** Every tag offered: the shipped packs and those an override adds, in the shipped order. */
export function offeredLanguages(): string[] {
  return [...new Set([...Object.keys(SHIPPED_PACKS), ...Object.keys(overridePacks())])].filter((t) => !ownPack(t)?.abstract);
}

/** One pack as written (shipped, then its override merged over it), before its base. */
function ownPack(tag: string): PartialPack | undefined {
  const shipped = SHIPPED_PACKS[tag];
  const over = overridePacks()[tag];
  if (!shipped) return over;
  return over ? mergePack(shipped, over) : shipped;
}

/**
 * The whole pack of a tag: its base's merged under it, and en-US's under a new language's
 * missing keys is not done: a missing key is an error the pack test reports, not a silent English.
 *
 * @param tag - a tag offered (offeredLanguages)
 */
export function languagePack(tag: string): LanguagePack {
  let pack = resolved.get(tag);
  if (pack) return pack;
  const own = ownPack(tag);
  if (!own) throw new Error(`no language pack ${tag}`);
  const merged = own.extends ? mergePack(languagePack(own.extends), own) : own;
  // A variant of an abstract base (pt-BR of pt) is a language of its own.
  pack = { ...merged, tag, abstract: own.abstract === true } as LanguagePack;
  resolved.set(tag, pack);
  return pack;
}

/**
 * The tag of the pack for a locale: the exact tag ("pt-PT"), else the base pack of its
 * language ("fr-BE" → "fr-FR", "es-MX" → "es-ES"), else undefined (a language not offered).
 *
 * @param locale - a conversation locale or Accept-Language tag
 */
export function packTagOf(locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  const tags = offeredLanguages();
  const exact = tags.find((t) => t.toLowerCase() === locale.toLowerCase().replace('_', '-'));
  if (exact) return exact;
  const primary = locale.toLowerCase().split(/[-_]/)[0];
  const same = tags.filter((t) => t.toLowerCase().split('-')[0] === primary);
  // The language's own pack first (fr-FR for fr-BE), a regional variant only when there is no other.
  return same.find((t) => !ownPack(t)?.extends) ?? same[0];
}

/** Every offered pack, resolved. */
export function allLanguagePacks(): LanguagePack[] {
  return offeredLanguages().map(languagePack);
}
