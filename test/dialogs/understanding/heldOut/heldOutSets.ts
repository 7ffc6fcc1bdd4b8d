/** The frozen held-out sets by language (see the header of each file: never tune on them). */
import { HELD_OUT_DE } from './heldOutDe.js';
import { HELD_OUT_EN } from './heldOutEn.js';
import { HELD_OUT_ES } from './heldOutEs.js';
import { HELD_OUT_FR } from './heldOutFr.js';
import type { HeldOutMessage } from './heldOutMessage.js';

export const HELD_OUT_SETS: Readonly<Record<'en' | 'fr' | 'es' | 'de', readonly HeldOutMessage[]>> = {
  en: HELD_OUT_EN,
  fr: HELD_OUT_FR,
  es: HELD_OUT_ES,
  de: HELD_OUT_DE,
};
