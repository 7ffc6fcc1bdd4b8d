/**
 * Every guided-help and suggestion operation of the contract, through the project's own client
 * against the emulator, in both modes: the contract's answers, and realistic mode with every
 * drift on (F3). The emulator answers in the vendor's forms where the contract is silent (F1),
 * uploads go both ways (the assumed uploadurl and the vendor's preupload), and an unmet
 * precondition reaches the client as the same typed PlatformError, with a status guided help
 * uses (F2).
 */
import { expect } from 'chai';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/startEmulator.js';
import { knowledgeParts } from '../../../src/emulator/portal/knowledgeParts.js';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { profilesOf } from '../../../src/schemas/guidedHelp.js';
import { rejectionOf } from './portalFixtures.js';

const PORTAL = 'KP-10001';

for (const mode of ['contract', 'realistic'] as const) {
  describe(`[F1][F3] every guided-help and suggestion operation round-trips through the client (${mode} answers)`, () => {
    let emu: RunningEmulator;
    let unread: string[];
    const clientFor = (id: string) => {
      const token = emu.tokenFor({ subject: { kind: 'user', id, admin: true } });
      const core = createPlatformHttpCore({
        baseUrl: emu.url,
        tenant: 'default',
        customRates: { name: 'custom', defaultRate: 10_000 },
        tokenProvider: new StaticTokenProvider(token),
        observer: { onUnreadable: (operation, skipped) => unread.push(`${operation}:${skipped}`) },
      });
      return new PortalManagerClient(core, PORTAL);
    };
    before(async () => {
      emu = await startEmulator({ plan: { name: 'custom', defaultRate: 10_000 }, rateBurst: 1000, parts: knowledgeParts(), realistic: mode === 'realistic' });
    });
    after(() => emu.stop());
    beforeEach(() => {
      unread = [];
    });

    it('[F1] releases, one release, clusters, profiles: read whole, in either form', async () => {
      const gh = clientFor('catalog').guidedHelp;
      const list = await gh.casebaseReleases({}, { cache: false });
      expect(list.casebase!.map((c) => c.id)).to.include.members(['1011', '2021']);
      const one = await gh.casebaseRelease('2021');
      expect(one).to.include({ id: '2021', status: 'live' });
      expect(one.name).to.be.a('string').and.not.equal('');
      expect(profilesOf(one.profiles).map((p) => p.id)).to.include('1');
      expect((await gh.clusters('2021', {}, { cache: false })).cluster!.length).to.be.greaterThan(0);
      expect((await gh.profiles({}, { cache: false })).profile!.map((p) => p.id)).to.include('1');
      expect(unread).to.deep.equal([]);
    });

    it('[F1][F2] a session: start, step, cluster cases, one case with its question details, accept, reject; a step without a session is 403-198', async () => {
      const gh = clientFor('session').guidedHelp;
      const refused = await rejectionOf(gh.step({ casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20021' }] }] }));
      expect(refused).to.include({ status: 403, code: '403-198' });
      const started = await gh.startSearch({ casebaseId: '202' });
      expect(started.casebase!.id).to.equal('2021');
      expect(started.unansweredQuestion!.length).to.be.greaterThan(0);
      const stepped = await gh.step({ casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20024' }] }, { id: '2003', answers: [{ value: 512 }] }] });
      expect(stepped.answeredQuestion!.map((q) => q.id)).to.include.members(['2002', '2003']);
      const ranked = stepped.caseSearch!;
      expect(ranked.length).to.be.greaterThan(0);
      expect(ranked.every((c) => typeof c.caseId === 'string' && typeof c.passedThresholdValue === 'boolean')).to.equal(true);
      expect((await gh.clusterCases('2021', '401')).case!.map((c) => c.id)).to.include('6001');
      const detail = await gh.getCase('2021', '6006', { caseAdditionalAttributes: 'all' });
      expect(detail.id).to.equal('6006');
      expect(detail.questionDetail!.map((q) => q.id)).to.deep.equal(['2002', '2003']);
      expect(detail.action!.map((a) => a.id)).to.deep.equal(['8006', '8007']);
      await gh.accept('6001', { id: '6001' });
      await gh.reject('6001', { id: '6001' });
      // The printer casebase closes its session on reject: a step now is refused, typed as before.
      expect(await rejectionOf(gh.step({ casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20021' }] }] }))).to.include({ status: 403, code: '403-198' });
      expect(unread).to.deep.equal([]);
    });

    it('[F1] quickpicks: create, list, resume', async () => {
      const portal = clientFor('quickpicks');
      await portal.guidedHelp.startSearch({ casebaseId: '202', questions: [{ id: '2002', answers: [{ id: '20024' }] }] });
      const created = await portal.quickpicks.create({ casebaseReleaseId: '2021', name: `qp-${mode}` });
      const listed = await portal.quickpicks.list({ casebaseID: '202' });
      expect(listed.quickpick!.find((q) => q.name === `qp-${mode}`)!.id).to.equal(created.quickpickId);
      const resumed = await portal.quickpicks.resume(created.quickpickId!);
      expect(resumed.answeredQuestion!.map((q) => q.id)).to.include('2002');
      expect(unread).to.deep.equal([]);
    });

    it('[F1] suggestions: both uploads, create, list, get, modify, comments, related articles, attachments, delete', async () => {
      const s = clientFor(`author-${mode}`).suggestions;
      const viaUploadUrl = await s.uploadAttachment(Buffer.from('png bytes'), { fileName: 'leds.png', contentType: 'image/png' });
      const viaPreupload = await s.preuploadAttachment(Buffer.from('vendor bytes'), { name: 'notes.txt' });
      await s.create({ name: 'Router LEDs', content: 'What each LED means.', language: { code: 'en-US' }, attachments: { attachment: [{ altId: viaUploadUrl }, { altId: viaPreupload }] } });
      const [mine] = (await s.list('pending')).items;
      expect(mine!.name).to.equal('Router LEDs');
      const got = await s.get(mine!.id!);
      expect(got.id).to.equal(mine!.id);
      await s.modify({ id: got.id!, modifiedDate: got.modifiedDate!, description: 'now with a description' });
      await s.addComment(got.id!, { content: 'thanks' });
      expect((await s.listComments(got.id!)).comments!.map((c) => c.content)).to.deep.equal(['thanks']);
      expect((await s.relatedArticles(got.id!)).relatedArticles).to.be.an('array');
      const attachments = (await s.listAttachments(got.id!)).attachments!;
      expect(attachments.map((a) => a.fileName).sort()).to.deep.equal(['leds.png', 'notes.txt']);
      const vendorFile = attachments.find((a) => a.fileName === 'notes.txt')!;
      const download = await s.downloadAttachment(vendorFile.id!);
      const chunks: Buffer[] = [];
      for await (const c of download.content) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).to.equal('vendor bytes');
      await s.delete(got.id!);
      expect((await s.list('pending')).items).to.deep.equal([]);
      expect(unread).to.deep.equal([]);
    });
  });
}
