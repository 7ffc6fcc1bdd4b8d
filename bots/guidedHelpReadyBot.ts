// The guided-help bot as `hubbot start` runs it (documented on the function).
import { ConfigError } from '../src/config/config.js';
import type { BotDependencies, RunnableBot } from '../src/server/hubBotServer.js';
import { PortalManagerGuidedHelpPortal } from '../dialogs/guidedHelp/portalManagerGuidedHelpPortal.js';
import { withoutDeletedArticles } from '../dialogs/guidedHelp/withoutDeletedArticles.js';
import { GuidedHelpBot } from './guidedHelpBot.js';
import { InboxDeadlines } from './guidedHelpDeadlines.js';

/**
 * The guided-help bot as `hubbot start` runs it: over the configured portal (PORTAL_ID), with
 * a token on behalf of each conversation's customer (portal sessions belong to the token's
 * subject), solutions whose articles were deleted left out (knowledge events), and inactivity
 * deadlines kept in the conversation's inbox (T2: in line with its messages, after a restart too).
 *
 * @param deps - what the bot server built (configuration, storage, platform, adapter, knowledge events)
 * @returns the bot
 */
export function createReadyGuidedHelpBot(deps: BotDependencies): RunnableBot {
  const { portal, portalTokens } = deps.platform;
  if (!portal) throw new ConfigError(['PORTAL_ID: the guided-help bot needs the knowledge portal it runs against']);
  const port = withoutDeletedArticles(
    new PortalManagerGuidedHelpPortal(portal, {
      callOptionsFor: ({ conversationId }) => (portalTokens ? { tokenProvider: portalTokens.for(`conversation:${conversationId}`) } : {}),
    }),
    deps.knowledge.deletedArticles,
  );
  const deadlines = new InboxDeadlines(deps.adapter);
  return new GuidedHelpBot({
    storage: deps.storage,
    portal: port,
    language: deps.config.DEFAULT_LANGUAGE,
    ...(deps.config.PORTAL_PROFILE_ID ? { profileId: deps.config.PORTAL_PROFILE_ID } : {}),
    scheduleDeadline: deadlines.schedule,
    cancelDeadline: deadlines.cancel,
    log: deps.logger,
    figures: deps.figures,
  });
}
