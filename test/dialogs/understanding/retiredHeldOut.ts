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

export const RETIRED_HELD_OUT_SETS: Readonly<Record<'en' | 'fr' | 'es' | 'de', readonly HeldOutMessage[]>> = {
  en: RETIRED_HELD_OUT_EN,
  fr: RETIRED_HELD_OUT_FR,
  es: RETIRED_HELD_OUT_ES,
  de: RETIRED_HELD_OUT_DE,
};
