/**
 * A body built when the rate slot is granted (`bodyAtSlot`): the outbox puts in its batch what
 * is queued by then. Built after the throttle wait, once; a repeat sends the same body; the
 * repeat policy reads the built body (R5); whatever the builder throws stops the call unsent.
 */
import { expect } from 'chai';
import { PlatformError } from '../../../src/errors/platformError.js';
import { fakeTimeCore } from './fakeTime.js';
import { waitFor } from '../../support/waitFor.js';

const MESSAGES = { method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', operation: 'messages.send' } as const;
const batch = (...ids: (string | undefined)[]) => ({ messages: { message: ids.map((id) => ({ ...(id ? { id } : {}), sender: { type: 'custom_bot' }, type: { value: 'text' }, content: { text: 'x' } })) } });

describe('PlatformHttpCore: a body built at the slot', () => {
  const rig = fakeTimeCore({ customRates: { name: 'custom', defaultRate: 1 } });

  it('[L3] is built after the throttle wait, not before it', async () => {
    const core = rig.core();
    await core.request({ ...MESSAGES, body: batch('m0') });
    let builtAt: number | undefined;
    const call = core.request({
      ...MESSAGES,
      bodyAtSlot: () => {
        builtAt = Date.now();
        return batch('m1');
      },
    });
    await waitFor(() => rig.sleeps.length === 1, 'the throttle wait');
    expect(builtAt, 'not built while waiting').to.equal(undefined);
    await rig.clock.tickAsync(rig.sleeps[0].ms);
    await call;
    expect(builtAt).to.be.at.least(1000);
    expect(rig.server.requests.map((r) => (r.body as ReturnType<typeof batch>).messages.message[0].id)).to.deep.equal(['m0', 'm1']);
  });

  it('[C8] is built once: the repeat after a 401 sends the same body', async () => {
    let calls = 0;
    rig.server.reply('POST', '*', () => (calls++ === 0 ? { status: 401, body: { code: '401-104', developerMessage: 'expired' } } : { status: 202, body: {} }));
    let built = 0;
    const core = rig.core({ customRates: { name: 'custom', defaultRate: 1000 }, sleep: async (ms) => void (await rig.clock.tickAsync(ms)) });
    await core.request({ ...MESSAGES, bodyAtSlot: () => batch(`m${++built}`) });
    expect(built).to.equal(1);
    expect(rig.server.requests.map((r) => r.body)).to.deep.equal([batch('m1'), batch('m1')]);
  });

  it('[R5] the repeat policy reads the built body: a batch with a message without id is not repeated after a 502', async () => {
    rig.server.reply('POST', '*', { status: 502, body: { code: '502-100', developerMessage: 'bad gateway' } });
    const core = rig.core({ customRates: { name: 'custom', defaultRate: 1e9 } });
    const err = await core.request({ ...MESSAGES, bodyAtSlot: () => batch('m1', undefined), backoff: 'caller' }).catch((e: unknown) => e);
    expect((err as PlatformError).code).to.equal('500-110');
    expect(rig.server.requests).to.have.length(1);
  });

  it('[C5] what the builder throws is thrown by the call, and nothing is sent', async () => {
    const core = rig.core({ customRates: { name: 'custom', defaultRate: 1e9 } });
    const refused = PlatformError.of('400-120', { sender: 'custom_bot', type: 'agent.join' });
    const err = await core
      .request({
        ...MESSAGES,
        bodyAtSlot: () => {
          throw refused;
        },
      })
      .catch((e: unknown) => e);
    expect(err).to.equal(refused);
    expect(rig.server.requests).to.have.length(0);
  });
});
