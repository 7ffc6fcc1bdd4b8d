/**
 * The main entry stays what a bot developer needs: at most 60 names, each named one
 * by one (no `export *`, which would hide how many there are); the plumbing is on the named
 * subpaths of package.json `exports`.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './importGraph.js';

const MAIN_ENTRY_LIMIT = 60;

/** The names an entry file exports, read from its export declarations; `*` for an `export *`. */
function exportedNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(resolve(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) names.push('*');
      else if (ts.isNamespaceExport(clause)) names.push(clause.name.text);
      else names.push(...clause.elements.map((e) => e.name.text));
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      names.push(ts.getNameOfDeclaration(statement as ts.DeclarationStatement)?.getText(source) ?? '?');
    }
  }
  return names;
}

describe('the main entry', () => {
  it(`[K2] exports at most ${MAIN_ENTRY_LIMIT} names, each by name`, () => {
    const names = exportedNames('src/index.ts');
    expect(names, 'an export * hides the count').not.to.include('*');
    expect(new Set(names).size, 'a name exported twice').to.equal(names.length);
    expect(names.length, names.join(', ')).to.be.at.most(MAIN_ENTRY_LIMIT);
    // The count is of real names (the check above can fail): the bot server's entry point is one.
    expect(names).to.include.members(['startHubBotServer', 'HubAdapter', 'loadConfig']);
  });

  it('[K2] the plumbing is on named subpaths, not on the main entry', () => {
    const main = exportedNames('src/index.ts');
    const plumbing: Record<string, string[]> = {
      'src/entries/pipeline.ts': ['MemoryInbox', 'RedisInbox', 'InboxWorker', 'Outbox'],
      'src/entries/platform.ts': ['PlatformHttpCore', 'MemoryBucketStore', 'RedisBucketStore', 'rateFor', 'ConversationManagerClient'],
      'src/entries/server.ts': ['SharedRedis', 'MemoryRevocationStore', 'RedisFailureLimiter', 'createJsonServer'],
      'src/entries/webhook.ts': ['registerWebhook', 'RedisEventStore', 'webhookSignature'],
      'src/entries/provisioning.ts': ['provision', 'teardown', 'parseSetupDescription'],
    };
    for (const [entry, names] of Object.entries(plumbing)) {
      expect(exportedNames(entry), entry).to.include.members(names);
      expect(main.filter((n) => names.includes(n)), entry).to.deep.equal([]);
    }
  });
});
