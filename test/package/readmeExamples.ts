/**
 * The README's TypeScript examples that are marked to be compiled (an HTML comment naming the
 * consumer test just above the fence), so the consumer test can compile them against the packed
 * package: an example that no longer matches the package's types fails `npm test`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './importGraph.js';

const MARKED = /<!-- compiled by test\/package\/consumerPackage\.test\.ts[^>]*-->\n```ts\n([\s\S]*?)\n```/g;

/** The marked examples, each as a module file of its own (`readme1.ts`, ...). */
export function readmeExamples(): { file: string; code: string }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(MARKED)].map((m, i) => ({ file: `readme${i + 1}.ts`, code: `${m[1]}\n` }));
}

/**
 * What the examples take from the reader's own project or from packages the consumer project
 * does not install (express, botbuilder-azure), declared with the shapes the examples rely on.
 * Kept out of the repository's own compilation, which has the real express types.
 */
export const README_PROJECT_NAMES = `
declare class HelloBot {
  constructor(state: import('botbuilder-core').ConversationState);
  run(context: import('botbuilder-core').TurnContext): Promise<void>;
}
declare function myHubShape(body: unknown): import('botbuilder-adapter-conversation-hub').HubMessage[];
declare module 'botbuilder-azure' {
  import type { Storage } from 'botbuilder-core';
  export const CosmosDbPartitionedStorage: new (options: object) => Storage;
}
declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Application {
    post(path: string, handler: (req: IncomingMessage, res: ServerResponse) => unknown): void;
    listen(port: number): void;
  }
  export default function express(): Application;
}
`;
