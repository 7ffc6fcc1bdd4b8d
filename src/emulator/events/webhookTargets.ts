/**
 * The webhook URLs the emulated event manager delivers to. On the platform the URL is
 * configured outside the interface (6.9); here it is registered through the emulator's API or
 * the command line. A target bound to a tenant gets that tenant's events only; one without a
 * tenant gets every tenant's.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

export const webhookTargetInputSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  tenantId: z.string().min(1).max(200).optional(),
});
export type WebhookTargetInput = z.infer<typeof webhookTargetInputSchema>;

export interface WebhookTarget extends WebhookTargetInput {
  id: string;
  created: string;
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
