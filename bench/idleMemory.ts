/**
 * The scale module's "Redis memory per idle guided-help conversation" alone, in about a minute
 * (the module also runs 100,000 open conversations): N conversations (default 100) each left
 * with a question asked, as the module leaves them, then MEMORY USAGE of every key of the
 * tenant, per conversation, by kind and by key shape (ids replaced by <id>). Prints only; run it
 * on two commits one after the other to see which key grew:
 *
 *   npx tsx --conditions=hubbot-source bench/idleMemory.ts [N]
 */
import { tenantKey } from '../src/redis/tenantKey.js';
import { leaveIdleConversations, withGuidedHelpOnRedis } from './idleConversations.js';

const conversations = Number(process.argv[2] ?? 100);
await withGuidedHelpOnRedis('idle', async (stack, redis, tenant) => {
  await leaveIdleConversations(stack, conversations);
  const prefix = tenantKey(tenant);
  const bytes = new Map<string, number>();
  const add = (name: string, n: number) => bytes.set(name, (bytes.get(name) ?? 0) + n);
  for await (const batch of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
    for (const key of batch) {
      const n = (await redis.memoryUsage(key)) ?? 0;
      const rest = key.slice(prefix.length + 1);
      add(rest.split(':')[0], n);
      // The key's shape: UUIDs, the id lists' shard numbers and the days as <id>.
      add(`  ${rest.replace(/[0-9a-f-]{20,}/g, '<id>').replace(/\/\d+$|:\d+$/, '/<n>')}`, n);
    }
  }
  const per = (n: number) => (n / conversations).toFixed(0).padStart(6);
  const kinds = [...bytes].filter(([name]) => !name.startsWith(' '));
  for (const [name, n] of [...bytes].sort()) process.stdout.write(`${name.padEnd(64)}${per(n)} B\n`);
  process.stdout.write(`${'per idle conversation'.padEnd(64)}${per(kinds.reduce((s, [, n]) => s + n, 0))} B (goal 3,072)\n`);
});
