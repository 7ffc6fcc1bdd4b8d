/**
 * `hubbot dead-letters`: lists the knowledge events whose handlers kept failing, or (`--inbox`)
 * the customer messages the bot failed on (T1), and puts them back to be handled again. Dead letters live in Redis (REDIS_URL); with the memory store they
 * live inside the bot's process and only the hubbot_dead_letters gauge of /metrics shows them.
 */
import { openSharedRedis } from '../src/redis/sharedRedis.js';
import { eventKindOf } from '../src/schemas/events.js';
import type { EventDeadLetter } from '../src/webhook/eventStore.js';
import { RedisEventStore } from '../src/webhook/redisEventStore.js';
import { RedisInbox } from '../src/adapter/inbox/redisInbox.js';
import { consoleIo, parseCommandArgs, type CommandIo } from './commandIo.js';
import { commandRedisConnectTimeoutMs, redisTarget, sharedRedisSettings } from './redisTarget.js';

export const DEAD_LETTERS_HELP = `Usage: hubbot dead-letters [list] [--inbox] [--limit <n>] [--json]
       hubbot dead-letters requeue [--inbox] <id>... | --all

Lists the knowledge events parked after their handlers kept failing, or puts them back in
the queue to be handled again (they are not deduplicated a second time). With --inbox: the
customer messages parked after the bot failed on them; a requeued message runs a new turn at
the end of its conversation.

Options:
  --inbox             the inbox's dead letters (customer messages), by message id
  --redis-url <url>   Redis holding the events (default REDIS_URL)
  --tenant <id>       tenant of the keys (default PLATFORM_TENANT, else "default")
  --limit <n>         list at most n (default 100)
  --json              list as JSON
  --all               requeue every dead letter
  -h, --help          this text`;

export async function run(args: string[], io: CommandIo = consoleIo()): Promise<number> {
  const parsed = parseCommandArgs(
    'dead-letters',
    DEAD_LETTERS_HELP,
    args,
    {
      'redis-url': { type: 'string' },
      tenant: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      all: { type: 'boolean' },
      inbox: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [action = 'list', ...ids] = positionals;
  if (action !== 'list' && action !== 'requeue') {
    io.err(`hubbot dead-letters: unknown action "${action}"\n\n${DEAD_LETTERS_HELP}`);
    return 2;
  }
  if (action === 'requeue' && ids.length === 0 && !values.all) {
    io.err(`hubbot dead-letters requeue: name ${values.inbox ? 'message ids' : 'notificationIds'}, or --all`);
    return 2;
  }
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    io.err('hubbot dead-letters: --limit must be a positive integer');
    return 2;
  }

  const target = redisTarget(values, io.env);
  const { tenant, configError } = target;
  if (configError && (values['redis-url'] === undefined || values.tenant === undefined)) {
    io.err(`hubbot dead-letters: ${configError.message}`);
    return 2;
  }
  const settings = sharedRedisSettings(target);
  if (!settings) {
    io.err('hubbot dead-letters: dead letters are kept in Redis; set REDIS_URL or REDIS_CLUSTER_NODES, or pass --redis-url (with the memory store, see hubbot_dead_letters on /metrics)');
    return 2;
  }

  const client = await openSharedRedis(settings, { clientName: 'hubbot-dead-letters', connectTimeoutMs: commandRedisConnectTimeoutMs(io.env) });
  try {
    const store = values.inbox ? inboxLetters(new RedisInbox({ client, tenant: tenant ?? 'default' })) : eventLetters(new RedisEventStore({ client, tenant: tenant ?? 'default' }));
    if (action === 'list') {
      const letters = await store.list(limit);
      if (values.json) io.out(JSON.stringify(letters.map((l) => l.raw), null, 2));
      else if (letters.length === 0) io.out('no dead letters');
      else for (const d of letters) io.out(d.line);
      return 0;
    }
    const targets = values.all ? (await store.list(Number.MAX_SAFE_INTEGER)).map((d) => d.id) : ids;
    let missing = 0;
    for (const id of targets) {
      const ok = await store.requeue(id);
      if (!ok) missing++;
      io.out(`${ok ? 'requeued' : 'not found'}  ${id}`);
    }
    return missing > 0 ? 1 : 0;
  } finally {
    await client.close();
  }
}

/** One kind of dead letters, as the command shows and requeues them. */
interface Letters {
  list(limit: number): Promise<{ id: string; line: string; raw: unknown }[]>;
  requeue(id: string): Promise<boolean>;
}

function eventLetters(store: RedisEventStore): Letters {
  return {
    list: async (limit) => (await store.listDeadLetters(limit)).map((d) => ({ id: d.notificationId, line: describe(d), raw: d })),
    requeue: (id) => store.requeueDeadLetter(id),
  };
}

function inboxLetters(inbox: RedisInbox): Letters {
  return {
    list: async (limit) =>
      (await inbox.deadLetters(Math.min(limit, 100_000))).map((d) => ({
        id: d.item.id,
        line: `${new Date(d.deadAt).toISOString()}  ${d.item.id}  conversation ${d.conversationId}  ${d.attempts} attempt(s): ${d.reason}`,
        raw: d,
      })),
    requeue: (id) => inbox.requeueDeadLetter(id),
  };
}

function describe(d: EventDeadLetter): string {
  let kind = '?';
  try {
    kind = eventKindOf(JSON.parse(d.body) as Record<string, unknown>) ?? '?';
  } catch {
    // An unreadable body is itself a reason for the dead letter; show the rest.
  }
  const why = d.failures.map((f) => `${f.handler} (${f.attempts} attempts): ${f.error}`).join('; ');
  return `${new Date(d.failedAt).toISOString()}  ${d.notificationId}  ${kind}  ${why}`;
}
