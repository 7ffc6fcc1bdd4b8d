/**
 * Prints the French endings and out-of-topic figures (U7) on the tuning side: the retired sets and
 * the probes, with their misses; with `--snapshot FILE`, writes what the bot makes of every first
 * message of every tuning and retired set, so that a change can be diffed for lost top-1s and new
 * wrong picks. Run: npx tsx test/dialogs/understanding/printSmallTalkFr.ts [--snapshot out.json]
 */
import { writeFileSync } from 'node:fs';
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';
import { evaluateHeldOut, heldOutOutcome, type HeldOutLanguage } from './heldOutEvaluation.js';
import { EVALUATION_SET } from './evaluationSet.js';
import { RETIRED_HELD_OUT_SETS, RETIRED_NEW_LANGUAGE_SETS, RETIRED_SECOND_EDITION_SETS, RETIRED_SMALL_TALK_SETS } from './retiredHeldOut.js';
import { RETIRED_HELD_OUT_SMALL_TALK_FR } from './retiredHeldOutSmallTalkFr.js';
import { RETIRED_HELD_OUT_SMALL_TALK_FR_SECOND } from './retiredHeldOutSmallTalkFrSecond.js';
import { PROBES_SMALL_TALK_FR } from './tuningSmallTalkFrProbes.js';
import { TUNING_FIRST_MESSAGES_DE } from './tuningFirstMessagesDe.js';
import { TUNING_FIRST_MESSAGES_DE_MORE } from './tuningFirstMessagesDeMore.js';
import { TUNING_FIRST_MESSAGES_DE_THIRD } from './tuningFirstMessagesDeThird.js';
import { TUNING_FIRST_MESSAGES_ES } from './tuningFirstMessagesEs.js';
import { TUNING_NEW_LANGUAGES } from './tuningNewLanguages.js';
import { PROBES_NEW_LANGUAGES } from './tuningNewLanguagesProbes.js';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
for (const [name, set] of [
  ['retired fr (first)', RETIRED_HELD_OUT_SMALL_TALK_FR],
  ['retired fr (second)', RETIRED_HELD_OUT_SMALL_TALK_FR_SECOND],
  ['probes fr', PROBES_SMALL_TALK_FR],
] as const) {
  const f = evaluateHeldOut(set, 'fr');
  console.log(`${name}: ${f.messages} messages, top-1 ${pct(f.top1Accuracy)}, wrong picks ${pct(f.wrongPickRate)}`);
  for (const m of f.misses) console.log(`   expected ${m.message.expect}, got ${m.got ?? '-'}${m.automatic ? ' (auto)' : ''}: ${m.message.text}`);
}

const snapshot = process.argv.indexOf('--snapshot');
if (snapshot > 0) {
  const sets: Array<[string, HeldOutLanguage, readonly HeldOutMessage[]]> = [
    ...Object.entries(RETIRED_HELD_OUT_SETS).map(([l, s]) => [`retired ${l}`, l as HeldOutLanguage, s] as [string, HeldOutLanguage, readonly HeldOutMessage[]]),
    ...Object.entries(RETIRED_SMALL_TALK_SETS).map(([l, s]) => [`small talk ${l}`, l as HeldOutLanguage, s] as [string, HeldOutLanguage, readonly HeldOutMessage[]]),
    ...Object.entries(RETIRED_NEW_LANGUAGE_SETS).map(([l, s]) => [`retired ${l}`, l as HeldOutLanguage, s] as [string, HeldOutLanguage, readonly HeldOutMessage[]]),
    ...Object.entries(RETIRED_SECOND_EDITION_SETS).map(([l, s]) => [`second ${l}`, (l.startsWith('fr ') ? 'fr' : l) as HeldOutLanguage, s] as [string, HeldOutLanguage, readonly HeldOutMessage[]]),
    ...Object.entries(TUNING_NEW_LANGUAGES).map(([l, s]) => [`tuning ${l}`, l as HeldOutLanguage, s] as [string, HeldOutLanguage, readonly HeldOutMessage[]]),
    ...Object.entries(PROBES_NEW_LANGUAGES).map(([l, s]) => [`probes ${l}`, l as HeldOutLanguage, s] as [string, HeldOutLanguage, readonly HeldOutMessage[]]),
    ['tuning de', 'de', [...TUNING_FIRST_MESSAGES_DE, ...TUNING_FIRST_MESSAGES_DE_MORE, ...TUNING_FIRST_MESSAGES_DE_THIRD]],
    ['tuning es', 'es', TUNING_FIRST_MESSAGES_ES],
    ...(['en', 'fr'] as const).map((l) => [`evaluation ${l}`, l, EVALUATION_SET.filter((p) => p.lang === l && p.ask === 'topic').map((p) => ({ text: p.text, expect: (p.expect ?? 'none') as HeldOutMessage['expect'] }))] as [string, HeldOutLanguage, readonly HeldOutMessage[]]),
  ];
  const rows = sets.flatMap(([name, lang, set]) => set.map((m) => {
    const o = heldOutOutcome(m, lang);
    return { set: name, text: m.text, expect: m.expect, got: o.got ?? '-', automatic: o.automatic };
  }));
  writeFileSync(process.argv[snapshot + 1], JSON.stringify(rows, null, 1));
  console.log(`snapshot: ${rows.length} messages`);
}
