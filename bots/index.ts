/**
 * The `/bots` entry of the package: the ready ActivityHandlers a contact center runs as they
 * are, or a bot developer extends.
 */
export { EchoBot } from './echoBot.js';
export { GuidedHelpBot, type GuidedHelpBotOptions } from './guidedHelpBot.js';
export { createReadyGuidedHelpBot } from './guidedHelpReadyBot.js';
export { READY_BOTS, DEFAULT_BOT } from './readyBots.js';
export { topicPicker, matchTopic, topicName, type GuidedHelpTopic } from './guidedHelpTopics.js';
export { parseCommand, type GuidedHelpCommand } from './guidedHelpCommands.js';
export { InboxDeadlines, GUIDED_HELP_DEADLINE_EVENT, type EventScheduler } from './guidedHelpDeadlines.js';
