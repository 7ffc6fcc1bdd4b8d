/**
 * The bot of the rolling-upgrade test's replicas (HARNESS_BOT_MODULE): the ready guided-help bot,
 * built from the modules of the release the replica runs, so an old replica runs the old bot on
 * the old library and a new one the new. UPGRADE_RELEASE_MODULES is the folder (a file URL) that
 * holds that release's `bots/` and `dialogs/`: the previous release's built `dist/`, or this
 * checkout (its sources, through tsx).
 *
 * It is the ready bot as `hubbot start` builds it (bots/guidedHelpReadyBot.ts), with inactivity
 * deadlines of seconds instead of minutes, so reminders are scheduled by one release and fall on
 * the other while the test runs. Each turn is reported to the harness (the probe bot's `turn`
 * report), which is how the test knows which release ran what.
 */
import type { TurnContext } from 'botbuilder-core';
import type { BotDependencies, RunnableBot } from '../../src/server/hubBotServer.js';
import type { GuidedHelpBot as GuidedHelpBotClass } from '../../bots/guidedHelpBot.js';
import type { InboxDeadlines as InboxDeadlinesClass } from '../../bots/guidedHelpDeadlines.js';
import type { PortalManagerGuidedHelpPortal as PortalClass } from '../../dialogs/guidedHelp/portalManagerGuidedHelpPortal.js';
import type { withoutDeletedArticles as withoutDeletedArticlesFn } from '../../dialogs/guidedHelp/withoutDeletedArticles.js';
import type { ReplicaReport } from '../../cli/harness/replicaMessages.js';
import { RELEASE_MODULES_ENV, REMINDER_AFTER_ENV } from './releaseBotEnv.js';


const modules = process.env[RELEASE_MODULES_ENV];
if (!modules) throw new Error(`${RELEASE_MODULES_ENV} is not set: the folder (file URL) of the release's bots/ and dialogs/`);
const load = async <T>(path: string) => (await import(new URL(path, modules.endsWith('/') ? modules : `${modules}/`).href)) as T;

const { GuidedHelpBot } = await load<{ GuidedHelpBot: typeof GuidedHelpBotClass }>('bots/guidedHelpBot.js');
const { InboxDeadlines } = await load<{ InboxDeadlines: typeof InboxDeadlinesClass }>('bots/guidedHelpDeadlines.js');
const { PortalManagerGuidedHelpPortal } = await load<{ PortalManagerGuidedHelpPortal: typeof PortalClass }>('dialogs/guidedHelp/portalManagerGuidedHelpPortal.js');
const { withoutDeletedArticles } = await load<{ withoutDeletedArticles: typeof withoutDeletedArticlesFn }>('dialogs/guidedHelp/withoutDeletedArticles.js');

const reminderAfterMs = Number(process.env[REMINDER_AFTER_ENV] ?? 4000);

export function createBot(deps: BotDependencies): RunnableBot {
  const { portal, portalTokens } = deps.platform;
  if (!portal) throw new Error('PORTAL_ID: the guided-help bot needs the knowledge portal it runs against');
  const port = withoutDeletedArticles(
    new PortalManagerGuidedHelpPortal(portal, {
      callOptionsFor: ({ conversationId }) => (portalTokens ? { tokenProvider: portalTokens.for(`conversation:${conversationId}`) } : {}),
    }),
    deps.knowledge.deletedArticles,
  );
  const deadlines = new InboxDeadlines(deps.adapter);
  const bot = new GuidedHelpBot({
    storage: deps.storage,
    portal: port,
    language: deps.config.DEFAULT_LANGUAGE,
    // The end comes much later than the reminder: a conversation the test walks is never ended under it.
    settings: { reminderAfterMs, endAfterMs: 10 * 60_000 },
    scheduleDeadline: deadlines.schedule,
    cancelDeadline: deadlines.cancel,
    log: deps.logger,
  });
  return {
    run: async (context: TurnContext) => {
      const a = context.activity;
      const report: ReplicaReport = { type: 'turn', turn: { conversationId: a.conversation.id, messageId: a.id, text: a.text ?? a.name ?? a.type, holdMs: 0, slowMs: 0 } };
      process.send?.(report);
      await bot.run(context);
    },
  };
}
