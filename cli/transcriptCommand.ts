/**
 * `hubbot transcript <conversationId>`: prints a conversation's transcript (H4) as text, one
 * line per activity, or as JSON (the activities as the TranscriptStore gives them). The bot
 * server keeps transcripts in Redis with REDIS_URL; a memory store lives inside the bot's
 * process, where this command cannot read it.
 */
import { HUB_CHANNEL_ID } from '../src/adapter/hubChannel.js';
import { closeRedisConnection, createRedisConnection } from '../src/redis/redisConnection.js';
import { RedisTranscriptStore } from '../src/transcripts/redisTranscriptStore.js';
import { readTranscript, transcriptLine } from '../src/transcripts/readTranscript.js';
import { consoleIo, parseCommandArgs, type CommandIo } from './commandIo.js';
import { commandRedisConnectTimeoutMs, redisTarget } from './redisTarget.js';

export const TRANSCRIPT_HELP = `Usage: hubbot transcript <conversationId> [--json] [--channel <id>]

Prints the transcript of a conversation: what the customer, the bot (and, after a handover,
the agent's conversation) said, oldest first. Transcripts are kept in Redis (REDIS_URL) for
TRANSCRIPT_TTL_SECONDS after their last activity.

Options:
  --json              the activities as JSON
  --channel <id>      channel of the conversation (default ${HUB_CHANNEL_ID})
  --redis-url <url>   Redis holding the transcripts (default REDIS_URL)
  --tenant <id>       tenant of the keys (default PLATFORM_TENANT, else "default")
  -h, --help          this text`;

export async function run(args: string[], io: CommandIo = consoleIo()): Promise<number> {
  const parsed = parseCommandArgs(
    'transcript',
    TRANSCRIPT_HELP,
    args,
    {
      json: { type: 'boolean' },
      channel: { type: 'string' },
      'redis-url': { type: 'string' },
      tenant: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || !positionals[0]) {
    io.err(`hubbot transcript: name one conversation id\n\n${TRANSCRIPT_HELP}`);
    return 2;
  }
  const { redisUrl, tenant, configError } = redisTarget(values, io.env);
  if (configError && values['redis-url'] === undefined) {
    io.err(`hubbot transcript: ${configError.message}`);
    return 2;
  }
  if (!redisUrl) {
    io.err('hubbot transcript: transcripts are read from Redis; set REDIS_URL or pass --redis-url (a memory store lives inside the bot\'s process)');
    return 2;
  }
  const client = await createRedisConnection({ url: redisUrl, clientName: 'hubbot-transcript', connectTimeoutMs: commandRedisConnectTimeoutMs(io.env) });
  try {
    const store = new RedisTranscriptStore({ client, tenant: tenant ?? 'default' });
    const activities = await readTranscript(store, values.channel ?? HUB_CHANNEL_ID, positionals[0]);
    // Unknown is a failure in both forms (M7): a script reading --json tells it from an empty chat.
    if (activities.length === 0) {
      io.err(`hubbot transcript: no transcript for conversation ${JSON.stringify(positionals[0])} (never seen, or past its retention)`);
      return 1;
    }
    if (values.json) io.out(JSON.stringify(activities, null, 2));
    else for (const a of activities) io.out(transcriptLine(a));
    return 0;
  } finally {
    await closeRedisConnection(client);
  }
}
