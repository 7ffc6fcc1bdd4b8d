/**
 * The inspector page (GET /inspector): the emulator's call log as it grows — every platform
 * call (method, path, status, time taken, rate bucket), every hub message, every callback and
 * callback token — with filters, a JSON view of the selected entry, counts of 429s, retries
 * and token requests, the emulator's settings (faults, realistic answers, handover), and the
 * transcript export. It polls
 * GET /emulator/calls?since=N, which the emulator leaves out of its own log.
 */
import type { CallLogEntry } from '../../callLog.js';
import { byId, el, fetchJson } from './dom.js';
import { initFaultControls } from './faultControls.js';
import { initHandoverControls } from './handoverControls.js';
import { initRealisticControls } from './realisticControls.js';
import { belongsTo, CATEGORIES, categoryOf, describeEntry, RetryTracker, type Category } from './inspectorRows.js';
import { buildTranscript, download } from './transcript.js';

const POLL_MS = 1000;
/** Rows kept on the page; the log itself keeps more (GET /emulator/calls). */
const MAX_ROWS = 2000;

interface Seen {
  entry: CallLogEntry;
  retry: boolean;
}

const list = byId<HTMLOListElement>('entries');
const detail = byId<HTMLPreElement>('detail-json');
const detailTitle = byId('detail-title');
const filters = byId('filters');
const conversationSelect = byId<HTMLSelectElement>('conversation');
const follow = byId<HTMLInputElement>('follow');
const counts = byId('counts');
const exportButton = byId<HTMLButtonElement>('export');
const exportStatus = byId('export-status');

const seen: Seen[] = [];
const retries = new RetryTracker();
const shown = new Set<Category>(CATEGORIES.filter((c) => c.shown).map((c) => c.id));
const started = new Map<string, number>(); // conversation id → seq of its start
let cursor = 0;
let selectedSeq: number | undefined;

function visible(s: Seen): boolean {
  if (!shown.has(categoryOf(s.entry))) return false;
  const conv = conversationSelect.value;
  return conv === '' || belongsTo(s.entry, conv, started.get(conv) ?? 0);
}

function row(s: Seen): HTMLLIElement {
  const v = describeEntry(s.entry, s.retry);
  const statusClass = v.status === undefined ? '' : v.status >= 500 ? 'bad' : v.status === 429 ? 'throttled' : v.status >= 400 ? 'refused' : 'ok';
  const button = el(
    'button',
    { class: 'entry', attrs: { type: 'button', 'aria-controls': 'detail', 'aria-pressed': String(s.entry.seq === selectedSeq), 'data-seq': String(s.entry.seq), 'data-kind': s.entry.kind }, on: { click: () => select(s) } },
    el('span', { class: 'seq', text: `#${s.entry.seq}` }),
    el('span', { class: 'time', text: String(s.entry.at).slice(11, 23) }),
    el('span', { class: `kind kind-${categoryOf(s.entry)}`, text: v.kind }),
    v.status !== undefined ? el('span', { class: `status ${statusClass}`, text: String(v.status) }) : undefined,
    v.ms !== undefined ? el('span', { class: 'ms', text: `${v.ms} ms` }) : undefined,
    v.rate ? el('span', { class: 'rate', text: v.rate, attrs: { title: v.rateTitle } }) : undefined,
    ...v.flags.map((f) => el('span', { class: `flag flag-${f}`, text: f })),
    el('span', { class: 'summary' }, v.service ? el('span', { class: 'service', text: `${v.service} ` }) : undefined, v.summary),
  );
  return el('li', {}, button);
}

