/**
 * Bearer tokens of the emulator: opaque random strings kept in memory with their client,
 * tenant, scopes, subject and expiry. Opaque rather than signed so "expire every token now"
 * (a fault knob) is one counter, and a token can never be forged or decoded by a client.
 */
import { randomBytes } from 'node:crypto';
import { PlatformError } from '../../errors/platformError.js';
import type { Caller } from '../emulatorContext.js';
import type { RegisteredClient } from './clientRegistry.js';

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
  scopes: string[];
}

interface TokenRecord {
  client: RegisteredClient;
  scopes: string[];
  expiresAt: number;
  generation: number;
  /** Set for tokens issued on behalf of a customer or user. */
  subject?: Caller['subject'];
}

export class TokenIssuer {
  private readonly tokens = new Map<string, TokenRecord>();
  /** Tokens issued before the current generation are expired (fault knob "expire tokens now"). */
  private generation = 0;

  constructor(
    private readonly now: () => number,
    private ttlSeconds: number,
  ) {}

  setTtlSeconds(seconds: number): void {
    this.ttlSeconds = seconds;
  }

  /**
   * A token for `client`. With `requested` scopes, the grant is the requested scopes the
   * client holds (a client cannot widen its own grant); without, every scope it holds.
   */
  issue(client: RegisteredClient, requested?: string[], onBehalfOf?: Caller['subject']): IssuedToken {
    this.prune();
    const scopes = requested && requested.length > 0 ? client.scopes.filter((s) => requested.includes(s)) : [...client.scopes];
    const accessToken = `emu_${randomBytes(24).toString('base64url')}`;
    this.tokens.set(accessToken, { client, scopes, expiresAt: this.now() + this.ttlSeconds * 1000, generation: this.generation, ...(onBehalfOf ? { subject: onBehalfOf } : {}) });
    return { accessToken, expiresInSeconds: this.ttlSeconds, scopes };
  }

  /** The caller a bearer token stands for; 401-104 when missing or unknown, 401-105 when expired. */
  verify(authorization: string | undefined, acceptLanguage?: string): Caller {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const rec = m ? this.tokens.get(m[1]) : undefined;
    if (!m || !rec) throw PlatformError.of('401-104', {}, { acceptLanguage });
    if (rec.generation < this.generation || this.now() >= rec.expiresAt) throw PlatformError.of('401-105', {}, { acceptLanguage });
    const caller: Caller = { clientId: rec.client.clientId, tenant: rec.client.tenant, scopes: [...rec.scopes], token: m[1] };
    const subject = rec.subject ?? rec.client.subject;
    caller.subject = subject ? { ...subject } : { kind: 'client', id: rec.client.clientId };
    caller.senderType = rec.client.senderType;
    return caller;
  }

  /** Makes every token issued so far expired; new tokens work as usual. */
  expireAll(): void {
    this.generation++;
  }

  /** Forgets tokens that expired over an hour ago, so a long run does not grow without end. */
  private prune(): void {
    const cutoff = this.now() - 3_600_000;
    for (const [t, rec] of this.tokens) if (rec.expiresAt < cutoff) this.tokens.delete(t);
  }
}
