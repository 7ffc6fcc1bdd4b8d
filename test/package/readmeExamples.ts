/**
 * The TypeScript examples of README.md and of every guide in docs/ that are marked to be
 * compiled (an HTML comment naming the consumer test just above the fence), so the consumer test
 * can compile them against the packed package: an example that no longer matches the package's
 * types fails `npm test`, and the file name it is compiled under says which guide it came from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './importGraph.js';

const MARKED = /<!-- compiled by test\/package\/consumerPackage\.test\.ts[^>]*-->\n```ts\n([\s\S]*?)\n```/g;

/** README.md first, then the guides of docs/ in name order: every Markdown file a reader follows. */
export function documentedSources(): string[] {
  const guides = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join('docs', f));
  return ['README.md', ...guides];
}

/** A module name for the n-th example of a source: `readme1.ts`, `docs-botbuilder2.ts`, ... */
function exampleFile(source: string, n: number): string {
  const stem = basename(source, '.md').replace(/[^A-Za-z0-9]+/g, '-');
  return source === 'README.md' ? `readme${n}.ts` : `docs-${stem}${n}.ts`;
}

/** The marked examples of README.md and docs/*.md, each as a module file of its own, with its source. */
export function readmeExamples(): { file: string; code: string; source: string }[] {
  return documentedSources().flatMap((source) => {
    const text = readFileSync(join(ROOT, source), 'utf8');
    return [...text.matchAll(MARKED)].map((m, i) => ({ file: exampleFile(source, i + 1), code: `${m[1]}\n`, source }));
  });
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
declare class MyBot {
  constructor(storage: import('botbuilder-core').Storage, deletedArticles: { has(articleId: string): Promise<boolean> });
  run(context: import('botbuilder-core').TurnContext): Promise<void>;
}
declare function reindex(articleId: string | undefined): Promise<void>;
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
