/**
 * Every read path of the clients, one table row each, against the four tolerances of R1-R3,
 * over real HTTP with the real clients: an extra field is kept (R1); display text outside any
 * list is read as it came (R2); a null or empty string in a field the code does not act on is
 * accepted without a warning (R2); one unreadable item is skipped with a warning naming the
 * field and counted, and the rest returned (R3) — or, for an answer without a list, a wrongly
 * typed field is dropped with that warning and the rest kept.
 */
import { expect } from 'chai';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { CONVERSATION_BASE, PORTAL_BASE } from '../testPlatformCore.js';
import { PORTAL } from '../portal/portalFixtures.js';
import { readingClients, type ReadingClients } from './readingClients.js';

type Item = Record<string, unknown>;

interface Row {
  /** The operation, as warnings and the metric name it. */
  op: string;
  method: string;
  /** Path the recording server answers (templates allowed). */
  path: string;
  call: (c: ReadingClients) => Promise<unknown>;
  /** The answer holding `items` (a list answer), or the one object of a single-object answer. */
  wrap: (items: unknown[]) => unknown;
  /** The items as the client returned them. */
  read: (answer: unknown) => Item[];
  /** A readable item; `id` tells items apart. */
  good: Item;
  /** A display-text field of the item. */
  display: string;
  /** A field of the item the code does not act on. */
  optional: string;
  /** What cannot be read: a list item (with the field the warning names) or a wrongly typed field. */
  unreadable: { item: unknown; warned: string } | { field: string; value: unknown };
}

const P = `${PORTAL_BASE}/portals/${PORTAL}`;
const H = CONVERSATION_BASE;
const asList = (field: string) => ({ wrap: (items: unknown[]) => ({ [field]: items }), read: (a: unknown) => (a as Record<string, Item[]>)[field] });
const single = { wrap: (items: unknown[]) => items[0], read: (a: unknown) => [a as Item] };

/** The five hub resources whose list shape is not shown: same tolerances, one row each. */
const HUB_RESOURCES = [
  ['clientApplications', 'clientapplications', 'clientApplication'],
  ['participants', 'participants', 'participant'],
  ['channels', 'channels', 'channel'],
  ['orchestrations', 'orchestrations', 'orchestration'],
  ['accounts', 'accounts', 'account'],
] as const;

const ROWS: Row[] = [
  {
    op: 'gh.clusters.list', method: 'GET', path: `${P}/gh/casebasereleases/34/clusters`,
    call: (c) => c.portal.guidedHelp.clusters('34', {}, { cache: false }),
    ...asList('cluster'), good: { id: '5', name: 'Paper', shortName: 'paper', depth: 1 }, display: 'name', optional: 'shortName',
    unreadable: { item: { name: 'no id' }, warned: 'cluster.1.id' },
  },
  {
    op: 'gh.clusterCases.list', method: 'GET', path: `${P}/gh/casebasereleases/34/clusters/5/cases`,
    call: (c) => c.portal.guidedHelp.clusterCases('34', '5'),
    ...asList('case'), good: { id: '77', title: 'Turn it on', shortName: 'on' }, display: 'title', optional: 'shortName',
    unreadable: { item: { title: 'no id' }, warned: 'case.1.id' },
  },
  {
    op: 'gh.cases.get', method: 'GET', path: `${P}/gh/casebasereleases/34/cases/77`,
    call: (c) => c.portal.guidedHelp.getCase('34', '77'),
    ...single, good: { id: '77', title: 'Turn it on', shortName: 'on' }, display: 'title', optional: 'shortName',
    unreadable: { field: 'title', value: 42 },
  },
  {
    op: 'gh.quickpicks.list', method: 'GET', path: `${P}/gh/quickpicks`,
    call: (c) => c.portal.quickpicks.list({ casebaseID: '12' }),
    ...asList('quickpick'), good: { id: '9', name: 'Paper jam', comment: 'half way', casebaseReleaseId: '34' }, display: 'name', optional: 'comment',
    unreadable: { item: { name: 'no id' }, warned: 'quickpick.1.id' },
  },
  {
    op: 'suggestions.list', method: 'GET', path: `${P}/suggestions`,
    call: (c) => c.portal.suggestions.list('pending').then((p) => p.items),
    wrap: (items) => ({ suggestion: items }), read: (a) => a as Item[],
    good: { id: 's1', name: 'Fix the jam', description: 'steps', status: { value: 'pending', displayValue: 'En attente' } }, display: 'name', optional: 'description',
    unreadable: { item: 'junk', warned: 'suggestion.1' },
  },
  {
    op: 'suggestions.get', method: 'GET', path: `${P}/suggestions/s1`,
    call: (c) => c.portal.suggestions.get('s1'),
    ...single, good: { id: 's1', name: 'Fix the jam', description: 'steps', hasComments: true }, display: 'name', optional: 'description',
    unreadable: { field: 'hasComments', value: 'yes' },
  },
  {
    op: 'suggestions.comments.list', method: 'GET', path: `${P}/suggestions/s1/comments`,
    call: (c) => c.portal.suggestions.listComments('s1'),
    ...asList('comments'), good: { id: 'c1', content: 'Looks good', createdDate: '2024-05-01' }, display: 'content', optional: 'createdDate',
    unreadable: { item: 42, warned: 'comments.1' },
  },
  {
    op: 'suggestions.attachments.list', method: 'GET', path: `${P}/suggestions/s1/attachments`,
    call: (c) => c.portal.suggestions.listAttachments('s1'),
    ...asList('attachments'), good: { id: 'a1', fileName: 'jam.png', size: 10 }, display: 'fileName', optional: 'size',
    unreadable: { item: 'junk', warned: 'attachments.1' },
  },
  {
    op: 'suggestions.relatedArticles', method: 'GET', path: `${P}/suggestions/s1/relatedArticles`,
    call: (c) => c.portal.suggestions.relatedArticles('s1'),
    ...single, good: { id: 'r', count: 1, title: 'Printers' }, display: 'title', optional: 'count',
    unreadable: { field: 'count', value: 'one' },
  },
  ...HUB_RESOURCES.map(([client, segment, field]): Row => ({
    op: `${segment}.list`, method: 'GET', path: `${H}/${segment}`,
    call: (c) => c.hub[client].list().then((l) => l.items),
    wrap: (items) => ({ paginationInfo: { count: items.length }, [field]: items }), read: (a) => a as Item[],
    good: { id: `${field}-1`, name: 'Ours', modified: '2024-05-01T10:00:00Z', active: true }, display: 'name', optional: 'modified',
    unreadable: { item: 'junk', warned: `${field}.1` },
  })),
  {
    op: 'conversations.get', method: 'GET', path: `${H}/conversations/c1`,
    call: (c) => c.hub.getConversation('c1'),
    wrap: (items) => ({ id: 'c1', state: 'completed', messages: { message: items } }),
    read: (a) => (a as { messages: { message: Item[] } }).messages.message,
    good: { id: 'm1', sender: { type: 'customer' }, type: { value: 'text' }, content: { text: 'hi' }, created: '2024-05-01T10:00:00Z' }, display: 'language', optional: 'created',
    unreadable: { item: { id: 'm2', type: { value: 'text' } }, warned: 'messages.message.1.sender' },
  },
];

