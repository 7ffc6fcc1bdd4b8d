/** `hubbot teardown FILE`: see provisionCommand.ts. */
import { runAction } from './provisionCommand.js';

export const run = (args: string[]) => runAction('teardown', args);
