/**
 * Token providers on behalf of customers (or users), one per subject: how the bot makes portal
 * calls for the customer of each conversation (spec 5.3: oAuthOnBehalfOfCustomer; A2). Portal
 * sessions belong to the token's subject, so each conversation needs its own.
 *
 * How such tokens are obtained is not shown by the spec. We assume the client-credentials
 * grant with two extra fields, `on_behalf_of=<subject id>` and `on_behalf_of_kind`, which the
 * emulator implements; a deployment whose platform differs passes its own `extraParams` shape.
 * Providers are kept in a bounded LRU: each caches its token and refreshes it single-flight.
 */
import type { TokenProvider } from '../http/types.js';
import { ClientCredentialsTokenProvider, type ClientCredentialsOptions } from './clientCredentialsTokenProvider.js';

export interface OnBehalfOfOptions extends Omit<ClientCredentialsOptions, 'extraParams'> {
  kind?: 'customer' | 'user';
  /** Builds the extra token-request fields for a subject; default on_behalf_of(_kind). */
  paramsFor?: (subjectId: string, kind: 'customer' | 'user') => Record<string, string>;
  /** Subjects whose providers are kept; the least recently used is dropped beyond it. */
  maxSubjects?: number;
}

export class OnBehalfOfTokenProviders {
  private readonly providers = new Map<string, TokenProvider>();

  constructor(private readonly opts: OnBehalfOfOptions) {}

  for(subjectId: string): TokenProvider {
    let p = this.providers.get(subjectId);
    if (p) {
      // Re-insert: Map keeps insertion order, so the first key is the least recently used.
      this.providers.delete(subjectId);
    } else {
      const kind = this.opts.kind ?? 'customer';
      const extraParams = this.opts.paramsFor?.(subjectId, kind) ?? { on_behalf_of: subjectId, on_behalf_of_kind: kind };
      p = new ClientCredentialsTokenProvider({ ...this.opts, extraParams });
    }
    this.providers.set(subjectId, p);
    const max = this.opts.maxSubjects ?? 10_000;
    while (this.providers.size > max) this.providers.delete(this.providers.keys().next().value as string);
    return p;
  }
}
