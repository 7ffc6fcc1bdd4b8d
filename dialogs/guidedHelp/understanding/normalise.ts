/**
 * The one comparable form of the customer's words: every reader (answers, yes/no, numbers,
 * topics, commands) compares text in it. Its own module so that the readers under
 * understanding/ and answerParsing.ts, which uses them, import it without an import circle.
 */
/**
 * Lower case, accents removed, punctuation as spaces: "Câble  USB!" → "cable usb". The marks
 * of Japanese kana (the voicing of が) are letters' own, not accents, and stay; Hangul comes
 * back composed (NFC).
 */
export function normalise(text: string): string {
  return foldMarks(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Accents removed, nothing else changed: also for a language pack's regular expressions, so they
 * meet normalised text. Danish and Norwegian ø and æ, letters of their own that no accent
 * removal reaches, are written as a keyboard without them does (o, ae), as å is (a).
 */
export function foldMarks(text: string): string {
  return text
    .normalize('NFD')
    .replace(/(?<![\p{Script=Hiragana}\p{Script=Katakana}])\p{M}+/gu, '')
    .replace(/[øØ]/g, (c) => (c === 'ø' ? 'o' : 'O'))
    .replace(/[æÆ]/g, (c) => (c === 'æ' ? 'ae' : 'AE'))
    .normalize('NFC');
}
