/**
 * The provisioning tests' rig: an emulator on a generous custom plan, and the conversation
 * client provisioning uses, with the same plan on the client's side and short retries. These
 * tests are about provisioning, not pacing.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { ClientCredentialsTokenProvider } from '../../src/platform/auth/clientCredentialsTokenProvider.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import { createPlatformHttpCore } from '../../src/platform/http/platformHttpCore.js';

const FAST = { name: 'custom' as const, defaultRate: 100 };

/** A running emulator and a conversation client on it, as the emulator's default client. */
export async function fastEmulator(opts: Pick<EmulatorOptions, 'realistic'> = {}): Promise<{ emu: RunningEmulator; client: ConversationManagerClient }> {
  const emu = await startEmulator({ port: 0, plan: FAST, ...opts });
  const core = createPlatformHttpCore({
    baseUrl: emu.url,
    tenant: 'default',
    customRates: FAST,
    retryDelaysMs: [5, 5, 5],
    tokenProvider: new ClientCredentialsTokenProvider({ tokenUrl: emu.tokenUrl, clientId: emu.defaultClient.clientId, clientSecret: emu.defaultClient.clientSecret }),
  });
  return { emu, client: new ConversationManagerClient(core) };
}