describe('every read path reads tolerantly (R1-R3, real HTTP, real clients)', () => {
  let server: RecordingServer;
  let c: ReadingClients;
  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());
  beforeEach(() => {
    c = readingClients(server.url);
  });

  async function read(row: Row, items: unknown[]): Promise<Item[]> {
    server.reply(row.method, row.path, { body: row.wrap(items) });
    return row.read(await row.call(c));
  }

  it('[R1] the table covers every list and object read the review named', () => {
    expect(ROWS.map((r) => r.op)).to.include.members(['gh.clusters.list', 'gh.cases.get', 'conversations.get', 'accounts.list', 'suggestions.relatedArticles']);
    expect(ROWS).to.have.length(15);
  });

  for (const row of ROWS) {
    describe(row.op, () => {
      it(`[R1] ${row.op}: an unknown field is kept`, async () => {
        const [item] = await read(row, [{ ...row.good, vendorExtra: { kept: true } }]);
        expect(item.vendorExtra).to.deep.equal({ kept: true });
        expect(item.id).to.equal(row.good.id);
        expect(c.warnings).to.deep.equal([]);
      });

      it(`[R2] ${row.op}: display text outside any list or pattern is read as it came`, async () => {
        const odd = 'Drucker & Co. — « hors liste » ✓ (beta)';
        const [item] = await read(row, [{ ...row.good, [row.display]: odd }]);
        expect(item[row.display]).to.equal(odd);
        expect(c.warnings).to.deep.equal([]);
      });

      it(`[R2] ${row.op}: an empty string and a null where the code does not act are accepted, without a warning`, async () => {
        const items = await read(row, [{ ...row.good, [row.display]: '', [row.optional]: null }]);
        expect(items).to.have.length(1);
        expect(items[0].id).to.equal(row.good.id);
        expect(items[0][row.display] ?? '').to.equal('');
        expect(items[0][row.optional] ?? null).to.equal(null);
        expect(c.warnings).to.deep.equal([]);
        expect(c.unreadable).to.deep.equal([]);
      });

      const bad = row.unreadable;
      if ('item' in bad) {
        it(`[R3] ${row.op}: one unreadable item is skipped with a warning naming the field and counted; the rest is returned`, async () => {
          const second = { ...row.good, id: `${String(row.good.id)}9` };
          const items = await read(row, [row.good, bad.item, second]);
          expect(items.map((i) => i.id)).to.deep.equal([row.good.id, second.id]);
          expect(c.unreadable).to.include(`${row.op}:item`);
          expect(c.warnings.map((w) => w.field)).to.include(bad.warned);
          expect(c.warnings.every((w) => w.operation === row.op)).to.equal(true);
        });
      } else {
        it(`[R3] ${row.op}: a wrongly typed field is dropped with a warning naming it (never its value); the rest is kept`, async () => {
          const [item] = await read(row, [{ ...row.good, [bad.field]: bad.value }]);
          expect(item).to.not.have.property(bad.field);
          expect(item.id).to.equal(row.good.id);
          expect(c.warnings.map((w) => [w.operation, w.field])).to.deep.equal([[row.op, bad.field]]);
          expect(JSON.stringify(c.warnings)).to.not.contain(JSON.stringify(bad.value));
          expect(c.unreadable).to.deep.equal([`${row.op}:field`]);
        });
      }
    });
  }
});
