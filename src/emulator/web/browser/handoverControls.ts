/**
 * The inspector's handover control (H1): how the emulated hub answers the next transfers to an
 * agent (GET / PUT /emulator/handover). It applies to every conversation, which is why it is an
 * emulator setting on the inspector and not a control of the customer's chat page (U4).
 */
import { byId, fetchJson } from './dom.js';

const API = '/emulator/handover';
/** How long the played agent takes to join when "an agent joins" is picked. */
const AGENT_DELAY_MS = 3000;

export async function initHandoverControls(): Promise<void> {
  const select = byId<HTMLSelectElement>('handover');
  const status = byId('handover-status');
  select.addEventListener('change', async () => {
    try {
      const s = await fetchJson<{ outcome: string }>(API, { method: 'PUT', json: { outcome: select.value, agentDelayMs: AGENT_DELAY_MS } });
      status.textContent = `Next transfers: ${select.options[select.selectedIndex]?.text ?? s.outcome}.`;
    } catch (err) {
      status.textContent = `Not applied: ${(err as Error).message}`;
    }
  });
  select.value = (await fetchJson<{ outcome: string }>(API)).outcome;
}
