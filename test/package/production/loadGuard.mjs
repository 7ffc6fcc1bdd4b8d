// Loaded with --import into the production install's `hubbot start` (M2): every module resolved
// must come from the install folder (HUBBOT_INSTALL) or Node itself, and none may be TypeScript
// or a TypeScript runner. A resolution that breaks this fails the start with its URL.
import { register } from 'node:module';
import process from 'node:process';

register('./loadGuardHooks.mjs', import.meta.url, { data: { root: process.env.HUBBOT_INSTALL } });
