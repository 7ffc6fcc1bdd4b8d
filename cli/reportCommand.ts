/**
 * `hubbot report --since <time> [--until <time>]`: the contact-center figures (O5) of every
 * replica, from the counters they keep on Redis: per topic, conversations started, solved by the
 * bot, rejections, handovers and how they ended, abandoned, and the containment rate.
 */
import { openSharedRedis } from '../src/redis/sharedRedis.js';
import { ContactCenterFigures, parseFiguresTime, type TopicFigures } from '../src/observability/contactCenterFigures.js';
import { RedisFiguresStore } from '../src/observability/redisFiguresStore.js';
import { consoleIo, parseCommandArgs, type CommandIo } from './commandIo.js';
import { commandRedisConnectTimeoutMs, redisTarget, sharedRedisSettings } from './redisTarget.js';

export const REPORT_HELP = `Usage: hubbot report --since <time> [--until <time>] [--json]

The contact-center figures of every replica, per topic, from the counters on Redis: started,
solved by the bot, solutions rejected, handed over (and how the handovers ended), abandoned,
and the containment rate (solved / started). Counters are kept per 5-minute window.

Times: ISO 8601 (2026-11-25, 2026-11-25T08:00Z) or a duration back from now (24h, 7d, 30m).

Options:
  --since <time>      start of the period (required)
  --until <time>      end of the period (default now)
  --json              the figures as JSON, with one entry per window
  --redis-url <url>   Redis holding the counters (default REDIS_URL)
  --tenant <id>       tenant of the keys (default PLATFORM_TENANT, else "default")
  -h, --help          this text`;

export async function run(args: string[], io: CommandIo = consoleIo(), now = Date.now()): Promise<number> {
  const parsed = parseCommandArgs(
    'report',
    REPORT_HELP,
    args,
    { since: { type: 'string' }, until: { type: 'string' }, json: { type: 'boolean' }, 'redis-url': { type: 'string' }, tenant: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const since = values.since === undefined ? undefined : parseFiguresTime(values.since, now);
  const until = values.until === undefined ? now : parseFiguresTime(values.until, now);
  if (since === undefined || until === undefined || since >= until) {
    io.err(`hubbot report: give --since (and --until) as ISO times or durations back from now (24h, 7d), --since before --until\n\n${REPORT_HELP}`);
    return 2;
  }
  const target = redisTarget(values, io.env);
  const settings = sharedRedisSettings(target);
  if (!settings) {
    io.err('hubbot report: the figures of all replicas are kept in Redis; set REDIS_URL or REDIS_CLUSTER_NODES, or pass --redis-url (without Redis, see hubbot_contact_center_total on each replica\'s /metrics)');
    return 2;
  }
  const client = await openSharedRedis(settings, { clientName: 'hubbot-report', connectTimeoutMs: commandRedisConnectTimeoutMs(io.env) });
  try {
    const figures = new ContactCenterFigures({ store: new RedisFiguresStore(client, target.tenant ?? 'default') });
    const report = await figures.report(since, until);
    if (values.json) {
      io.out(JSON.stringify({ since: new Date(since).toISOString(), until: new Date(until).toISOString(), windowMs: figures.windowMs, ...report }, null, 2));
      return 0;
    }
    io.out(`Contact-center figures, ${new Date(since).toISOString()} to ${new Date(until).toISOString()}, all replicas`);
    io.out('');
    for (const line of table([...report.topics, report.total])) io.out(line);
    return 0;
  } finally {
    await client.close();
  }
}

const HEADERS = ['topic', 'started', 'solved', 'rejected', 'handed over', 'abandoned', 'containment', 'handovers ended'];

function table(rows: TopicFigures[]): string[] {
  const cells = rows.map((f) => [
    f.topic,
    String(f.started),
    String(f.solved),
    String(f.rejected),
    String(f.handedOver),
    String(f.abandoned),
    f.containmentRate === undefined ? '-' : `${(f.containmentRate * 100).toFixed(1)} %`,
    Object.entries(f.handoverOutcomes).map(([k, v]) => `${k} ${v}`).join(', ') || '-',
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 || i === c.length - 1 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ').trimEnd();
  return [line(HEADERS), ...cells.map(line)];
}
