/**
 * The `/emulator` entry of the package: the platform emulator (hub, portal, event manager),
 * for a developer's tests and laptop. The local stack (emulator + a provisioned bot server) is
 * the `/local` entry.
 * It is a development tool; the main entry never loads it.
 */
export { startEmulator, type RunningEmulator, type EmulatorOptions } from './startEmulator.js';
export { defaultParts } from './defaultParts.js';

export { customerInfoSignal, type ConversationStart, type ConversationStartSignal } from './hub/conversationStartSignal.js';
