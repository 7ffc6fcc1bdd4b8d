/**
 * The guided-help bot end to end: botbuilder turns in, the real portal manager client over
 * HTTP to the emulator's portal part, answers from the emulator's casebases. What the
 * emulator recorded (search steps, accept/reject with whether the session closed) is checked
 * beside what the customer saw.
 */
import { expect } from 'chai';
import { MemoryStorage, type Activity, type Storage } from 'botbuilder-core';
import { GuidedHelpBot } from '../../bots/guidedHelpBot.js';
import { closeRedisConnection, createRedisConnection, type RedisConnection } from '../../src/redis/redisConnection.js';
import { RedisStorage } from '../../src/storage/redisStorage.js';
import { deleteTenantKeys, uniqueTenant } from '../storage/redisTestTenant.js';
import { Chat, FORMATS_CASEBASE, RecordingRenderer, startHarness, texts, type Harness } from './guidedHelpHarness.js';

const TOPICS = [
  { casebaseId: '101', name: { en: 'Home internet', fr: 'Internet à la maison' } },
  { casebaseId: '202', name: { en: 'Printers', fr: 'Imprimantes' } },
  { casebaseId: '101', name: { en: 'Home internet (draft)', fr: 'Internet (brouillon)' }, useLiveRelease: false },
];

/** For each format: how to pick it at the first question, and an answer that fits its solution. */
const FORMAT_WALKS = [
  { format: 'radioButton', pick: 'Radio buttons', answer: 'beta', caseId: '9101' },
  { format: 'dropdown', pick: 'Drop-down list', answer: '2', caseId: '9102' },
  { format: 'checkbox', pick: 'Check boxes', answer: 'Beta, Gamma', caseId: '9103' },
  { format: 'mutliSelect', pick: 'Multi-select list', answer: '90042', caseId: '9104' },
  { format: 'number', pick: 'A number', answer: '75', caseId: '9105' },
  { format: 'singleLineTextField', pick: 'One line of text', answer: 'It says beta', caseId: '9106' },
  { format: 'multiLineTextField', pick: 'Several lines of text', answer: 'First line\nthe beta build', caseId: '9107' },
];

const handoff = (activities: Partial<Activity>[]) => activities.find((a) => a.type === 'event' && a.name === 'handoff');

