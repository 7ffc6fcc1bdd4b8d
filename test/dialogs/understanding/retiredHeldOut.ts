/**
 * The retired held-out sets by language: first messages that were frozen held-out sets until
 * they informed a choice, and may now be used for tuning (see the header of each file). Nothing
 * measures them as held-out any more; heldOut/ holds the sets that do.
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';
import { RETIRED_HELD_OUT_DE } from './retiredHeldOutDe.js';
import { RETIRED_HELD_OUT_EN } from './retiredHeldOutEn.js';
import { RETIRED_HELD_OUT_ES } from './retiredHeldOutEs.js';
import { RETIRED_HELD_OUT_FR } from './retiredHeldOutFr.js';
import { RETIRED_HELD_OUT_DA_SECOND } from './retiredHeldOutDaSecond.js';
import { RETIRED_HELD_OUT_SV_SECOND } from './retiredHeldOutSvSecond.js';
import { RETIRED_HELD_OUT_JA_SECOND } from './retiredHeldOutJaSecond.js';
import { RETIRED_HELD_OUT_KO_SECOND } from './retiredHeldOutKoSecond.js';
import { RETIRED_HELD_OUT_SMALL_TALK_FR_SECOND } from './retiredHeldOutSmallTalkFrSecond.js';
import { RETIRED_HELD_OUT_EN_GB } from './retiredHeldOutEnGb.js';
import { RETIRED_HELD_OUT_FR_CA } from './retiredHeldOutFrCa.js';
import { RETIRED_HELD_OUT_IT } from './retiredHeldOutIt.js';
import { RETIRED_HELD_OUT_NL } from './retiredHeldOutNl.js';
import { RETIRED_HELD_OUT_PT_BR } from './retiredHeldOutPtBr.js';
import { RETIRED_HELD_OUT_PT_PT } from './retiredHeldOutPtPt.js';
import { RETIRED_HELD_OUT_DA } from './retiredHeldOutDa.js';
import { RETIRED_HELD_OUT_SV } from './retiredHeldOutSv.js';
import { RETIRED_HELD_OUT_RU } from './retiredHeldOutRu.js';
import { RETIRED_HELD_OUT_ZH } from './retiredHeldOutZh.js';
import { RETIRED_HELD_OUT_JA } from './retiredHeldOutJa.js';
import { RETIRED_HELD_OUT_KO } from './retiredHeldOutKo.js';
import { RETIRED_HELD_OUT_SMALL_TALK_EN } from './retiredHeldOutSmallTalkEn.js';
import { RETIRED_HELD_OUT_SMALL_TALK_FR } from './retiredHeldOutSmallTalkFr.js';
import { RETIRED_HELD_OUT_SMALL_TALK_ES } from './retiredHeldOutSmallTalkEs.js';
import { RETIRED_HELD_OUT_SMALL_TALK_DE } from './retiredHeldOutSmallTalkDe.js';

export const RETIRED_HELD_OUT_SETS: Readonly<Record<'en' | 'fr' | 'es' | 'de', readonly HeldOutMessage[]>> = {
  en: RETIRED_HELD_OUT_EN,
  fr: RETIRED_HELD_OUT_FR,
  es: RETIRED_HELD_OUT_ES,
  de: RETIRED_HELD_OUT_DE,
};

/** The twelve languages' first blind sets (I2), retired after their second measurement informed tuning. */
export const RETIRED_NEW_LANGUAGE_SETS: Readonly<Record<string, readonly HeldOutMessage[]>> = {
  'en-GB': RETIRED_HELD_OUT_EN_GB,
  'fr-CA': RETIRED_HELD_OUT_FR_CA,
  'it-IT': RETIRED_HELD_OUT_IT,
  'nl-NL': RETIRED_HELD_OUT_NL,
  'pt-BR': RETIRED_HELD_OUT_PT_BR,
  'pt-PT': RETIRED_HELD_OUT_PT_PT,
  'da-DK': RETIRED_HELD_OUT_DA,
  'sv-SE': RETIRED_HELD_OUT_SV,
  'ru-RU': RETIRED_HELD_OUT_RU,
  'zh-CN': RETIRED_HELD_OUT_ZH,
  'ja-JP': RETIRED_HELD_OUT_JA,
  'ko-KR': RETIRED_HELD_OUT_KO,
};

/** The first blind endings and out-of-topic sets (U7), retired after their second measurement informed tuning. */
export const RETIRED_SMALL_TALK_SETS: Readonly<Record<'en' | 'fr' | 'es' | 'de', readonly HeldOutMessage[]>> = {
  en: RETIRED_HELD_OUT_SMALL_TALK_EN,
  fr: RETIRED_HELD_OUT_SMALL_TALK_FR,
  es: RETIRED_HELD_OUT_SMALL_TALK_ES,
  de: RETIRED_HELD_OUT_SMALL_TALK_DE,
};

/** Second blind editions that fell short when measured after tuning, retired as their misses informed a third round. */
export const RETIRED_SECOND_EDITION_SETS: Readonly<Record<string, readonly HeldOutMessage[]>> = {
  'da-DK': RETIRED_HELD_OUT_DA_SECOND,
  'sv-SE': RETIRED_HELD_OUT_SV_SECOND,
  'ja-JP': RETIRED_HELD_OUT_JA_SECOND,
  'ko-KR': RETIRED_HELD_OUT_KO_SECOND,
  'fr endings and out-of-topic': RETIRED_HELD_OUT_SMALL_TALK_FR_SECOND,
};
