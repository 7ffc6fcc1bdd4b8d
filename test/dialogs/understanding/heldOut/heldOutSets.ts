/** The frozen held-out sets by language (see the header of each file: never tune on them). */
import { HELD_OUT_DA } from './heldOutDa.js';
import { HELD_OUT_DE } from './heldOutDe.js';
import { HELD_OUT_EN } from './heldOutEn.js';
import { HELD_OUT_EN_GB } from './heldOutEnGb.js';
import { HELD_OUT_ES } from './heldOutEs.js';
import { HELD_OUT_FR } from './heldOutFr.js';
import { HELD_OUT_FR_CA } from './heldOutFrCa.js';
import { HELD_OUT_IT } from './heldOutIt.js';
import { HELD_OUT_JA } from './heldOutJa.js';
import { HELD_OUT_KO } from './heldOutKo.js';
import type { HeldOutMessage } from './heldOutMessage.js';
import { HELD_OUT_NL } from './heldOutNl.js';
import { HELD_OUT_PT_BR } from './heldOutPtBr.js';
import { HELD_OUT_PT_PT } from './heldOutPtPt.js';
import { HELD_OUT_RU } from './heldOutRu.js';
import { HELD_OUT_SMALL_TALK_DE } from './heldOutSmallTalkDe.js';
import { HELD_OUT_SMALL_TALK_EN } from './heldOutSmallTalkEn.js';
import { HELD_OUT_SMALL_TALK_ES } from './heldOutSmallTalkEs.js';
import { HELD_OUT_SMALL_TALK_FR } from './heldOutSmallTalkFr.js';
import { HELD_OUT_SV } from './heldOutSv.js';
import { HELD_OUT_ZH } from './heldOutZh.js';

/** The first four languages' topic sets (U5). */
export const HELD_OUT_SETS: Readonly<Record<'en' | 'fr' | 'es' | 'de', readonly HeldOutMessage[]>> = {
  en: HELD_OUT_EN,
  fr: HELD_OUT_FR,
  es: HELD_OUT_ES,
  de: HELD_OUT_DE,
};

/** Endings, out-of-topic requests and persons in the first four languages (U7), written blind. */
export const HELD_OUT_SMALL_TALK_SETS: Readonly<Record<'en' | 'fr' | 'es' | 'de', readonly HeldOutMessage[]>> = {
  en: HELD_OUT_SMALL_TALK_EN,
  fr: HELD_OUT_SMALL_TALK_FR,
  es: HELD_OUT_SMALL_TALK_ES,
  de: HELD_OUT_SMALL_TALK_DE,
};

/** The twelve languages added with their packs (I2), written blind before any tuning in them. */
export const HELD_OUT_NEW_SETS: Readonly<Record<string, readonly HeldOutMessage[]>> = {
  'en-GB': HELD_OUT_EN_GB,
  'fr-CA': HELD_OUT_FR_CA,
  'it-IT': HELD_OUT_IT,
  'nl-NL': HELD_OUT_NL,
  'pt-BR': HELD_OUT_PT_BR,
  'pt-PT': HELD_OUT_PT_PT,
  'da-DK': HELD_OUT_DA,
  'sv-SE': HELD_OUT_SV,
  'ru-RU': HELD_OUT_RU,
  'zh-CN': HELD_OUT_ZH,
  'ja-JP': HELD_OUT_JA,
  'ko-KR': HELD_OUT_KO,
};
