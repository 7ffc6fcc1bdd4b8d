import { expect } from 'chai';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/startEmulator.js';
import { knowledgeParts } from '../../../src/emulator/portal/knowledgeParts.js';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';

describe('PortalManagerClient against the emulator: creating a quickpick', () => {
  let emu: RunningEmulator;
  let portal: PortalManagerClient;
  before(async () => {
    emu = await startEmulator({ plan: { name: 'custom', defaultRate: 1000 }, rateBurst: 100, parts: knowledgeParts() });
    const token = emu.tokenFor({ subject: { kind: 'customer', id: 'quickpick-customer' } });
    portal = new PortalManagerClient(
      createPlatformHttpCore({ baseUrl: emu.url, tenant: 'default', customRates: { name: 'custom', defaultRate: 1000 }, tokenProvider: new StaticTokenProvider(token) }),
      'KP-10001',
    );
  });
  after(() => emu.stop());

  it('[P5] returns the new quickpick\'s id from the Location header, the one the list shows', async () => {
    const started = await portal.guidedHelp.startSearch({ casebaseId: '101', useLiveRelease: true });
    const created = await portal.quickpicks.create({ casebaseReleaseId: started.casebase!.id!, name: 'later-1' });
    expect(created.quickpickId).to.be.a('string');
    const listed = await portal.quickpicks.list({ casebaseID: '101' });
    expect(listed.quickpick!.find((q) => q.name === 'later-1')!.id).to.equal(created.quickpickId);
  });
});