describe('guided help bot end to end (emulator portal, real portal client)', function () {
  this.timeout(30_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.stop());

  function bot(customer: string, opts: { storage?: Storage; renderer?: RecordingRenderer; topics?: typeof TOPICS | { casebaseId: string; name: string }[] } = {}) {
    return new GuidedHelpBot({ storage: opts.storage ?? new MemoryStorage(), portal: h.portalFor(customer), casebases: opts.topics ?? TOPICS, renderer: opts.renderer });
  }

  for (const walk of FORMAT_WALKS) {
    it(`[B3] walks to an accepted solution through a ${walk.format} question`, async () => {
      const renderer = new RecordingRenderer();
      const chat = new Chat(bot(`customer-${walk.format}`, { renderer, topics: [{ casebaseId: FORMATS_CASEBASE, name: 'Question formats' }] }), { conversationId: `formats-${walk.format}` });
      await chat.say('hello');
      await chat.say(walk.pick);
      expect(renderer.askedFormats()).to.deep.equal(['radioButton', walk.format]);
      const offer = await chat.say(walk.answer);
      expect(texts(offer)).to.contain('Here is a solution:');
      const end = await chat.say('yes');
      expect(texts(end)).to.contain('glad I could help');
      expect(h.feedback()).to.deep.include({ verb: 'accept', caseId: walk.caseId, sessionClosed: true });
    });
  }

  it('[B3] refuses an out-of-range number without calling the portal, in French, then walks on', async () => {
    const chat = new Chat(bot('customer-range', { topics: [{ casebaseId: FORMATS_CASEBASE, name: 'Formats' }] }), { conversationId: 'range', locale: 'fr-FR' });
    await chat.say('bonjour');
    const asked = await chat.say('Un nombre');
    expect(texts(asked)).to.contain('Votre réponse en un nombre ?').and.contain("(un nombre d'au moins 0 et inférieur à 100)");
    const steps = h.calls('PUT', '/gh/search');
    const refused = await chat.say('100');
    expect(texts(refused)).to.match(/^Donnez un nombre d'au moins 0 et inférieur à 100\./);
    expect(h.calls('PUT', '/gh/search'), 'a step was sent for a refused number').to.equal(steps);
    expect(texts(await chat.say('99,5'))).to.contain('Voici une solution');
    expect(h.calls('PUT', '/gh/search')).to.equal(steps + 1);
  });

  describe('[B5] a bot replaced mid-dialog (Redis storage)', () => {
    let client: RedisConnection;
    let tenant: string;
    before(async () => {
      client = await createRedisConnection();
      tenant = uniqueTenant('guided-help-bot');
    });
    after(async () => {
      await deleteTenantKeys(client, tenant);
      await closeRedisConnection(client);
    });

    it('[B5][M5] continues the conversation on a new bot instance, the emulator sees no step twice, and the message that ended the dialog run again says nothing', async () => {
      const storage = new RedisStorage({ client, tenant });
      const chat = new Chat(bot('customer-b5', { storage }), { conversationId: 'b5' });
      const before = h.calls('PUT', '/gh/search');
      await chat.say('Home internet');
      await chat.say('The connection keeps dropping');
      const third = await chat.say('Fibre');
      expect(texts(third)).to.contain('Have you restarted the router');

      chat.use(bot('customer-b5', { storage: new RedisStorage({ client, tenant }) })); // another replica, same Redis
      const offer = await chat.say('No');
      expect(texts(offer)).to.contain('Restart the router');
      // The hub delivers that message again (the first replica died before acknowledging it).
      const again = await chat.say('No', { id: 'b5-m4' });
      expect(texts(again)).to.contain('Restart the router');
      expect(h.calls('PUT', '/gh/search') - before, 'search steps').to.equal(3);

      chat.use(bot('customer-b5', { storage: new RedisStorage({ client, tenant }) }));
      expect(texts(await chat.say('yes', { id: 'b5-m5' }))).to.contain('glad I could help');
      expect(h.feedback().filter((f) => f.caseId === '5001' && f.verb === 'accept')).to.have.length(1);
      // The message that ended the dialog, delivered again (M5: a replica drained before acknowledging it): nothing more is said.
      chat.use(bot('customer-b5', { storage: new RedisStorage({ client, tenant }) }));
      expect(texts(await chat.say('yes', { id: 'b5-m5' })), 'the ending message run again').to.equal('');
      expect(h.feedback().filter((f) => f.caseId === '5001' && f.verb === 'accept')).to.have.length(1);
    });
  });

  it('[P10] closeSessionOnAccept false (printers): the portal keeps the session open and the dialog goes on', async () => {
    const chat = new Chat(bot('customer-p10a'), { conversationId: 'p10a' });
    await chat.say('Printers');
    await chat.say('Nothing prints');
    await chat.say('Home inkjet printer');
    expect(texts(await chat.say('USB cable'))).to.contain('Reinstall the printer driver');
    expect(texts(await chat.say('yes'))).to.contain('Do you need anything else');
    expect(h.feedback()).to.deep.include({ verb: 'accept', caseId: '6002', sessionClosed: false });
    expect(texts(await chat.say('no'))).to.contain('glad I could help');
  });

  it('[P10] closeSessionOnReject true (printers): the portal closes the session and the customer goes to an agent', async () => {
    const chat = new Chat(bot('customer-p10b'), { conversationId: 'p10b' });
    await chat.say('Printers');
    await chat.say('Nothing prints');
    await chat.say('Home inkjet printer');
    await chat.say('USB cable');
    const steps = h.calls('PUT', '/gh/search');
    const out = await chat.say('no');
    expect(h.feedback()).to.deep.include({ verb: 'reject', caseId: '6002', sessionClosed: true });
    expect(handoff(out)?.value).to.deep.include({ reason: 'rejectedClosed' });
    expect(String((handoff(out)?.value as { summary: string }).summary)).to.match(/Reinstall the printer driver \[[^\]]+\] \(rejected\)/);
    expect(h.calls('PUT', '/gh/search')).to.equal(steps);
  });

  it('[P10] closeSessionOnAccept true / closeSessionOnReject false (home internet): a rejection goes on with the next question, an acceptance ends', async () => {
    const chat = new Chat(bot('customer-p10c'), { conversationId: 'p10c' });
    await chat.say('Home internet');
    await chat.say('Only Wi-Fi does not work');
    await chat.say('Cable');
    expect(texts(await chat.say('Laptop, TV'))).to.contain('Reconnect the TV to Wi-Fi');
    const next = await chat.say('no');
    expect(h.feedback()).to.deep.include({ verb: 'reject', caseId: '5007', sessionClosed: false });
    expect(texts(next)).to.contain('Which error message do you see');
    expect(texts(await chat.say('the wifi password was changed'))).to.contain('Change the Wi-Fi channel');
    expect(texts(await chat.say('yes'))).to.contain('glad I could help');
    expect(h.feedback()).to.deep.include({ verb: 'accept', caseId: '5006', sessionClosed: true });
  });

  it('[P5] [P2] saves a session as a quickpick, then resumes it later in French in a new conversation', async () => {
    const first = new Chat(bot('customer-qp'), { conversationId: 'qp-1' });
    await first.say('Home internet');
    await first.say('The connection keeps dropping');
    const saved = texts(await first.say('save'));
    const code = /resume (\d+-\S+)"/.exec(saved)?.[1];
    expect(code, saved).to.match(/^101-/);
    expect(h.calls('POST', '/gh/quickpicks')).to.be.at.least(1);

    const later = new Chat(bot('customer-qp'), { conversationId: 'qp-2', locale: 'fr-FR' });
    const resumed = texts(await later.say(`reprendre ${code}`));
    expect(resumed).to.contain('Bon retour');
    expect(resumed).to.contain('Comment êtes-vous connecté à internet ?');
    await later.say('Fibre');
    expect(texts(await later.say('Non'))).to.contain('Redémarrer la box');
  });

  it('[P5] "save" on an authoring release is refused without a quickpick call', async () => {
    const chat = new Chat(bot('customer-draft'), { conversationId: 'draft' });
    await chat.say('Home internet (draft)');
    const before = h.calls('POST', '/gh/quickpicks');
    expect(texts(await chat.say('save'))).to.contain('cannot be saved');
    expect(h.calls('POST', '/gh/quickpicks')).to.equal(before);
  });

  it('[P7] starts from a guided-help session article named in channelData, with its answers already given', async () => {
    const renderer = new RecordingRenderer();
    const chat = new Chat(bot('customer-article', { renderer }), { conversationId: 'article' });
    const out = await chat.say('hi', { channelData: { guidedHelp: { casebaseId: '101', articleId: 'GHS-10001' } } });
    expect(texts(out)).to.contain('What is the problem?');
    expect(renderer.outputs.flatMap((o) => (o.type === 'ask' ? [o.question.id] : []))).to.not.include('1001');
    await chat.say('No connection at all');
    await chat.say('No');
    const escalated = await chat.say('agent');
    expect((handoff(escalated)?.value as { summary: string }).summary).to.contain('connection_type: Fibre');
  });

  it('[B3] "agent" hands the customer over with the answers so far', async () => {
    const chat = new Chat(bot('customer-agent'), { conversationId: 'agent', locale: 'fr-FR' });
    await chat.say('Imprimantes');
    await chat.say('Rien ne s’imprime');
    const out = await chat.say('conseiller');
    expect(texts(out)).to.contain('Je vous transfère à un conseiller');
    expect((handoff(out)?.value as { summary: string }).summary).to.equal('Réponses :\n- problem: Rien ne s\'imprime\nLangue : fr-FR\nTranscription : agent');
  });
});
