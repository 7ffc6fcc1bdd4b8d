/**
 * RETIRED HELD-OUT SET, now on the tuning side. Written blind on 2026-11-29 (heldOut/PROVENANCE.md),
 * measured twice as held-out; the second measurement informed tuning, so it was retired on the
 * same day and a new blind set took its place in heldOut/. Tune on it freely.
 * Labels: '101' home internet, '202' printers, 'both', 'person', 'ending', 'offTopic', 'none'.
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

export const RETIRED_HELD_OUT_SMALL_TALK_DE: readonly HeldOutMessage[] = Object.freeze([
  { text: 'vielen Dank', expect: 'ending' },
  { text: 'tschüss', expect: 'ending' },
  { text: 'hallo', expect: 'ending' },
  { text: 'guten Abend', expect: 'ending' },
  { text: 'das war\'s', expect: 'ending' },
  { text: 'nichts weiter, danke', expect: 'ending' },
  { text: 'super, klappt wieder, danke', expect: 'ending' },
  { text: 'ok perfekt danke', expect: 'ending' },
  { text: 'danke, ciao', expect: 'ending' },
  { text: 'moin', expect: 'ending' },
  { text: 'alles klar, danke schön', expect: 'ending' },
  { text: 'passt, schönen Tag noch', expect: 'ending' },
  { text: 'nein, sonst nichts', expect: 'ending' },
  { text: 'servus', expect: 'ending' },
  { text: 'mir wurde doppelt abgebucht', expect: 'offTopic' },
  { text: 'ich möchte meinen Vertrag kündigen', expect: 'offTopic' },
  { text: 'was kostet der schnellste Tarif', expect: 'offTopic' },
  { text: 'wo bleibt meine Bestellung', expect: 'offTopic' },
  { text: 'wie schicke ich ein Gerät zurück', expect: 'offTopic' },
  { text: 'Öffnungszeiten vom Shop', expect: 'offTopic' },
  { text: 'wo ist der nächste Shop', expect: 'offTopic' },
  { text: 'ich will meinen Tarif wechseln', expect: 'offTopic' },
  { text: 'die Rechnung ist viel zu hoch', expect: 'offTopic' },
  { text: 'Roaming in der Schweiz aktivieren', expect: 'offTopic' },
  { text: 'ich ziehe um, wie nehme ich den Vertrag mit', expect: 'offTopic' },
  { text: 'wie buche ich Sky Sport dazu', expect: 'offTopic' },
  { text: 'mein Paket ist nicht angekommen', expect: 'offTopic' },
  { text: 'neue SIM-Karte bestellen', expect: 'offTopic' },
  { text: 'ich will mit einem Mitarbeiter sprechen', expect: 'person' },
  { text: 'bitte einen echten Menschen', expect: 'person' },
  { text: 'kein Bot, bitte', expect: 'person' },
  { text: 'rufen Sie mich bitte an', expect: 'person' },
]);
