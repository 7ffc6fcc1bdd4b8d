/**
 * The parts of one running emulator, wired once in startEmulator.ts and handed to the route
 * modules, so no module builds its own copy of a store or a clock.
 */
import type { AssetStore } from './assets/assetStore.js';
import type { CallLog } from './callLog.js';
import type { ClientRegistry } from './auth/clientRegistry.js';
import type { TokenIssuer } from './auth/tokenIssuer.js';
import type { FaultInjector } from './faults/faultInjector.js';
import type { CallbackDelivery } from './hub/callbackDelivery.js';
import type { ConversationStore } from './hub/conversationStore.js';
import type { EscalationQueue } from './hub/escalationQueue.js';
import type { MessageRouter } from './hub/messageRouter.js';
import type { ResourceStores } from './hub/setupRoutes.js';
import type { TenantRateLimiter } from './limits/tenantRateLimiter.js';

export interface EmulatorServices {
  now: () => number;
  log: CallLog;
  clients: ClientRegistry;
  issuer: TokenIssuer;
  limiter: TenantRateLimiter;
  faults: FaultInjector;
  stores: ResourceStores;
  conversations: ConversationStore;
  assets: AssetStore;
  escalations: EscalationQueue;
  delivery: CallbackDelivery;
  router: MessageRouter;
}
