/** Where the emulator serves the conversation manager and its own API (spec 9.1 for the first). */
export const HUB_BASE = '/conversation/conversationmgr/v3';
/** The emulator's own API (customer side, inspector, admin): not part of the platform. */
export const EMULATOR_API = '/emulator';