function select(s: Seen): void {
  selectedSeq = s.entry.seq;
  for (const b of list.querySelectorAll<HTMLButtonElement>('button[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false');
  list.querySelector(`button[data-seq="${s.entry.seq}"]`)?.setAttribute('aria-pressed', 'true');
  detailTitle.textContent = `Entry #${s.entry.seq} (${s.entry.kind})`;
  detail.textContent = JSON.stringify(s.entry, null, 2);
}

function updateCounts(): void {
  const mine = seen.filter(visible);
  const calls = mine.filter((s) => s.entry.kind === 'call');
  const n = {
    calls: calls.length,
    messages: mine.filter((s) => s.entry.kind === 'message').length,
    throttled: calls.filter((s) => s.entry.status === 429).length,
    retries: mine.filter((s) => s.retry).length,
    tokens: mine.filter((s) => s.entry.kind === 'callbackToken' || String(s.entry.path ?? '').endsWith('/oauth2/token')).length,
  };
  const count = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;
  counts.textContent = [count(n.calls, 'call'), count(n.messages, 'hub message'), `${n.throttled} × 429`, count(n.retries, 'retry', 'retries'), count(n.tokens, 'token request')].join(' · ');
}

function render(): void {
  list.replaceChildren(...seen.filter(visible).slice(-MAX_ROWS).map(row));
  updateCounts();
  if (follow.checked) list.lastElementChild?.scrollIntoView({ block: 'end' });
}

function addConversation(id: string, seq: number): void {
  started.set(id, seq);
  conversationSelect.append(el('option', { attrs: { value: id }, text: `${id.slice(0, 8)}… (#${seq})` }));
}

function take(entries: CallLogEntry[]): void {
  const fresh: Seen[] = [];
  for (const entry of entries) {
    if (entry.seq <= cursor) continue;
    cursor = entry.seq;
    const s = { entry, retry: retries.see(entry) };
    seen.push(s);
    fresh.push(s);
    if (entry.kind === 'conversationStarted' && typeof entry.conversationId === 'string') addConversation(entry.conversationId, entry.seq);
  }
  if (fresh.length === 0) return;
  const wanted = new URLSearchParams(location.search).get('conversation');
  if (wanted && conversationSelect.value === '' && started.has(wanted)) {
    conversationSelect.value = wanted;
    return render();
  }
  const rows = fresh.filter(visible).map(row);
  list.append(...rows);
  while (list.childElementCount > MAX_ROWS) list.firstElementChild?.remove();
  updateCounts();
  if (follow.checked && rows.length) rows[rows.length - 1].scrollIntoView({ block: 'end' });
}

async function poll(): Promise<void> {
  try {
    const body = await fetchJson<{ call: CallLogEntry[]; next: number }>(`/emulator/calls?since=${cursor}`);
    take(body.call);
    byId('poll-error').hidden = true;
  } catch {
    byId('poll-error').hidden = false; // the emulator stopped; keep trying
  }
  setTimeout(() => void poll(), POLL_MS);
}

/** Up and down arrows move through the rows and show each one, as in a list box. */
function initKeyboard(): void {
  list.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const item = (e.target as HTMLElement).closest('li');
    const next = (e.key === 'ArrowDown' ? item?.nextElementSibling : item?.previousElementSibling)?.querySelector('button');
    if (!next) return;
    e.preventDefault();
    next.focus();
    next.click();
  });
}

function initFilters(): void {
  for (const c of CATEGORIES) {
    const box = el('input', { attrs: { type: 'checkbox', id: `show-${c.id}` } });
    box.checked = c.shown;
    box.addEventListener('change', () => {
      if (box.checked) shown.add(c.id);
      else shown.delete(c.id);
      render();
    });
    filters.append(el('label', { class: 'check', attrs: { for: `show-${c.id}` } }, box, ` ${c.label}`));
  }
  conversationSelect.addEventListener('change', render);
}

exportButton.addEventListener('click', async () => {
  const ids = [...started.keys()];
  const id = conversationSelect.value || ids[ids.length - 1];
  if (!id) {
    exportStatus.textContent = 'No conversation yet.';
    return;
  }
  try {
    const log = seen.filter((s) => categoryOf(s.entry) !== 'emulator' && belongsTo(s.entry, id, started.get(id) ?? 0)).map((s) => s.entry);
    download(await buildTranscript(id, log));
    exportStatus.textContent = `Transcript of ${id} downloaded.`;
  } catch (err) {
    exportStatus.textContent = `No transcript: ${(err as Error).message}`;
  }
});

initFilters();
initKeyboard();
void poll();
void initFaultControls().catch((err: Error) => (byId('fault-status').textContent = `Fault knobs unavailable: ${err.message}`));
void initHandoverControls().catch((err: Error) => (byId('handover-status').textContent = `Handover control unavailable: ${err.message}`));
void initRealisticControls().catch((err: Error) => (byId('drift-status').textContent = `Realistic switches unavailable: ${err.message}`));
