/**
 * The one comparable form of the customer's words: every reader (answers, yes/no, numbers,
 * topics, commands) compares text in it. Its own module so that the readers under
 * understanding/ and answerParsing.ts, which uses them, import it without an import circle.
 */
/** Lower case, accents removed, punctuation as spaces: "Câble  USB!" → "cable usb". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
