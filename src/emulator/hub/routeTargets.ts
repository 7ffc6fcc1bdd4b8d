/**
 * Where the hub sends a conversation's messages, read from the setup resources (assumed
 * assumed shapes of docs/platform-contract.md): account → orchestration (`chatConfigurations.orchestration`)
 * → its bot participant (`botConfiguration.bots[].participant`) → the participant's client
 * application (`application`) → that application's `custom_bot` role: callback URL, headers
 * and authentication. The customer side, when the orchestration names a customer client
 * application (`customerConfiguration.customer`) with a `customer` role callback, is reached
 * the same way. A missing link is reported as a reason, so the failure can be listed.
 */
import type { Conversation } from './conversationStore.js';
import type { CallbackAuth, CallbackTarget } from './callbackDelivery.js';
import { referencedIds } from './resourceKinds.js';
import type { ResourceStores } from './setupRoutes.js';
import type { StoredResource } from './resourceStore.js';

export type TargetResult = { target: CallbackTarget } | { reason: string };

interface Role {
  name?: string;
  callback?: string;
  headers?: { name: string; value: string }[];
  authentication?: { id?: string | number };
}

function orchestrationOf(conv: Conversation, stores: ResourceStores): StoredResource | string {
  const account = stores.accounts.get(conv.tenant, conv.accountId);
  if (!account) return `account ${conv.accountId} no longer exists`;
  const orchId = referencedIds(account.doc, 'orchestration')[0];
  const orch = orchId === undefined ? undefined : stores.orchestrations.get(conv.tenant, orchId);
  return orch ?? `account ${conv.accountId} names no existing orchestration`;
}

function authOf(role: Role, tenant: string, stores: ResourceStores): CallbackAuth | string {
  if (role.authentication?.id === undefined) return { kind: 'none' };
  const auth = stores.authentications.get(tenant, String(role.authentication.id));
  if (!auth) return `authentication ${role.authentication.id} no longer exists`;
  const doc = auth.doc as { type?: string; oauth2?: Record<string, unknown>; basic?: { username?: string; password?: string } };
  if (doc.type === 'oauth2' && doc.oauth2) {
    return { kind: 'oauth2', authentication: { id: auth.id, modified: auth.modified, oauth2: doc.oauth2 as never } };
  }
  // The Basic variant's fields are not shown (2.4); `basic: {username, password}` is assumed.
  if (doc.type === 'basic' && doc.basic?.username !== undefined) return { kind: 'basic', username: doc.basic.username, password: doc.basic.password ?? '' };
  return { kind: 'none' };
}

function targetOf(appId: string, roleNames: string[], recipient: CallbackTarget['recipient'], tenant: string, stores: ResourceStores): TargetResult {
  const app = stores.clientapplications.get(tenant, appId);
  if (!app) return { reason: `client application ${appId} no longer exists` };
  const roles = ((app.doc.roles as Role[] | undefined) ?? []).filter((r) => r.callback);
  const role = roleNames.map((n) => roles.find((r) => r.name === n)).find(Boolean);
  if (!role?.callback) return { reason: `client application ${appId} has no ${roleNames.join(' or ')} role with a callback` };
  const auth = authOf(role, tenant, stores);
  if (typeof auth === 'string') return { reason: auth };
  return { target: { recipient, clientApplicationId: appId, url: role.callback, headers: role.headers ?? [], auth } };
}

/** The bot's callback for a conversation, or why there is none. */
export function botTarget(conv: Conversation, stores: ResourceStores): TargetResult {
  const orch = orchestrationOf(conv, stores);
  if (typeof orch === 'string') return { reason: orch };
  const participantId = referencedIds(orch.doc, 'participant')[0];
  const participant = participantId === undefined ? undefined : stores.participants.get(conv.tenant, participantId);
  if (!participant) return { reason: `orchestration ${orch.id} names no existing bot participant` };
  const appId = referencedIds(participant.doc, 'application')[0];
  if (appId === undefined) return { reason: `participant ${participant.id} names no client application` };
  return targetOf(appId, ['custom_bot', 'platform_bot'], 'bot', conv.tenant, stores);
}

/** The customer application's callback, when the orchestration names one; undefined otherwise. */
export function customerTarget(conv: Conversation, stores: ResourceStores): TargetResult | undefined {
  const orch = orchestrationOf(conv, stores);
  if (typeof orch === 'string') return undefined;
  const appId = referencedIds(orch.doc, 'customer')[0];
  if (appId === undefined || !stores.clientapplications.get(conv.tenant, appId)) return undefined;
  return targetOf(appId, ['customer'], 'customer', conv.tenant, stores);
}

/** The agent the orchestration names for escalations, if any (`onEscalation.agent`). */
export function escalationAgentOf(conv: Conversation, stores: ResourceStores): string | undefined {
  const orch = orchestrationOf(conv, stores);
  return typeof orch === 'string' ? undefined : referencedIds(orch.doc, 'agent')[0];
}
