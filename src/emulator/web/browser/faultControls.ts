/**
 * The inspector's fault controls: one form over the emulator's knobs (PUT /emulator/faults,
 * src/emulator/faults/faultSettings.ts), plus token expiry, the usage plan, and the knowledge
 * event manager's duplicate / out-of-order switches when that part runs. The form shows one
 * latency and one share per error status, all on the same endpoints; richer settings are
 * still possible through the API, and the form says when it is showing a simplification.
 */
import type { FaultSettings, FaultSettingsInput } from '../../faults/faultSettings.js';
import { byId, fetchJson } from './dom.js';

const API = '/emulator';
const STATUSES = [429, 502, 503] as const;

const form = byId<HTMLFormElement>('fault-form');
const latency = byId<HTMLInputElement>('fault-latency');
const endpoints = byId<HTMLInputElement>('fault-endpoints');
const shares = Object.fromEntries(STATUSES.map((s) => [s, byId<HTMLInputElement>(`fault-${s}`)])) as Record<(typeof STATUSES)[number], HTMLInputElement>;
const duplicate = byId<HTMLInputElement>('fault-duplicate');
const reorder = byId<HTMLInputElement>('fault-reorder');
const seed = byId<HTMLInputElement>('fault-seed');
const eventsBox = byId<HTMLFieldSetElement>('events-faults');
const eventsDuplicate = byId<HTMLInputElement>('events-duplicate');
const eventsOutOfOrder = byId<HTMLInputElement>('events-out-of-order');
const status = byId('fault-status');
const plan = byId<HTMLSelectElement>('plan');

const percent = (input: HTMLInputElement) => Math.min(100, Math.max(0, Number(input.value) || 0)) / 100;
const showPercent = (share: number | undefined) => String(Math.round((share ?? 0) * 1000) / 10);

function say(text: string): void {
  status.textContent = text;
}

function fill(s: FaultSettings): void {
  const first = s.latency[0] ?? s.errors[0];
  latency.value = String(s.latency[0]?.ms ?? 0);
  endpoints.value = (first?.endpoints ?? ['*']).join(', ');
  for (const code of STATUSES) shares[code].value = showPercent(s.errors.find((e) => e.status === code)?.share);
  duplicate.value = showPercent(s.callbacks.duplicateShare);
  reorder.value = showPercent(s.callbacks.reorderShare);
  seed.value = String(s.seed);
  const simplified = s.latency.length > 1 || s.errors.length > new Set(s.errors.map((e) => e.status)).size || new Set([...s.latency, ...s.errors].map((r) => r.endpoints.join())).size > 1;
  if (simplified) say('The emulator holds more rules than this form shows (set through the API); applying replaces them.');
}

function settings(): FaultSettingsInput {
  const on = endpoints.value.split(',').map((x) => x.trim()).filter(Boolean);
  const where = on.length ? on : ['*'];
  const ms = Math.max(0, Math.round(Number(latency.value) || 0));
  return {
    seed: Math.round(Number(seed.value) || 1),
    latency: ms > 0 ? [{ ms, endpoints: where }] : [],
    errors: STATUSES.filter((code) => percent(shares[code]) > 0).map((code) => ({ status: code, share: percent(shares[code]), endpoints: where })),
    callbacks: { duplicateShare: percent(duplicate), reorderShare: percent(reorder) },
  };
}

async function apply(): Promise<void> {
  try {
    fill(await fetchJson<FaultSettings>(`${API}/faults`, { method: 'PUT', json: settings() }));
    if (!eventsBox.hidden) await fetchJson(`${API}/events/faults`, { method: 'PUT', json: { duplicate: eventsDuplicate.checked, outOfOrder: eventsOutOfOrder.checked } });
    say(`Faults applied at ${new Date().toLocaleTimeString()}.`);
  } catch (err) {
    say(`Not applied: ${(err as Error).message}`);
  }
}

export async function initFaultControls(): Promise<void> {
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void apply();
  });
  byId('fault-reset').addEventListener('click', async () => {
    try {
      fill(await fetchJson<FaultSettings>(`${API}/faults`, { method: 'DELETE' }));
      if (!eventsBox.hidden) await fetchJson(`${API}/events/faults`, { method: 'PUT', json: { duplicate: false, outOfOrder: false } });
      eventsDuplicate.checked = eventsOutOfOrder.checked = false;
      say('No faults: every knob is off.');
    } catch (err) {
      say(`Not reset: ${(err as Error).message}`);
    }
  });
  byId('expire-tokens').addEventListener('click', async () => {
    try {
      await fetchJson(`${API}/tokens/expire`, { method: 'POST' });
      say('Every access token issued so far has expired: the next calls answer 401 and clients fetch new tokens.');
    } catch (err) {
      say(`Tokens not expired: ${(err as Error).message}`);
    }
  });
  byId('plan-apply').addEventListener('click', async () => {
    try {
      await fetchJson(`${API}/plan`, { method: 'PUT', json: { plan: plan.value } });
      say(`Plan ${plan.value} for every tenant; rate buckets start afresh.`);
    } catch (err) {
      say(`Plan not changed: ${(err as Error).message}`);
    }
  });

  fill(await fetchJson<FaultSettings>(`${API}/faults`));
  const plans = await fetchJson<{ default: unknown }>(`${API}/plan`);
  if (typeof plans.default === 'string') plan.value = plans.default;
  try {
    const events = await fetchJson<{ duplicate?: boolean; outOfOrder?: boolean }>(`${API}/events/faults`);
    eventsDuplicate.checked = events.duplicate === true;
    eventsOutOfOrder.checked = events.outOfOrder === true;
    eventsBox.hidden = false;
  } catch {
    eventsBox.hidden = true; // the event manager part is not running
  }
}
