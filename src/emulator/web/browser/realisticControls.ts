/**
 * The inspector's realistic-mode switches (F3): one checkbox per drift of
 * src/emulator/realistic/drifts.ts, read from and written to GET / PUT /emulator/realistic,
 * plus "All" and "None". A change applies at once; the status line says what is on.
 */
import { byId, el, fetchJson } from './dom.js';

interface DriftView {
  name: string;
  what: string;
  on: boolean;
}

const API = '/emulator/realistic';
const box = byId<HTMLFieldSetElement>('drifts');
const status = byId('drift-status');

function say(drifts: DriftView[]): void {
  const on = drifts.filter((d) => d.on).map((d) => d.name);
  status.textContent = on.length === 0 ? 'Contract answers: no drift on.' : on.length === drifts.length ? 'Every drift on.' : `On: ${on.join(', ')}.`;
}

function render(drifts: DriftView[]): void {
  box.replaceChildren(
    el('legend', { text: 'Drifts' }),
    ...drifts.map((d) => {
      const id = `drift-${d.name}`;
      const input = el('input', { attrs: { id, type: 'checkbox', 'data-drift': d.name }, on: { change: () => void apply({ drifts: checked() }) } });
      input.checked = d.on;
      return el('label', { class: 'check', attrs: { for: id, title: d.what } }, input, ` ${d.name}`);
    }),
  );
  say(drifts);
}

function checked(): string[] {
  return [...box.querySelectorAll<HTMLInputElement>('input[data-drift]')].filter((i) => i.checked).map((i) => i.dataset.drift!);
}

async function apply(setting: { drifts: string[] } | { all: boolean }): Promise<void> {
  try {
    render((await fetchJson<{ drift: DriftView[] }>(API, { method: 'PUT', json: setting })).drift);
  } catch (err) {
    status.textContent = `Not applied: ${(err as Error).message}`;
  }
}

export async function initRealisticControls(): Promise<void> {
  byId('drifts-all').addEventListener('click', () => void apply({ all: true }));
  byId('drifts-none').addEventListener('click', () => void apply({ all: false }));
  render((await fetchJson<{ drift: DriftView[] }>(API)).drift);
}
