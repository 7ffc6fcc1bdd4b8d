import { expect } from 'chai';
import { CONVERSATION_OPERATIONS, type ConversationOperation } from '../../../src/schemas/conversationOperations.js';
import { hasScopeFor, REQUIRED_SCOPES, scopesForRoute } from '../../../src/schemas/requiredScopes.js';

const MANAGE = 'app.conversation.conversationmgr.manage';
const READ = 'app.conversation.conversationmgr.read';
const I_MANAGE = 'app.conversation.conversationmgr.interaction.manage';
const I_READ = 'app.conversation.conversationmgr.interaction.read';

/**
 * Spec 5.2 transcribed independently of the source, by method and path, row by row:
 * row 1 manage: create/update/delete on the six setup resources, and GET /authentications;
 * row 2 manage or read: every GET on authentications/{id} and on the five other resources;
 * row 3 interaction.manage: POST /conversations/messages, POST /assets, DELETE /assets/{id};
 * row 4 interaction.manage or interaction.read: GET /conversations/{id}, GET /assets/{id}.
 */
function expectedScopes(method: string, path: string): string[] {
  if (method === 'POST' && path === '/conversations/messages') return [I_MANAGE];
  if (method === 'POST' && path === '/assets') return [I_MANAGE];
  if (method === 'DELETE' && path === '/assets/{id}') return [I_MANAGE];
  if (method === 'GET' && (path === '/conversations/{id}' || path === '/assets/{id}')) return [I_MANAGE, I_READ];
  const setup = /^\/(authentications|clientapplications|participants|channels|orchestrations|accounts)(\/\{id\})?$/.exec(path);
  if (!setup) throw new Error(`5.2 does not cover ${method} ${path}`);
  if (method !== 'GET') return [MANAGE];
  if (path === '/authentications') return [MANAGE];
  return [MANAGE, READ];
}

describe('conversation manager scopes (spec 5.2)', () => {
  const ops = Object.keys(CONVERSATION_OPERATIONS) as ConversationOperation[];

  it('[C7] REQUIRED_SCOPES matches 5.2 for every operation of the client', () => {
    expect(ops).to.have.length(6 * 5 + 5);
    for (const op of ops) {
      const { method, template } = CONVERSATION_OPERATIONS[op];
      expect([...REQUIRED_SCOPES[op]].sort(), `${op} (${method} ${template})`).to.deep.equal(expectedScopes(method, template).sort());
    }
    expect(Object.keys(REQUIRED_SCOPES).sort()).to.deep.equal([...ops].sort());
  });

  it('[C7] listing authentications needs manage, while reading one also accepts read', () => {
    expect(hasScopeFor('authentications.list', [READ])).to.equal(false);
    expect(hasScopeFor('authentications.list', [MANAGE])).to.equal(true);
    expect(hasScopeFor('authentications.get', [READ])).to.equal(true);
    expect(hasScopeFor('clientapplications.list', [READ])).to.equal(true);
    expect(hasScopeFor('accounts.delete', [READ])).to.equal(false);
    expect(hasScopeFor('messages.send', [MANAGE])).to.equal(false);
    expect(hasScopeFor('assets.get', [I_READ])).to.equal(true);
    expect(hasScopeFor('assets.delete', [I_READ])).to.equal(false);
    expect(scopesForRoute('get', '/conversations/{id}')).to.deep.equal([I_MANAGE, I_READ]);
    expect(scopesForRoute('GET', '/nowhere')).to.equal(undefined);
  });
});
