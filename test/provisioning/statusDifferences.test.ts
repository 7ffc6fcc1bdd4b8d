import { expect } from 'chai';
import type { RunningEmulator } from '../../src/emulator/startEmulator.js';
import { fastEmulator } from './fastEmulator.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import { parseSetupDescription, type SetupDescription } from '../../src/provisioning/setupDescription.js';
import { formatStep, provision, status } from '../../src/provisioning/provision.js';
import { fieldDifferences } from '../../src/provisioning/desiredResources.js';

const ENV = { BOT_CLIENT_ID: 'hub-caller', BOT_CLIENT_SECRET: 'a-secret-of-sixteen+' };

function description(changes: { callbackUrl?: string; timeout?: number } = {}): SetupDescription {
  return parseSetupDescription({
    authentication: { name: 'bot token', tokenRequestUrl: 'http://127.0.0.1:3978/oauth2/token' },
    clientApplication: { name: 'guided help bot', callbackUrl: changes.callbackUrl ?? 'http://127.0.0.1:3978/api/hub/callback' },
    participant: { name: 'guided-help' },
    channel: { name: 'web chat' },
    orchestration: { name: 'bot first' },
    account: { name: 'support', address: 'support@example.com', timeout: changes.timeout ?? 600 },
  });
}

describe('hubbot status: absent, equal or different, and what differs', () => {
  let emu: RunningEmulator;
  let client: ConversationManagerClient;

  beforeEach(async () => {
    ({ emu, client } = await fastEmulator());
  });
  afterEach(() => emu.stop());

  it('[O3] says absent before provisioning and equal after', async () => {
    expect((await status(client, description(), { env: ENV })).map((r) => r.action)).to.deep.equal(Array(6).fill('absent'));
    await provision(client, description(), { env: ENV });
    const after = await status(client, description(), { env: ENV });
    expect(after.map((r) => r.action)).to.deep.equal(Array(6).fill('equal'));
    expect(after.every((r) => r.differences === undefined)).to.equal(true);
    expect(formatStep(after[0])).to.match(/^= authentication\s+"bot token" equal \(id .+\)$/);
  });

  it('[O3] names the fields that differ, with both values, and an absent resource as absent', async () => {
    const { ids } = await provision(client, description(), { env: ENV });
    await client.accounts.delete(ids.account!);
    const reports = await status(client, description({ callbackUrl: 'https://bot.example.com/api/hub/callback' }), { env: ENV });
    const app = reports.find((r) => r.step === 'clientApplication')!;
    expect(app.action).to.equal('different');
    expect(app.differences).to.deep.equal([{ path: 'roles[0].callback', desired: 'https://bot.example.com/api/hub/callback', actual: 'http://127.0.0.1:3978/api/hub/callback' }]);
    expect(formatStep(app)).to.match(/^≠ clientApplication .* different \(id .+\): roles\[0\]\.callback is "http:\/\/127\.0\.0\.1:3978\/api\/hub\/callback", wanted "https:\/\/bot\.example\.com\/api\/hub\/callback"$/);
    expect(reports.find((r) => r.step === 'account')!.action).to.equal('absent');
    expect(formatStep(reports.find((r) => r.step === 'account')!)).to.match(/^- account\s+"support" absent$/);
    expect(reports.filter((r) => r.action === 'equal').map((r) => r.step)).to.deep.equal(['authentication', 'participant', 'channel', 'orchestration']);
  });

  it('[O3] never prints a secret that differs, and says when it cannot compare', async () => {
    await provision(client, description(), { env: ENV });
    const reports = await status(client, description(), { env: { ...ENV, BOT_CLIENT_SECRET: 'another-secret-of-sixteen' } });
    const auth = reports[0];
    expect(auth.action).to.equal('different');
    expect(formatStep(auth)).to.include('differs').and.not.include('another-secret-of-sixteen').and.not.include(ENV.BOT_CLIENT_SECRET);
    const unknown = (await status(client, description(), { env: {} }))[0];
    expect(unknown.action).to.equal('different');
    expect(formatStep(unknown)).to.match(/cannot compare: .*BOT_CLIENT_ID/);
  });

  it('[O3] compares deeply: missing fields, other lengths, JSON carried in strings', () => {
    expect(fieldDifferences({ a: { b: 1, c: [1, 2] } }, { a: { b: 2, c: [1] }, id: 'x' }).map((f) => f.path)).to.deep.equal(['a.b', 'a.c']);
    expect(fieldDifferences({ p: '{"x":1,"y":2}' }, { p: '{"y":2,"x":1}' })).to.deep.equal([]);
    expect(fieldDifferences({ p: '{"x":1}' }, { p: '{"x":3}' })).to.deep.equal([{ path: 'p.x', desired: 1, actual: 3 }]);
    expect(fieldDifferences({ s: 'secret' }, { s: '****' })).to.deep.equal([]);
    expect(fieldDifferences({ n: 'x' }, {})).to.deep.equal([{ path: 'n', desired: 'x', actual: undefined }]);
  });
});
