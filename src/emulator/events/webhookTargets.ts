/**
 * The webhook URLs the emulated event manager delivers to. On the platform the URL is
 * configured outside the interface (6.9); here it is registered through the emulator's API or
 * the command line. A target bound to a tenant gets that tenant's events only; one without a
 * tenant gets every tenant's.
 *
 * The contract shows no signature on deliveries; a target may ask for ours (S4, the scheme in
 * src/schemas/webhookSignature.ts): `hmacSecret` signs every attempt, `sharedSecret` is sent in
 * `secretHeader` (default `x-webhook-secret`). Secrets are never listed back.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { webhookSignatureHeaders } from '../../schemas/webhookSignature.js';

const secret = z.string().min(1).max(512);

export const webhookTargetInputSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  tenantId: z.string().min(1).max(200).optional(),
  hmacSecret: secret.optional(),
  sharedSecret: secret.optional(),
  secretHeader: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'an HTTP header name').optional(),
});
export type WebhookTargetInput = z.infer<typeof webhookTargetInputSchema>;

export interface WebhookTarget extends WebhookTargetInput {
  id: string;
  created: string;
}

/** A target as the admin API shows it: whether it is signed, never with what. */
export interface WebhookTargetView {
  id: string;
  url: string;
  tenantId?: string;
  created: string;
  signed: boolean;
  secretHeader?: string;
}

export const DEFAULT_TARGET_SECRET_HEADER = 'x-webhook-secret';

export function targetView(t: WebhookTarget): WebhookTargetView {
  return {
    id: t.id,
    url: t.url,
    ...(t.tenantId !== undefined ? { tenantId: t.tenantId } : {}),
    created: t.created,
    signed: t.hmacSecret !== undefined,
    ...(t.sharedSecret !== undefined ? { secretHeader: t.secretHeader ?? DEFAULT_TARGET_SECRET_HEADER } : {}),
  };
}

/** The headers that authenticate one attempt of `body` to `t`, made at `nowMs` (each retry is signed anew). */
export function authenticationHeaders(t: WebhookTarget, body: string, nowMs: number): Record<string, string> {
  const headers: Record<string, string> = t.hmacSecret !== undefined ? webhookSignatureHeaders(t.hmacSecret, body, nowMs) : {};
  if (t.sharedSecret !== undefined) headers[(t.secretHeader ?? DEFAULT_TARGET_SECRET_HEADER).toLowerCase()] = t.sharedSecret;
  return headers;
}

export class WebhookTargets {
  private readonly targets = new Map<string, WebhookTarget>();

  add(input: WebhookTargetInput, now: number): WebhookTarget {
    const t: WebhookTarget = { ...webhookTargetInputSchema.parse(input), id: randomUUID(), created: new Date(now).toISOString() };
    this.targets.set(t.id, t);
    return t;
  }

  remove(id: string): boolean {
    return this.targets.delete(id);
  }

  list(tenantId?: string): WebhookTarget[] {
    return [...this.targets.values()].filter((t) => tenantId === undefined || t.tenantId === tenantId);
  }

  /** The targets an event of `tenantId` goes to. */
  forTenant(tenantId: string): WebhookTarget[] {
    return [...this.targets.values()].filter((t) => t.tenantId === undefined || t.tenantId === tenantId);
  }
}
