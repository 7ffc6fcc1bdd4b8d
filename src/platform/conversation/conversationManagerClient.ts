// The conversation manager's client (documented on the declaration).
import { authenticationInputSchema, authenticationSchema, type Authentication } from '../../schemas/authentication.js';
import type { MessageBatch } from '../../schemas/hubMessages.js';
import type { z } from 'zod';
import type { HttpCore } from '../http/types.js';
import { assertMessagesAllowed } from './assertMessagesAllowed.js';
import { AssetClient } from './assetClient.js';
import { CONVERSATION_OPERATIONS, type ConversationOperation, type SetupResource } from '../../schemas/conversationOperations.js';
import { pathFor } from './operationPath.js';
import { parseResponseBody } from '../http/parseResponseBody.js';
import { listFieldCandidates, ResourceClient, type CallOptions, type CallRequest, type ConversationCall } from './resourceClient.js';
import {
  accountSchema,
  channelSchema,
  clientApplicationSchema,
  conversationSchema,
  orchestrationSchema,
  participantSchema,
  type Account,
  type AccountInput,
  type Channel,
  type ChannelInput,
  type ClientApplication,
  type ClientApplicationInput,
  type Conversation,
  type Orchestration,
  type OrchestrationInput,
  type Participant,
  type ParticipantInput,
} from '../../schemas/resourceSchemas.js';

export type AuthenticationCreateInput = z.input<typeof authenticationInputSchema>;

export interface SendMessagesResult {
  /** 202 on the real platform (docs/platform-contract.md, assumed shapes); success codes are not shown (4.2). */
  status: number;
  /** The answer body, if any (not shown). */
  body: unknown;
}

/**
 * How a `ConversationManagerClient` reads list answers whose field names the contract does not fix.
 */
export interface ConversationManagerClientOptions {
  /**
   * The field of a list answer holding its items, per resource, first match wins. Defaults:
   * `authentication` (spec 4.2) and, for the resources whose list shape is not shown, the
   * singular and plural in camelCase and lower case (`participant`, `participants`, ...).
   */
  listFields?: Partial<Record<SetupResource, readonly string[]>>;
}

/**
 * The typed client of the conversation manager v3 (spec 4.2, C12): the six setup resources,
 * messages, conversations and assets. It only describes calls; the HTTP core (types.ts) adds
 * the bearer token, throttles per method + path template, backs off on 429 and maps error
 * bodies to PlatformError. Every request names its path template (`/assets/{id}`), taken from
 * CONVERSATION_OPERATIONS, so each lands in its own rate bucket (L2).
 *
 * Scopes each method needs: REQUIRED_SCOPES in requiredScopes.ts (C7).
 */
export class ConversationManagerClient {
  /** The authentication resources: how the hub gets a token for the bot's callback. */
  readonly authentications: ResourceClient<Authentication, AuthenticationCreateInput>;
  /** The client applications: where the hub calls the bot back. */
  readonly clientApplications: ResourceClient<ClientApplication, ClientApplicationInput>;
  /** The participants: the bot's identity in conversations. */
  readonly participants: ResourceClient<Participant, ParticipantInput>;
  /** The channels customers reach the account through. */
  readonly channels: ResourceClient<Channel, ChannelInput>;
  /** The orchestrations: who takes a new conversation (the bot first). */
  readonly orchestrations: ResourceClient<Orchestration, OrchestrationInput>;
  /** The accounts customers start conversations on. */
  readonly accounts: ResourceClient<Account, AccountInput>;
  /** Assets: files uploaded and downloaded through signed URLs. */
  readonly assets: AssetClient;

  /**
   * @param core - the HTTP core (see `connectPlatform`)
   * @param options - the list fields to read
   */
  constructor(
    private readonly core: HttpCore,
    options: ConversationManagerClientOptions = {},
  ) {
    const call: ConversationCall = (op, req) => this.call(op, req);
    const fields = (r: SetupResource, singular: string) => options.listFields?.[r] ?? listFieldCandidates(singular);
    this.authentications = new ResourceClient(call, {
      resource: 'authentications',
      itemSchema: authenticationSchema,
      listFields: options.listFields?.authentications ?? ['authentication'],
      // The one shape the spec shows (2.1, C1): checked before it leaves.
      inputSchema: authenticationInputSchema,
    });
    this.clientApplications = new ResourceClient(call, {
      resource: 'clientapplications',
      itemSchema: clientApplicationSchema,
      listFields: fields('clientapplications', 'clientApplication'),
    });
    this.participants = new ResourceClient(call, { resource: 'participants', itemSchema: participantSchema, listFields: fields('participants', 'participant') });
    this.channels = new ResourceClient(call, { resource: 'channels', itemSchema: channelSchema, listFields: fields('channels', 'channel') });
    this.orchestrations = new ResourceClient(call, {
      resource: 'orchestrations',
      itemSchema: orchestrationSchema,
      listFields: fields('orchestrations', 'orchestration'),
    });
    this.accounts = new ResourceClient(call, { resource: 'accounts', itemSchema: accountSchema, listFields: fields('accounts', 'account') });
    this.assets = new AssetClient(call, core);
  }

  /**
   * POST /conversations/messages with a batch of one or more messages, or a function building
   * it once the rate slot is granted. Every message type is checked against its sender's type
   * (4.4) first; one refused type throws a PlatformError 400-120 naming sender and type, and
   * nothing is sent (C5).
   */
  async sendMessages(batch: MessageBatch | (() => MessageBatch), options?: CallOptions): Promise<SendMessagesResult> {
    // A batch given as a function is built when the rate slot is granted (bodyAtSlot), and
    // checked then: a refused type still stops it before anything is sent.
    const req = typeof batch === 'function' ? { bodyAtSlot: () => assertMessagesAllowed(batch()), options } : { body: assertMessagesAllowed(batch), options };
    const res = await this.call('messages.send', req);
    return { status: res.status, body: res.data };
  }

  /** `GET /conversations/{id}`: a completed conversation (C11). */
  async getConversation(id: string, options?: CallOptions): Promise<Conversation> {
    const res = await this.call('conversations.get', { id, options });
    return parseResponseBody(conversationSchema, res.data, 'conversations.get', res.notes);
  }

  private call(op: ConversationOperation, req: CallRequest = {}) {
    const { method, template } = CONVERSATION_OPERATIONS[op];
    const o = req.options ?? {};
    return this.core.request<unknown>({
      method,
      service: 'conversationmgr',
      path: pathFor(op, req.id),
      template,
      operation: op,
      ...(req.query === undefined ? {} : { query: req.query }),
      ...(o.headers === undefined ? {} : { headers: o.headers }),
      ...(req.body === undefined ? {} : { body: req.body }),
      ...(req.bodyAtSlot === undefined ? {} : { bodyAtSlot: req.bodyAtSlot }),
      ...(o.acceptLanguage === undefined ? {} : { acceptLanguage: o.acceptLanguage }),
      ...(o.wantUserMessage === undefined ? {} : { wantUserMessage: o.wantUserMessage }),
      ...(o.backoff === undefined ? {} : { backoff: o.backoff }),
      ...(o.signal === undefined ? {} : { signal: o.signal }),
      ...(o.traceParent === undefined ? {} : { traceParent: o.traceParent }),
    });
  }
}
