/**
 * FROZEN HELD-OUT SET (endings and out-of-topic requests only), German (de-DE), second edition. Written blind on 2026-11-29, before the tuning it measures,
 * by someone who never saw the matcher, its vocabulary, the sample casebases, the tuning sets or any earlier held-out set.
 * Never tune on these messages, never add to them or edit them to make a figure pass; if they ever
 * inform tuning, retire this file to the tuning side and write a new one.
 * Labels: 'ending', 'offTopic', 'person'.
 */
import type { HeldOutMessage } from './heldOutMessage.js';

export const HELD_OUT_SMALL_TALK_DE: readonly HeldOutMessage[] = Object.freeze([
  { text: 'Hallo', expect: 'ending' },
  { text: 'Vielen Dank für die Hilfe!', expect: 'ending' },
  { text: 'danke, tschüss', expect: 'ending' },
  { text: 'Das wars, danke', expect: 'ending' },
  { text: 'läuft wieder, danke euch 👍', expect: 'ending' },
  { text: 'Guten Morgen', expect: 'ending' },
  { text: 'passt, hat sich erledigt', expect: 'ending' },
  { text: 'nein sonst nichts, schönen Tag noch', expect: 'ending' },
  { text: 'Auf Wiedersehen', expect: 'ending' },
  { text: 'super, dankeschön!', expect: 'ending' },
  { text: 'Moin', expect: 'ending' },
  { text: 'Alles klar, jetzt geht\'s wieder. Vielen Dank und ein schönes Wochenende', expect: 'ending' },
  { text: 'dnake', expect: 'ending' },
  { text: 'ok, das wäre alles. ciao', expect: 'ending' },
  { text: 'Warum ist meine Rechnung diesen Monat so hoch?', expect: 'offTopic' },
  { text: 'ich möchte meinen Vertrag kündigen', expect: 'offTopic' },
  { text: 'Wo bleibt meine Bestellung? Sendungsverfolgung zeigt seit Tagen nichts an', expect: 'offTopic' },
  { text: 'wir ziehen im März um, wie läuft das mit dem Umzugsservice?', expect: 'offTopic' },
  { text: 'Was kostet ein Handyvertrag mit 50 GB bei euch?', expect: 'offTopic' },
  { text: 'Wann hat der Telekom Shop in der Innenstadt samstags offen?', expect: 'offTopic' },
  { text: 'Ich hätte gern eine Gutschrift für den doppelt abgebuchten Betrag', expect: 'offTopic' },
  { text: 'gibt es gerade Angebote für Neukunden?', expect: 'offTopic' },
  { text: 'Wie ändere ich meine Bankverbindung für die Lastschrift?', expect: 'offTopic' },
  { text: 'Ich will mein GigaTV Paket kündigen', expect: 'offTopic' },
  { text: 'Vertragsverlängerung: bekomme ich ein neues Handy dazu?', expect: 'offTopic' },
  { text: 'Rufnummernmitnahme von O2 zu 1&1, wie geht das', expect: 'offTopic' },
  { text: 'ich brauche eine neue SIM Karte, meine ist kaputt', expect: 'offTopic' },
  { text: 'Bitte ändern Sie die Adresse auf meinen Rechnungen', expect: 'offTopic' },
  { text: 'Ich möchte mit einem Mitarbeiter sprechen', expect: 'person' },
  { text: 'können Sie mich bitte zurückrufen? 0171 2345678', expect: 'person' },
  { text: 'bitte einen echten Menschen, keinen Bot', expect: 'person' },
  { text: 'Hallo, gibt es eine Hotline wo ich jemanden erreiche? Ich will mit jemandem telefonieren', expect: 'person' },
]);
