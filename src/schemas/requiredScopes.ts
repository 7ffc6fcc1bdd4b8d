/**
 * The scope each conversation manager operation needs (spec 5.2, rule C7). The client
 * application's token must hold ONE of the scopes listed for an operation.
 *
 * | Operation                                                        | Scopes (any one)                                  |
 * |------------------------------------------------------------------|---------------------------------------------------|
 * | create / update / delete of authentications, clientapplications, | manage                                            |
 * |   participants, channels, orchestrations, accounts               |                                                   |
 * | GET /authentications (list)                                      | manage (not read: 5.2 lists it with manage only)  |
 * | GET /authentications/{id}                                        | manage or read                                    |
 * | GET (list and one) of clientapplications, participants,          | manage or read                                    |
 * |   channels, orchestrations, accounts                             |                                                   |
 * | POST /conversations/messages, POST /assets, DELETE /assets/{id}  | interaction.manage                                |
 * | GET /conversations/{id}, GET /assets/{id}                        | interaction.manage or interaction.read            |
 *
 * (`manage` is app.conversation.conversationmgr.manage, `read` is ...conversationmgr.read,
 * `interaction.*` is ...conversationmgr.interaction.*.) The upload to and download from an
 * asset's signed contentUrl are not conversation manager operations: the URL carries its own
 * authorisation, and no bearer token (hence no scope) goes with them.
 */
import { CONVERSATION_OPERATIONS, type ConversationOperation, type SetupOperation, SETUP_RESOURCES } from './conversationOperations.js';

export const CONVERSATION_SCOPES = {
  manage: 'app.conversation.conversationmgr.manage',
  read: 'app.conversation.conversationmgr.read',
  interactionManage: 'app.conversation.conversationmgr.interaction.manage',
  interactionRead: 'app.conversation.conversationmgr.interaction.read',
} as const;
export type ConversationScope = (typeof CONVERSATION_SCOPES)[keyof typeof CONVERSATION_SCOPES];

const { manage, read, interactionManage, interactionRead } = CONVERSATION_SCOPES;

function setupScopes(): Record<SetupOperation, readonly ConversationScope[]> {
  const out = {} as Record<SetupOperation, readonly ConversationScope[]>;
  for (const r of SETUP_RESOURCES) {
    out[`${r}.create`] = [manage];
    out[`${r}.update`] = [manage];
    out[`${r}.delete`] = [manage];
    out[`${r}.get`] = [manage, read];
    // 5.2 names "GET /authentications (list)" under manage alone; other lists under manage or read.
    out[`${r}.list`] = r === 'authentications' ? [manage] : [manage, read];
  }
  return out;
}

/** Operation → the scopes of 5.2 that allow it (any one suffices). */
export const REQUIRED_SCOPES: Readonly<Record<ConversationOperation, readonly ConversationScope[]>> = Object.freeze({
  ...setupScopes(),
  'messages.send': [interactionManage],
  'assets.create': [interactionManage],
  'assets.delete': [interactionManage],
  'conversations.get': [interactionManage, interactionRead],
  'assets.get': [interactionManage, interactionRead],
});

/** The scopes allowing a call given by method and path template, e.g. ('GET', '/assets/{id}'). */
export function scopesForRoute(method: string, template: string): readonly ConversationScope[] | undefined {
  const m = method.toUpperCase();
  const op = (Object.keys(CONVERSATION_OPERATIONS) as ConversationOperation[]).find(
    (k) => CONVERSATION_OPERATIONS[k].method === m && CONVERSATION_OPERATIONS[k].template === template,
  );
  return op ? REQUIRED_SCOPES[op] : undefined;
}

/** True when `granted` holds one of the scopes `op` needs. */
export function hasScopeFor(op: ConversationOperation, granted: readonly string[]): boolean {
  return REQUIRED_SCOPES[op].some((s) => granted.includes(s));
}
