/**
 * Numbers customers give inside a sentence, en/fr/es/de, with the numbers meant (none for an
 * article such as "one", "une", "una"): written to compare our own number reading with
 * Microsoft's recognizer (U5); the bench reports both and their combination.
 */
export const NUMBER_PHRASINGS: ReadonlyArray<[lang: 'en' | 'fr' | 'es' | 'de', text: string, want: number[]]> = [
  ['en', 'it says error 1500', [1500]], ['en', 'about 20 pages', [20]], ['en', 'twenty five Mbit/s', [25]], ['en', 'seven hundred fifty', [750]],
  ['en', 'it shows seven hundred fifty', [750]], ['en', 'roughly 3 megs', [3]], ['en', 'one of them', []], ['en', 'a hundred and five', [105]],
  ['fr', 'vingt-deux', [22]], ['fr', 'environ 20 Mbit/s', [20]], ['fr', 'sept cent cinquante', [750]], ['fr', "il affiche l'erreur 750", [750]], ['fr', 'quatre-vingt-dix', [90]], ['fr', '1 000', [1000]], ['fr', '12,5', [12.5]], ['fr', 'une seule fois', []],
  ['es', 'unos veinte megas', [20]], ['es', 'sale el error setecientos cincuenta', [750]], ['es', 'veintidós', [22]], ['es', 'más o menos 3 Mbit', [3]], ['es', 'el código 1500', [1500]], ['es', 'doce coma cinco', [12.5]], ['es', 'una vez', []],
  ['de', 'ungefähr zwanzig Mbit', [20]], ['de', 'Fehler siebenhundertfünfzig', [750]], ['de', 'zweiundzwanzig', [22]], ['de', 'etwa 3 Mbit/s', [3]], ['de', 'Code 1500', [1500]], ['de', '12,5', [12.5]], ['de', 'einmal bitte', []],
];
