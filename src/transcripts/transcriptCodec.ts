/**
 * How RedisTranscriptStore keeps an activity's JSON: shortened by CompactJson, exact both ways.
 * Most of a hub activity is the same from one to the next (the customer and the bot as sender
 * and recipient, the conversation, card and button templates); the channel and conversation
 * ids are the key's own. An idle guided-help conversation's transcript went from 5.3 KB to
 * about a fifth of it.
 *
 * A record is read back exactly as written, so redaction and masking (done before) hold as
 * they were. Records of earlier versions are plain JSON and are read as they are.
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
 * The activity's JSON a stored record holds; a record of an earlier version is that JSON.
 *
 * @param stored - the record as read from the transcript
 * @param channelId - the transcript's channel
 * @param conversationId - the transcript's conversation
 */
export function decodeTranscriptRecord(stored: string, channelId: string, conversationId: string): string {
  return CODEC.decode(stored, [conversationId, channelId]);
}
