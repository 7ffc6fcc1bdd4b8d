/**
 * The fault knobs of the emulator, as one settings document (admin API `PUT /emulator/faults`,
 * command-line options, `startEmulator({ faults })`):
 * - `latency`: milliseconds added before matching calls are answered (on a `share` of them
 *   when one is given: a few stalls among normal calls);
 * - `errors`: answer 429, 502 or 503 on a share (0..1) of matching calls;
 * - `callbacks`: duplicate or reorder a share of callback deliveries;
 * - `seed`: makes every share pick the same calls on every run.
 *
 * An endpoint selector is `"METHOD /template"`, `"/template"` (any method) or `"*"`; the
 * template is relative to the service base path (`/conversations/messages`,
 * `/assets/{id}`), or `/oauth2/token` for the token endpoint. A selector may name a service
 * first: `"portalmgr:GET /portals/{portalID}/gh/search"`.
 */
import { z } from 'zod';

/** The services a selector may name (those the emulator's calls are counted under). */
export const FAULT_SERVICES = ['conversationmgr', 'portalmgr', 'eventmgr', 'token', 'auth'] as const;

const share = z.number().min(0).max(1);
/**
 * Where a rule applies; every selector must parse and name a known service (F8: a typo is
 * refused, not read as "everywhere"). Left out, a rule applies to every endpoint, as `"*"`.
 */
const selector = z.string().min(1).superRefine((text, ctx) => {
  try {
    const sel = parseSelector(text);
    if (sel.service !== undefined && !(FAULT_SERVICES as readonly string[]).includes(sel.service)) {
      ctx.addIssue({ code: 'custom', message: `unknown service "${sel.service}" (known: ${FAULT_SERVICES.join(', ')})` });
    }
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
  }
});
const endpoints = z.array(selector).min(1).default(['*']);

/** Strict at every level (F8): an unknown key is refused with 400, never ignored. */
export const faultSettingsSchema = z.strictObject({
  seed: z.number().int().min(0).max(2 ** 31 - 1).default(1),
  latency: z.array(z.strictObject({ ms: z.number().int().min(0).max(120_000), share: share.optional(), endpoints })).default([]),
  errors: z.array(z.strictObject({ status: z.union([z.literal(429), z.literal(502), z.literal(503)]), share, endpoints })).default([]),
  callbacks: z
    .strictObject({
      duplicateShare: share.default(0),
      reorderShare: share.default(0),
      /** How long a delivery picked for reordering waits for the next one of its conversation. */
      reorderHoldMs: z.number().int().min(0).max(60_000).default(200),
    })
    .default({ duplicateShare: 0, reorderShare: 0, reorderHoldMs: 200 }),
});

export type FaultSettingsInput = z.input<typeof faultSettingsSchema>;
export type FaultSettings = z.output<typeof faultSettingsSchema>;

export const NO_FAULTS: FaultSettings = faultSettingsSchema.parse({});

export interface EndpointSelector {
  service?: string;
  method?: string;
  path?: string;
}

/** Parses `"[service:][METHOD ]/template"` or `"*"`. */
export function parseSelector(text: string): EndpointSelector {
  const s = text.trim();
  if (s === '*') return {};
  const m = /^(?:([a-z]+):)?(?:([A-Za-z]+)\s+)?(\/\S*|\*)$/.exec(s);
  if (!m) throw new RangeError(`endpoint selector "${text}" is not "[service:][METHOD ]/path" or "*"`);
  return { service: m[1], method: m[2]?.toUpperCase(), path: m[3] === '*' ? undefined : m[3] };
}
