/**
 * The extra parts `hubbot emulator` starts beside the conversation hub. The portal manager
 * and event manager parts (src/emulator/portal, src/emulator/events) are added to this list
 * as `EmulatorPart`s (emulatorContext.ts); tests pick their own parts through
 * `startEmulator({ parts })`.
 */
import type { EmulatorPart } from './emulatorContext.js';

export const DEFAULT_PARTS: EmulatorPart[] = [];
