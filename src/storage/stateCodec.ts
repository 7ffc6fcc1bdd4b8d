/**
 * How RedisStorage keeps an item's JSON: shortened by CompactJson, exact both ways, so the
 * Storage contract (an item reads back as written) holds as it did. An idle conversation keeps
 * two items: its conversation reference and its dialog's state (the guided-help machine's
 * snapshot, whose field names, empty lists and defaults are most of it); the dictionary holds
 * those runs as the package writes them, and the conversation id the key names stands for
 * itself. Items of earlier versions are plain JSON and are read as they are.
 *
 * The strings are data, not an import: the guided-help dialog's fields are named here as they
 * appear in its JSON, and a dialog that writes other fields is kept whole, only less short.
 */
import { randomBytes } from 'node:crypto';
import { CompactJson } from '../redis/compactJson.js';

/**
 * Version 'a'. Append only: a string changed, removed or moved makes old items read wrong (a
 * new dictionary takes a new version, and the old one stays to read them).
 */
const DICTIONARY_A = [
  // One character each: in every idle conversation's items.
  '{"version":1,"snapshot":{"status":"active","value":{"session":"',
  '"},"historyValue":{},"context":{"conversationId":"',
  '","lang":"',
  ',"solutions":[],"tried":[],"answers":[],"preferQuestions":false,"failures":0,"deadline":',
  ',"reminded":false,"lastAt":',
  ',"lastActivityId":"',
  '","session":{"casebaseId":"',
  '","releaseId":"',
  '","live":true,"closeOnAccept":true,"closeOnReject":false}',
  ',"question":{"id":"',
  '","title":"',
  '","format":"dropdown","options":[{"id":"',
  '","text":"',
  '"},{"id":"',
  '"}],"info":"',
  '"}},"children":{}}}',
  '{"reference":{"activityId":"',
  '","user":{"id":"',
  '","name":"","role":"user"},"bot":{"id":"',
  '","name":"bot","role":"bot"},"conversation":{"id":"',
  '","isGroup":false,"conversationType":"hub","name":""},"channelId":"conversation-hub","locale":"',
  ',"serviceUrl":"',
  '"},"savedAt":',
  // Two characters each.
  '{"ids":["',
  '"]}',
  '","',
  '}},"children":{}}}',
  '"}],"',
  '"}]',
  ',"solutions":[',
  '],"tried":[',
  '],"answers":[',
  '],"preferQuestions":',
  ',"failures":',
  ',"deadline":',
  ',"reminded":true,"lastAt":',
  ',"reminded":false',
  ',"lastAt":',
  ',"profileId":"',
  '","profileId":"',
  ',"offered":"',
  ',"offerCount":',
  ',"previousOfferCount":',
  '{"caseId":"',
  '","passed":true,"articles":[',
  '","passed":false,"articles":[',
  '{"id":"',
  '","name":"',
  '","t":"',
  '","ok":true',
  '","ok":false',
  ',"a":[',
  ',"firstWords":"',
  ',"proposal":{"input":{',
  ',"declined":[',
  ',"pending":{"questions":[',
  '],"records":[',
  ',"inFlight":{"activityId":"',
  '","decision":"accept"}',
  '","decision":"reject"}',
  '","format":"',
  '","options":[',
  '],"info":"',
  ',"range":{',
  ',"buckets":[',
  '","live":false,"closeOnAccept":',
  'false',
  'true',
  ',"status":"done"',
  '{"session":"',
  '"deciding"',
  '"offering"',
  '"asking"',
  '"historyValue":{}',
  '"children":{}',
  '{"version":',
  '"snapshot":{"status":"',
  '","role":"user"}',
  '","role":"bot"}',
  '","locale":"',
  'en-US"',
  'fr-FR"',
  'es-ES"',
  'de-DE"',
] as const;

const CODEC = new CompactJson('a', DICTIONARY_A);

/**
 * Longer values are kept as plain JSON: they are the few shared items (the conversation
 * reference index's shards, 60 KB each with 100,000 conversations), which every new
 * conversation reads and writes whole: shortening them cost 3.5 ms of CPU per new conversation
 * there (JSON alone 0.14 ms) to save 13 B per conversation.
 */
const MAX_SHORTENED = 8 * 1024;

/** The conversation a storage key names (`guidedHelp/<id>`, `conversationReferences/<id>`), when it names one. */
function contextOf(key: string): string[] {
  const last = key.slice(key.lastIndexOf('/') + 1);
  if (last.length < 8) return [];
  try {
    return [decodeURIComponent(last)];
  } catch {
    return [last];
  }
}

/**
 * The stored form of an item's JSON.
 *
 * @param json - the item without its eTag, as JSON
 * @param key - the item's storage key (the conversation it names is left out of the value)
 */
export function encodeStateValue(json: string, key: string): string {
  return json.length > MAX_SHORTENED ? json : CODEC.encode(json, contextOf(key));
}

/**
 * The item's JSON a stored value holds; a value of an earlier version is that JSON.
 *
 * @param stored - the value as read
 * @param key - the item's storage key
 */
export function decodeStateValue(stored: string, key: string): string {
  return CODEC.decode(stored, contextOf(key));
}

/**
 * A new eTag: 96 random bits, 16 characters (a UUID took 36, in every item). An eTag is only
 * compared with the one read, so any unique string does.
 */
export function newETag(): string {
  return randomBytes(12).toString('base64url');
}
