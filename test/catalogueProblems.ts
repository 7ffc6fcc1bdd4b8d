/**
 * What is wrong with a text catalogue against the reference (English) one (U2): a missing or
 * empty text, a key the reference does not have, placeholders `{x}` that differ, or a text
 * left in English. Shared by the bot's and the web chat page's catalogue tests.
 */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();

export function catalogueProblems(cat: Readonly<Record<string, string>>, reference: Readonly<Record<string, string>>, sameAsReference: ReadonlySet<string> = new Set()): string[] {
  const out = Object.keys(cat).filter((k) => !(k in reference)).map((k) => `extra ${k}`);
  for (const key of Object.keys(reference)) {
    if (typeof cat[key] !== 'string' || cat[key] === '') out.push(`missing ${key}`);
    else if (placeholders(cat[key]) !== placeholders(reference[key])) out.push(`placeholders of ${key}`);
    else if (!sameAsReference.has(key) && cat[key] === reference[key]) out.push(`English ${key}`);
  }
  return out;
}
