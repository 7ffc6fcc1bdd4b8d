/**
 * The API clients the emulator's token endpoint knows (OAuth2 client credentials). The spec
 * does not show how tokens are obtained (5.5), so clients are registered here, from code or
 * through the admin API. A client may stand for a user or customer (`subject`), so portal
 * calls can be made with user and customer tokens (A2).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SENDER_TYPES, type SenderType } from '../../schemas/messageTypes.js';
import type { Caller } from '../emulatorContext.js';
import { CONVERSATION_SCOPES } from '../../schemas/requiredScopes.js';

export const DEFAULT_CLIENT_ID = 'emulator-client';
export const DEFAULT_CLIENT_SECRET = 'emulator-secret';
export const DEFAULT_TENANT = 'default';
/** The sender type of a client registered without one, the default client included (F4). */
export const DEFAULT_SENDER_TYPE: SenderType = 'custom_bot';
/** The default grant: every scope of the conversation manager (5.2). */
export const ALL_CONVERSATION_SCOPES: readonly string[] = Object.values(CONVERSATION_SCOPES);

/** Strict (F8): an unknown key is refused, never dropped. */
export const clientRegistrationSchema = z.strictObject({
  clientId: z.string().min(1).max(200).optional(),
  clientSecret: z.string().min(1).max(500).optional(),
  tenant: z.string().min(1).max(200).default(DEFAULT_TENANT),
  scopes: z.array(z.string().min(1)).default([...ALL_CONVERSATION_SCOPES]),
  subject: z
    .strictObject({
      kind: z.enum(['user', 'customer', 'client']),
      id: z.string().min(1),
      profileIds: z.array(z.string()).optional(),
      admin: z.boolean().optional(),
    })
    .optional(),
  /**
   * May ask for tokens on behalf of a customer or user (`on_behalf_of` at the token endpoint):
   * how a bot makes portal calls for the customer of each conversation (oAuthOnBehalfOfCustomer, A2).
   */
  actOnBehalf: z.boolean().default(false),
  /**
   * The participant type this client's messages are sent as; the hub refuses a message whose
   * sender.type is another (a custom_bot cannot post as an agent or a customer). Every client
   * has one (F4): left out, it is `custom_bot`, what a bot developer registers a client for.
   */
  senderType: z.enum(SENDER_TYPES).default(DEFAULT_SENDER_TYPE),
});
export type ClientRegistration = z.input<typeof clientRegistrationSchema>;

export interface RegisteredClient {
  clientId: string;
  tenant: string;
  scopes: string[];
  subject?: Caller['subject'];
  actOnBehalf?: boolean;
  senderType: SenderType;
}

/** What registration answers: the only time the secret is shown. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

interface StoredClient extends RegisteredClient {
  secretHash: Buffer;
}

const hash = (s: string): Buffer => createHash('sha256').update(s).digest();

export class ClientRegistry {
  private readonly clients = new Map<string, StoredClient>();

  /** Adds or replaces a client; ids and secrets are generated when not given. */
  register(input: ClientRegistration): ClientCredentials {
    const reg = clientRegistrationSchema.parse(input);
    const clientId = reg.clientId ?? `client-${randomBytes(6).toString('hex')}`;
    const clientSecret = reg.clientSecret ?? randomBytes(18).toString('base64url');
    this.clients.set(clientId, {
      clientId,
      tenant: reg.tenant,
      scopes: [...new Set(reg.scopes)],
      subject: reg.subject,
      actOnBehalf: reg.actOnBehalf,
      senderType: reg.senderType,
      secretHash: hash(clientSecret),
    });
    return { clientId, clientSecret };
  }

  /** The client when the secret matches (compared in constant time), else undefined. */
  verify(clientId: string, clientSecret: string): RegisteredClient | undefined {
    const c = this.clients.get(clientId);
    if (!c || !timingSafeEqual(c.secretHash, hash(clientSecret))) return undefined;
    return this.publicView(c);
  }

  get(clientId: string): RegisteredClient | undefined {
    const c = this.clients.get(clientId);
    return c && this.publicView(c);
  }

  /** Every client without its secret. */
  list(): RegisteredClient[] {
    return [...this.clients.values()].map((c) => this.publicView(c));
  }

  remove(clientId: string): boolean {
    return this.clients.delete(clientId);
  }

  private publicView(c: StoredClient): RegisteredClient {
    const view: RegisteredClient = { clientId: c.clientId, tenant: c.tenant, scopes: [...c.scopes], senderType: c.senderType };
    if (c.subject) view.subject = { ...c.subject };
    if (c.actOnBehalf) view.actOnBehalf = true;
    return view;
  }
}
