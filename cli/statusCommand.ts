/** `hubbot status FILE`: see provisionCommand.ts. */
import { runAction } from './provisionCommand.js';

export const run = (args: string[]) => runAction('status', args);
