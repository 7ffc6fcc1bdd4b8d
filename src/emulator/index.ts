/**
 * The `/emulator` entry of the package: the platform emulator (hub, portal, event manager) and
 * the local stack (emulator + a provisioned bot server), for a developer's tests and laptop.
 * It is a development tool; the main entry never loads it.
 */
export { startEmulator, type RunningEmulator, type EmulatorOptions } from './startEmulator.js';
export { defaultParts } from './defaultParts.js';
export { startLocalStack, LOCAL_ACCOUNT_ADDRESS, LOCAL_PORTAL_ID, type LocalStack, type LocalStackOptions } from '../local/localStack.js';
