/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read nested documents of assumed shapes */
import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { fastEmulator } from './fastEmulator.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import { parseSetupDescription, SetupFileError, type SetupDescription } from '../../src/provisioning/setupDescription.js';
import { provision, ProvisioningError, status, teardown, type StepReport } from '../../src/provisioning/provision.js';
import { SETUP_STEPS } from '../../src/provisioning/desiredResources.js';

const ENV = { BOT_CLIENT_ID: 'hub-caller', BOT_CLIENT_SECRET: 'a-secret-of-sixteen+' };

function description(suffix = ''): SetupDescription {
  return parseSetupDescription({
    authentication: { name: `bot token${suffix}`, tokenRequestUrl: 'http://127.0.0.1:3978/oauth2/token' },
    clientApplication: { name: `guided help bot${suffix}`, callbackUrl: 'http://127.0.0.1:3978/api/hub/callback' },
    participant: { name: `guided-help${suffix}` },
    channel: { name: `web chat${suffix}` },
    orchestration: { name: `bot first${suffix}` },
    account: { name: `support${suffix}`, address: `support${suffix}@example.com` },
  });
}

// Run twice: with answers as the contract shows them, and with the real platform's variants
// (R7): authentications read back masked, and one in the tenant that we could not have written.
for (const realistic of [false, true]) describe(`provisioning against the emulator${realistic ? ', realistic answers [R7]' : ''}`, () => {
  let emu: RunningEmulator;
  let client: ConversationManagerClient;
  /** The tenant's authentications but the one another tool wrote (present with realistic answers). */
  const ownAuthentications = async () => (await client.authentications.list()).items.filter((a) => !a.id.startsWith('legacy-'));

  beforeEach(async () => {
    ({ emu, client } = await fastEmulator({ realistic }));
  });
  afterEach(() => emu.stop());

  it('[C3] creates the six resources in the spec order, wiring each id into the next', async () => {
    const lines: StepReport[] = [];
    const { steps, ids } = await provision(client, description(), { env: ENV, onStep: (r) => lines.push(r) });
    expect(steps.map((s) => s.step)).to.deep.equal([...SETUP_STEPS]);
    expect(lines.map((s) => s.action)).to.deep.equal(Array(6).fill('created'));
    const app = (await client.clientApplications.get(ids.clientApplication!)) as any;
    expect(app.roles[0].authentication.id).to.equal(ids.authentication);
    expect(app.roles[0].name).to.equal('custom_bot');
    expect(((await client.participants.get(ids.participant!)) as any).application.id).to.equal(ids.clientApplication);
    expect(((await client.orchestrations.get(ids.orchestration!)) as any).applications.botConfiguration.bots[0].participant.id).to.equal(ids.participant);
    const account = (await client.accounts.get(ids.account!)) as any;
    expect(account.channel.id).to.equal(ids.channel);
    expect(account.chatConfigurations.orchestration.id).to.equal(ids.orchestration);
    // The authentication payload is a JSON document carried as a string, secrets from the environment.
    const auth = (await client.authentications.get(ids.authentication!)) as any;
    // Read back masked on a real hub (R7); the hub still holds and uses the whole payload.
    if (realistic) expect(auth.oauth2.payload).to.equal('****');
    else expect(JSON.parse(auth.oauth2.payload)).to.deep.include({ client_id: 'hub-caller', grant_type: 'client_credentials' });
    expect(auth.oauth2.accessTokenPath).to.equal('$.access_token');
  });

  it('is idempotent: a second run changes nothing, and a changed field is updated in place', async () => {
    const first = await provision(client, description(), { env: ENV });
    const second = await provision(client, description(), { env: ENV });
    expect(second.steps.map((s) => s.action)).to.deep.equal(Array(6).fill('unchanged'));
    expect(second.ids).to.deep.equal(first.ids);
    expect((await client.accounts.list()).items).to.have.length(1);
    const changed = description();
    changed.account.timeout = 900;
    const third = await provision(client, changed, { env: ENV });
    expect(third.steps.find((s) => s.step === 'account')).to.include({ action: 'updated', id: first.ids.account });
    expect(((await client.accounts.get(first.ids.account!)) as any).chatConfigurations.timeout).to.equal(900);
  });

  it('[O3] a secret the hub reads back masked is said to be not compared, and --resend-secrets sends a rotated one', async () => {
    await provision(client, description(), { env: ENV });
    const rotated = { ...ENV, BOT_CLIENT_SECRET: 'a-rotated-secret-of-20' };
    const again = await provision(client, description(), { env: rotated });
    const auth = () => again.steps.find((s) => s.step === 'authentication')!;
    if (realistic) {
      // Masked, the rotated secret cannot be seen to differ: left as is, and the line says why.
      expect(auth()).to.include({ action: 'unchanged' });
      expect(auth().note).to.match(/payload read back masked by the hub, not compared .*--resend-secrets/);
      expect((await status(client, description(), { env: rotated })).find((s) => s.step === 'authentication')).to.include({ action: 'equal' }).and.have.property('note').that.matches(/not compared/);
      const planned = await provision(client, description(), { env: rotated, resendSecrets: true, dryRun: true });
      expect(planned.steps.map((s) => s.action)).to.deep.equal(['would update', ...Array(5).fill('unchanged')]);
      const resent = await provision(client, description(), { env: rotated, resendSecrets: true });
      expect(resent.steps.find((s) => s.step === 'authentication')).to.include({ action: 'updated', note: 'oauth2.payload sent again (--resend-secrets)' });
      // The hub holds the new secret (the emulator's store, read past its mask).
      const stored = emu.services.stores.authentications.find(resent.ids.authentication!)!.doc as any;
      expect(JSON.parse(stored.oauth2.payload)).to.deep.include({ client_secret: rotated.BOT_CLIENT_SECRET });
    } else {
      // Read back in full, the rotated secret is a difference: updated without being asked.
      expect(auth()).to.include({ action: 'updated' });
      expect(auth().note).to.equal(undefined);
    }
  });

  it('a dry run plans without creating anything', async () => {
    const { steps } = await provision(client, description(), { env: ENV, dryRun: true });
    expect(steps.map((s) => s.action)).to.deep.equal(Array(6).fill('would create'));
    expect(await ownAuthentications()).to.have.length(0);
  });

  it('stops at a failing step naming the platform error, and a rerun completes it', async () => {
    emu.setFaults({ errors: [{ status: 503, share: 1, endpoints: ['POST /orchestrations'] }] });
    let failure: ProvisioningError | undefined;
    try {
      await provision(client, description(), { env: ENV });
    } catch (err) {
      failure = err as ProvisioningError;
    }
    expect(failure).to.be.instanceOf(ProvisioningError);
    expect(failure!.failed).to.deep.include({ step: 'orchestration', action: 'failed' });
    expect(failure!.failed.error!.code).to.equal('503-100');
    expect(failure!.done.map((d) => d.step)).to.deep.equal(['authentication', 'clientApplication', 'participant', 'channel']);
    emu.setFaults({});
    const rerun = await provision(client, description(), { env: ENV });
    expect(rerun.steps.map((s) => s.action)).to.deep.equal(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'created', 'created']);
  });

  it('[C3] tears down in reverse order; status shows what exists', async () => {
    await provision(client, description(), { env: ENV });
    expect((await status(client, description(), { env: ENV })).map((s) => s.action)).to.deep.equal(Array(6).fill('equal'));
    const steps = await teardown(client, description());
    expect(steps.map((s) => s.step)).to.deep.equal([...SETUP_STEPS].reverse());
    expect(steps.every((s) => s.action === 'deleted')).to.equal(true);
    expect((await status(client, description(), { env: ENV })).map((s) => s.action)).to.deep.equal(Array(6).fill('absent'));
  });

  it('[C4] teardown reports plainly a resource still in use, naming what uses it', async () => {
    const { ids } = await provision(client, description(), { env: ENV });
    // Something outside the description still uses the client application.
    await client.participants.create({ name: 'another bot', type: 'custom_bot', application: { id: ids.clientApplication } } as never);
    try {
      await teardown(client, description());
      expect.fail('teardown should stop');
    } catch (err) {
      const e = err as ProvisioningError;
      expect(e.failed.step).to.equal('clientApplication');
      expect(e.failed.error!.code).to.equal('409-100');
      expect(e.failed.error!.message).to.match(/participant/i);
      expect(e.done.map((d) => d.step)).to.deep.equal(['account', 'orchestration', 'channel', 'participant']);
    }
  });

  it('refuses a setup file with bad fields, naming every problem', () => {
    try {
      parseSetupDescription({
        authentication: { name: '', tokenRequestUrl: 'not a url', accessTokenPath: '$..token' },
        clientApplication: { name: 'x', callbackUrl: 'nope' },
        participant: { name: 'p', type: 'platform_bot' },
        channel: { name: 'c' },
        orchestration: { name: 'o' },
        account: { name: 'a' },
        extra: true,
      }, 'setup.json');
      expect.fail('should refuse');
    } catch (err) {
      expect(err).to.be.instanceOf(SetupFileError);
      const text = (err as SetupFileError).problems.join('\n');
      for (const path of ['authentication.name', 'authentication.tokenRequestUrl', 'authentication.accessTokenPath', 'clientApplication.callbackUrl', 'participant.type', 'account.address']) {
        expect(text).to.contain(path);
      }
      expect(text).to.match(/extra/);
    }
  });

  it('refuses to build the authentication when the secret is not in the environment, without creating anything', async () => {
    try {
      await provision(client, description(), { env: {} });
      expect.fail('should fail');
    } catch (err) {
      expect((err as ProvisioningError).failed.step).to.equal('authentication');
      expect((err as ProvisioningError).failed.error!.message).to.contain('BOT_CLIENT_ID');
    }
    expect(await ownAuthentications()).to.have.length(0);
  });
});
