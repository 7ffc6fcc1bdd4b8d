/** The settings of the rolling-upgrade test's bot (releaseBot.ts), passed to each replica's environment. */

/** The folder (a file URL) of the release's `bots/` and `dialogs/` modules. */
export const RELEASE_MODULES_ENV = 'UPGRADE_RELEASE_MODULES';
/** The inactivity reminder's delay (ms); the end comes long after it. */
export const REMINDER_AFTER_ENV = 'UPGRADE_REMINDER_AFTER_MS';
