/**
 * What the platform really sends, read over real HTTP by the real clients: published answers
 * with display names outside the contract's lists, empty ids on control actions, field
 * aliases, masked secrets, odd error bodies (R1-R4 of docs/platform-contract.md).
 */
import { expect } from 'chai';
import type { PortalManagerClient } from '../../src/platform/portal/portalManagerClient.js';
import type { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import { readingClients } from './reading/readingClients.js';
import { startRecordingServer, type RecordingServer } from './recordingServer.js';
import { CONVERSATION_BASE, PORTAL_BASE } from './testPlatformCore.js';
import { PORTAL, rejectionOf, SEARCH_RESPONSE } from './portal/portalFixtures.js';

const P = `${PORTAL_BASE}/portals/${PORTAL}`;

describe('reading the platform tolerantly (real HTTP, real clients)', () => {
  let server: RecordingServer;
  let warnings: Record<string, unknown>[];
  let unreadable: string[];
  let portal: PortalManagerClient;
  let hub: ConversationManagerClient;

  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.clear();
    ({ portal, hub, warnings, unreadable } = readingClients(server.url));
  });

  it('[R2] a casebase list with a language display name outside the contract list is read whole', async () => {
    server.reply('GET', `${P}/gh/casebasereleases`, {
      body: {
        casebase: [
          { casebaseId: '12', id: '34', name: 'Printers', status: 'live', languages: { KbLanguage: [{ name: 'English (US)', code: 'en-US' }] } },
          { casebaseId: '13', id: '35', name: '', status: 'live', languages: { KbLanguage: [{ name: 'Français (France)', code: 'fr-FR' }] } },
        ],
      },
    });
    const list = await portal.guidedHelp.casebaseReleases();
    expect(list.casebase?.map((c) => c.id)).to.deep.equal(['34', '35']);
    expect(list.casebase?.[0].languages?.KbLanguage?.[0]).to.deep.equal({ name: 'English (US)', code: 'en-US' });
    expect(unreadable).to.deep.equal([]);
  });

  it('[R1] [R2] a search answer with an empty id on a control action, an unknown status and null display text keeps the rest', async () => {
    server.reply('PUT', `${P}/gh/search`, {
      body: {
        ...SEARCH_RESPONSE,
        casebase: { ...SEARCH_RESPONSE.casebase, status: 'retired' },
        actionSearch: [{ type: 'control', articleId: '', name: null, actionId: '9', score: 3 }],
      },
    });
    const answer = await portal.guidedHelp.step({ casebaseId: '12', questions: [] });
    expect(answer.casebase?.id).to.equal('34');
    expect(answer.casebase?.status).to.equal(undefined);
    expect(answer.actionSearch).to.have.length(1);
    expect(answer.actionSearch?.[0]).to.include({ type: 'control', actionId: '9', score: 3 });
    expect(answer.actionSearch?.[0]).to.not.have.property('articleId');
    expect((answer as Record<string, unknown>).vendorExtra).to.deep.equal({ kept: true });
    // A value outside a list is told by its path, never its value; an empty id and a null
    // display text are "no value" (R2), dropped without a word.
    expect(warnings.map((w) => w.field)).to.deep.equal(['casebase.status']);
    expect(JSON.stringify(warnings)).to.not.contain('retired');
  });

  it('[R1] the published aliases read as the contract\'s names: a case\'s id, passedThreshold', async () => {
    server.reply('PUT', `${P}/gh/search`, {
      body: { ...SEARCH_RESPONSE, caseSearch: [{ id: '77', title: 'Turn it on', passedThreshold: true, type: 'Control' }], actionSearch: [{ actionId: '3', passedThreshold: false }] },
    });
    const answer = await portal.guidedHelp.step({ casebaseId: '12', questions: [] });
    expect(answer.caseSearch?.[0]).to.include({ caseId: '77', passedThresholdValue: true });
    expect(answer.actionSearch?.[0]).to.include({ actionId: '3', passedThresholdValue: false });
  });

  it('[R3] one unreadable list item is skipped with a warning naming the field and counted; the rest of the list is returned', async () => {
    server.reply('GET', `${CONVERSATION_BASE}/authentications`, {
      body: {
        authentication: [
          { id: 'a1', name: 'ours', type: 'oauth2', oauth2: { tokenRequestUrl: 'https://bot.example/token', payload: '****', accessTokenPath: '$..token[?(@.x)]' } },
          { id: 'a2', type: 'oauth2', oauth2: { payload: 'super-secret-value' } },
          { id: 'a3', name: 'basic one', type: 'basic', userName: 'x' },
        ],
      },
    });
    const list = await hub.authentications.list();
    expect(list.items.map((a) => a.id)).to.deep.equal(['a1', 'a3']);
    expect(unreadable).to.deep.equal(['authentications.list:item']);
    const w = warnings.find((x) => x.skipped === 'item');
    expect(w?.field).to.equal('authentication.1');
    expect(JSON.stringify(warnings)).to.not.contain('super-secret-value');
  });

  it('[R3] an item without a field the code acts on goes, inside a nested list too', async () => {
    server.reply('GET', `${P}/gh/casebasereleases`, { body: { casebase: [{ id: '34', casebaseId: '12', profiles: { profile: [{ id: '1', name: 'System' }, { name: 'no id' }] } }] } });
    const list = await portal.guidedHelp.casebaseReleases();
    const profiles = list.casebase?.[0].profiles as { profile: { id: string }[] };
    expect(profiles.profile.map((p) => p.id)).to.deep.equal(['1']);
    expect(unreadable).to.include('gh.casebaseReleases.list:item');
  });

  it('[R1] sends a session-article start with a 15-digit ghsArticleId, as the platform documents it (no invented pattern)', async () => {
    server.reply('POST', `${P}/gh/search`, { body: SEARCH_RESPONSE });
    await portal.guidedHelp.startSearch({ casebaseId: '12', ghsArticleId: '123456789012345' });
    expect((server.requests.at(-1)?.body as { ghsArticleId?: string }).ghsArticleId).to.equal('123456789012345');
  });

  it('[R4] an error body keeps its code and messages when other fields are oddly typed; an unknown code is kept', async () => {
    server.reply('GET', `${CONVERSATION_BASE}/authentications/{id}`, {
      status: 404,
      body: { code: '404-101', developerMessage: 'No such authentication.', userMessage: null, details: [{ key: 'id', value: 42 }, 'junk'] },
    });
    const err = await rejectionOf(hub.authentications.get('x'));
    expect(err.code).to.equal('404-101');
    expect(err.developerMessage).to.equal('No such authentication.');
    expect(err.details).to.deep.equal([{ key: 'id', value: '42' }]);
    server.reply('GET', `${CONVERSATION_BASE}/authentications/{id}`, { status: 400, body: { code: '400-987', developerMessage: 'Something new.', details: 'not a list' } });
    const unknown = await rejectionOf(hub.authentications.get('y'));
    expect(unknown.code).to.equal('400-987');
    expect(unknown.developerMessage).to.equal('Something new.');
  });
});
