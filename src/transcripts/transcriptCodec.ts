/**
 * How RedisTranscriptStore keeps an activity's JSON: shortened by CompactJson, exact both ways.
 * Most of a hub activity is the same from one to the next (the customer and the bot as sender
 * and recipient, the conversation, card and button templates); the channel and conversation
 * ids are the key's own. An idle guided-help conversation's transcript went from 5.3 KB to
 * about a fifth of it.
 *
 * A record is read back exactly as written, so redaction and masking (done before) hold as
 * they were. Records of earlier versions are plain JSON and are read as they are.
 *
 * The activity's `serviceUrl` (kept since N9) is the same in every activity of a channel: the
 * hub's address, 38 bytes or more in each record, about 260 B of an idle guided-help
 * conversation's transcript. A record may hold SERVICE_URL in its place, which stands for
 * `","serviceUrl":"` and the channel's service URL, kept once beside the channel's index
 * (redisTranscriptScripts.ts). It is CompactJson's third context string, which no release
 * passes: the previous release, which did not keep `serviceUrl`, reads such a record as the
 * activity without it, as it always read its own.
 */
import { CompactJson } from '../redis/compactJson.js';

/**
 * Version 'a'. Append only: a string changed, removed or moved makes old records read wrong
 * (a new dictionary takes a new version, and the old one stays to read them).
 */
const DICTIONARY_A = [
  // One character each: in nearly every activity.
  '{"type":"message","id":"',
  ',"timestamp":',
  ',"channelId":"',
  '","from":{"id":"',
  '","name":"","role":"user"},"recipient":{"id":"',
  '","name":"bot","role":"bot"},"conversation":{"id":"',
  '","name":"bot","role":"bot"},"recipient":{"id":"',
  '","name":"","role":"user"},"conversation":{"id":"',
  '","isGroup":false,"conversationType":"hub","name":""}',
  ',"locale":"',
  '","locale":"',
  ',"text":"',
  ',"replyToId":"',
  ',"suggestedActions":{"actions":[{"type":"imBack","title":"',
  '","value":"',
  '"},{"type":"imBack","title":"',
  '"}]}',
  ',"attachments":[{"contentType":"application/vnd.microsoft.card.hero","content":{"title":"',
  '","buttons":[{"type":"imBack","title":"',
  '"}]}},{"contentType":"application/vnd.microsoft.card.hero","content":{"title":"',
  '"}]}}]',
  '{"type":"event","id":"',
  '{"type":"conversationUpdate","id":"',
  // Two characters each.
  ',"name":"customer.info","value":{"language":"',
  ',"membersAdded":[{"id":"',
  ',"membersRemoved":[{"id":"',
  '"},{"id":"',
  ':start',
  '{"type":"typing","id":"',
  '{"type":"endOfConversation","id":"',
  '{"type":"messageUpdate","id":"',
  '{"type":"messageDelete","id":"',
  '{"type":"handoff","id":"',
  '","role":"agent"}',
  '","role":"bot"}',
  '","role":"user"}',
  ',"name":"',
  ',"value":',
  ',"entities":[',
  ',"speak":"',
  ',"localTimestamp":',
  ',"attachments":[{"contentType":"',
  '{"contentType":"application/vnd.microsoft.card.',
  'application/vnd.microsoft.card.adaptive',
  '{"type":"AdaptiveCard","version":"',
  '"type":"TextBlock","text":"',
  '"type":"Action.Submit","title":"',
  '"type":"openUrl","title":"',
  '"type":"imBack","title":"',
  '"type":"messageBack","title":"',
  ',"wrap":true',
  ',"buttons":[{',
  ',"images":[{"url":"',
  ',"subtitle":"',
  ',"title":"',
  '"contentUrl":"',
  'guidedHelp.',
  'en-US"',
  'fr-FR"',
  'es-ES"',
  'de-DE"',
  ':r1"',
  ':r2"',
  ':r3"',
] as const;

const CODEC = new CompactJson('a', DICTIONARY_A);

/** Stands for `","serviceUrl":"` and the channel's service URL (CompactJson's third context string). */
export const SERVICE_URL = '\u0006';
/** What SERVICE_URL stands for before the service URL (the closing quote stays in the record). */
export const SERVICE_URL_FIELD = '","serviceUrl":"';

/**
 * The stored form of an activity's JSON in its transcript.
 *
 * @param json - the activity's JSON as kept (after the redaction)
 * @param channelId - the transcript's channel
 * @param conversationId - the transcript's conversation
 */
export function encodeTranscriptRecord(json: string, channelId: string, conversationId: string): string {
  return CODEC.encode(json, [conversationId, channelId]);
}

/**
 * The stored form of an activity's JSON with its service URL left to the channel: the record
 * holds SERVICE_URL where the JSON held `","serviceUrl":"<url>`. Undefined when the JSON has no
 * service URL (or an empty one), or holds a control character (CompactJson keeps it as it is).
 *
 * @param json - the activity's JSON as kept (after the redaction)
 * @param channelId - the transcript's channel
 * @param conversationId - the transcript's conversation
 * @returns the record, and the service URL as written in the JSON (its escaped string content)
 */
export function encodeRecordWithoutServiceUrl(json: string, channelId: string, conversationId: string): { record: string; serviceUrl: string } | undefined {
  const at = json.indexOf(SERVICE_URL_FIELD);
  // Text with a control character is kept as it is (CompactJson): one there would read as SERVICE_URL.
  // eslint-disable-next-line no-control-regex
  if (at < 0 || /[\x00-\x1f]/.test(json)) return undefined;
  const from = at + SERVICE_URL_FIELD.length;
  const to = closingQuote(json, from);
  if (to <= from) return undefined;
  const serviceUrl = json.slice(from, to);
  // Every occurrence becomes SERVICE_URL, and every SERVICE_URL reads back as it: exact both ways.
  const record = CODEC.encode(json, [conversationId, channelId, { json: SERVICE_URL_FIELD + serviceUrl }]);
  return record.includes(SERVICE_URL) ? { record, serviceUrl } : undefined;
}

/** Where the JSON string whose content starts at `from` ends (its closing quote), -1 if it does not. */
function closingQuote(json: string, from: number): number {
  for (let i = from; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return -1;
}

/**
 * The activity's JSON a stored record holds; a record of an earlier version is that JSON.
 *
 * @param stored - the record as read from the transcript
 * @param channelId - the transcript's channel
 * @param conversationId - the transcript's conversation
 * @param serviceUrl - the channel's service URL as kept beside its index (escaped string content);
 *   without it a record that leaves its service URL to the channel reads without one, as the
 *   previous release reads it
 */
export function decodeTranscriptRecord(stored: string, channelId: string, conversationId: string, serviceUrl?: string): string {
  return CODEC.decode(stored, serviceUrl ? [conversationId, channelId, { json: SERVICE_URL_FIELD + serviceUrl }] : [conversationId, channelId]);
}
