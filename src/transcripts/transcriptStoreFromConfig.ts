/**
 * The transcript store the configuration asks for (H4): none with TRANSCRIPTS=off, on Redis
 * with a Redis connection (every replica writes to the same transcript), else in memory.
 */
import type { TranscriptStore } from 'botbuilder-core';
import type { Config } from '../config/config.js';
import type { RedisScriptClient } from '../redis/luaScript.js';
import { HubMemoryTranscriptStore } from './memoryTranscriptStore.js';
import { RedisTranscriptStore } from './redisTranscriptStore.js';
import type { TranscriptRedaction } from './transcriptRecord.js';

type TranscriptConfig = Pick<Config, 'TRANSCRIPTS' | 'TRANSCRIPT_TTL_SECONDS' | 'PLATFORM_TENANT'>;

/**
 * The transcript store the configuration asks for (H4): none with `TRANSCRIPTS=off`, on Redis when
 * given a Redis connection (every replica writes to the same transcript), else in memory.
 *
 * @param cfg - the configuration's transcript settings
 * @param redis - a Redis connection, when the bot has one
 * @param redact - applied to every activity before it is stored
 * @returns the store, or undefined when transcripts are off
 */
export function transcriptStoreFromConfig(cfg: TranscriptConfig, redis?: RedisScriptClient, redact?: TranscriptRedaction): TranscriptStore | undefined {
  if (cfg.TRANSCRIPTS === 'off') return undefined;
  const opts = { ttlSeconds: cfg.TRANSCRIPT_TTL_SECONDS, ...(redact ? { redact } : {}) };
  return redis ? new RedisTranscriptStore({ ...opts, client: redis, tenant: cfg.PLATFORM_TENANT }) : new HubMemoryTranscriptStore(opts);
}
