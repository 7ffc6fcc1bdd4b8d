import { expect } from 'chai';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { basePathsFor } from '../../../src/platform/http/basePaths.js';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import type { ServiceId } from '../../../src/platform/http/types.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';

describe('base paths of the services', () => {
  let server: RecordingServer;
  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  async function pathsCalled(opts: { baseUrl: string; portalBaseUrl?: string }): Promise<string[]> {
    const core = createPlatformHttpCore({ ...opts, tenant: 'acme', customRates: { name: 'custom', defaultRate: 1000 }, tokenProvider: new StaticTokenProvider('t') });
    for (const service of ['conversationmgr', 'eventmgr', 'portalmgr'] as ServiceId[]) {
      await core.request({ method: 'GET', service, path: '/ping', template: '/ping' });
    }
    return server.requests.map((r) => r.path);
  }

  it('[V1] calls {base}/conversation/conversationmgr/v3, {base}/knowledge/eventmgr/v4 and, by default, {base}/knowledge/portalmgr/v4', async () => {
    expect(await pathsCalled({ baseUrl: `${server.url}/api/` })).to.deep.equal([
      '/api/conversation/conversationmgr/v3/ping',
      '/api/knowledge/eventmgr/v4/ping',
      '/api/knowledge/portalmgr/v4/ping',
    ]);
  });

  it('[V1] takes the portal manager v4 base path from configuration', async () => {
    const paths = await pathsCalled({ baseUrl: server.url, portalBaseUrl: `${server.url}/kb/portal/v4` });
    expect(paths[2]).to.equal('/kb/portal/v4/ping');
    expect(paths[0]).to.equal('/conversation/conversationmgr/v3/ping');
  });

  it('refuses a base URL that is not http(s), without echoing it (it may hold credentials)', () => {
    expect(() => basePathsFor('ftp://user:pw@host')).to.throw(RangeError).with.property('message').that.does.not.contain('pw');
    expect(() => basePathsFor('not a url')).to.throw(RangeError);
  });
});
