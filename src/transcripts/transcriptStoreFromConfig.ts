/**
 * The transcript store the configuration asks for (H4): none with TRANSCRIPTS=off, on Redis
 * with a Redis connection (every replica writes to the same transcript), else in memory.
 * Customer data is masked before anything is kept (S13), the kinds of CUSTOMER_DATA_REDACTION
 * (all by default; `off` keeps text as typed), then the operator's own redaction runs.
 */
import type { Activity, TranscriptStore } from 'botbuilder-core';
import type { Config } from '../config/config.js';
import type { RedisScriptClient } from '../redis/luaScript.js';
import { HubMemoryTranscriptStore } from './memoryTranscriptStore.js';
import { RedisTranscriptStore } from './redisTranscriptStore.js';
import type { TranscriptRedaction } from './transcriptRecord.js';
import { customerDataKindsFrom, maskCustomerDataDeep } from '../observability/customerData.js';
import { maskCustomerDataJson } from '../observability/customerDataJson.js';

type TranscriptConfig = Pick<Config, 'TRANSCRIPTS' | 'TRANSCRIPT_TTL_SECONDS' | 'PLATFORM_TENANT'> & Partial<Pick<Config, 'CUSTOMER_DATA_REDACTION'>>;

/**
 * The transcript store the configuration asks for (H4): none with `TRANSCRIPTS=off`, on Redis when
 * given a Redis connection (every replica writes to the same transcript), else in memory.
 *
 * @param cfg - the configuration's transcript settings
 * @param redis - a Redis connection, when the bot has one
 * @param operatorRedact - the operator's own redaction, applied to every activity before it is
 *   stored, after the customer-data masking (S13)
 * @returns the store, or undefined when transcripts are off
 */
export function transcriptStoreFromConfig(cfg: TranscriptConfig, redis?: RedisScriptClient, operatorRedact?: TranscriptRedaction): TranscriptStore | undefined {
  if (cfg.TRANSCRIPTS === 'off') return undefined;
  const kinds = customerDataKindsFrom(cfg.CUSTOMER_DATA_REDACTION ?? ['cards', 'emails', 'phones']);
  // The mask alone also works on the activity's JSON as the middleware hands it over (no copy).
  const mask: TranscriptRedaction | undefined = kinds.length > 0 ? Object.assign((activity: Partial<Activity>) => maskCustomerDataDeep(activity, kinds), { onJson: (json: string) => maskCustomerDataJson(json, kinds) }) : undefined;
  const redact: TranscriptRedaction | undefined = mask && operatorRedact ? (activity) => operatorRedact(mask(activity)) : (mask ?? operatorRedact);
  const opts = { ttlSeconds: cfg.TRANSCRIPT_TTL_SECONDS, ...(redact ? { redact } : {}) };
  return redis ? new RedisTranscriptStore({ ...opts, client: redis, tenant: cfg.PLATFORM_TENANT }) : new HubMemoryTranscriptStore(opts);
}
