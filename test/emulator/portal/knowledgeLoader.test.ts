/* eslint-disable @typescript-eslint/no-explicit-any -- raw HTTP bodies are read loosely in tests; the schemas under test check their shape */
import { expect } from 'chai';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_KNOWLEDGE_DIR, KnowledgeDataError, loadKnowledge } from '../../../src/emulator/portal/knowledge/knowledgeLoader.js';
import { QUESTION_FORMATS, QUESTION_TYPES } from '../../../src/schemas/guidedHelpQuestions.js';

describe('emulator portal: sample knowledge data', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kb-'));
    cpSync(DEFAULT_KNOWLEDGE_DIR, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const edit = (file: string, change: (doc: any) => void) => {
    const path = join(dir, file);
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    change(doc);
    writeFileSync(path, JSON.stringify(doc));
  };
  const problemsOf = (): string[] => {
    try {
      loadKnowledge(dir);
    } catch (err) {
      expect(err).to.be.instanceOf(KnowledgeDataError);
      return (err as KnowledgeDataError).problems;
    }
    throw new Error('expected the data to be refused');
  };

  it('ships two casebases, each with a live and an author release, and every question type and format', () => {
    const k = loadKnowledge();
    expect(k.casebases.map((c) => c.casebaseId)).to.have.members(['101', '202']);
    for (const cb of k.casebases) expect(cb.releases.map((r) => r.status)).to.include.members(['live', 'author']);
    const questions = k.casebases.flatMap((c) => c.questions);
    expect(new Set(questions.map((q) => q.type))).to.deep.equal(new Set(QUESTION_TYPES));
    expect(new Set(questions.map((q) => q.format))).to.deep.equal(new Set(QUESTION_FORMATS));
    const ranges = questions.flatMap((q) => (q.range ? [q.range] : []));
    expect(ranges.some((r) => r.minInclusive) && ranges.some((r) => !r.minInclusive)).to.equal(true);
    expect(k.casebases.flatMap((c) => c.cases).length).to.be.at.least(8);
    for (const q of questions) expect(q.title['fr-FR'], q.id).to.be.a('string');
  });

  it('[P9] refuses a portal without the system profile (id 1), naming the file and path', () => {
    edit('portals.json', (d) => (d.portals[0].profiles = d.portals[0].profiles.filter((p: any) => p.id !== '1')));
    expect(problemsOf()).to.include('portals.json: portals[0].profiles: needs the system profile (id 1)');
  });

  it('names the file and JSON path of a schema mistake', () => {
    edit('casebases/printer.json', (d) => (d.questions[0].format = 'multiSelect'));
    const p = problemsOf();
    expect(p.some((x) => x.startsWith('casebases/printer.json: questions[0].format:'))).to.equal(true, p.join('\n'));
  });

  it('names a case condition pointing at an answer its question does not have', () => {
    edit('casebases/homeInternet.json', (d) => (d.cases[1].conditions[0].answerIds = ['99999']));
    expect(problemsOf()).to.include('casebases/homeInternet.json: cases[1].conditions[0].answerIds[0]: question 1002 has no answer 99999');
  });

  it('refuses a format that does not fit the question type, and a numeric question without a range', () => {
    edit('casebases/homeInternet.json', (d) => {
      d.questions[3].format = 'dropdown';
      delete d.questions[3].range;
    });
    const p = problemsOf().join('\n');
    expect(p).to.match(/questions\[3\]\.format: format dropdown does not fit type numeric/);
    expect(p).to.match(/questions\[3\]\.range: a numeric question needs a range/);
  });

  it('refuses a file that is not JSON', () => {
    writeFileSync(join(dir, 'casebases', 'broken.json'), '{ nope');
    expect(problemsOf().some((x) => x.startsWith('casebases/broken.json: not valid JSON'))).to.equal(true);
  });
});
