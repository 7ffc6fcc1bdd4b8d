/**
 * The six setup resources of 4.2 as the emulator serves them: their list field, the body
 * schema (the project's one assumed shape for each, from resourceSchemas.ts, plus the few
 * fields the emulator requires), and the references between them.
 *
 * References are found by name anywhere in a document (`authentication: {id}`,
 * `roles[].authentication.id`, `channel: {id}`, `channels: [{id}]`, ...), because the shapes
 * are assumed (2.4) and a client may nest them differently; a reference to an id that does
 * not exist is refused (400-113). The references marked `blocksDelete` are the refusals of
 * spec 3.5 / C4. "A channel in use in a client application": a client application or an
 * account that references the channel (an account names its channel in the assumed shape;
 * a client application may name channels too).
 */
import { z } from 'zod';
import { authenticationInputSchema } from '../../schemas/authentication.js';
import type { SetupResource } from '../../schemas/conversationOperations.js';
import {
  accountSchema,
  channelSchema,
  CLIENT_APPLICATION_ROLE_NAMES,
  clientApplicationSchema,
  orchestrationSchema,
  participantSchema,
} from '../../schemas/resourceSchemas.js';

export interface ResourceReference {
  /** Field name that holds `{id}` (or, plural, `[{id}]`) anywhere in the document. */
  key: string;
  target: SetupResource;
  /** Spec 3.5: the target cannot be deleted while this reference exists. */
  blocksDelete: boolean;
}

export interface ResourceKind {
  resource: SetupResource;
  /** Singular, for messages: "client application 42 is in use by ...". */
  label: string;
  /** Field of the list answer holding the items. */
  listField: string;
  schema: z.ZodType<Record<string, unknown>>;
  references: ResourceReference[];
}

// The fields the emulator requires are checked after the lenient shape (`pipe`), on its output.
// Not `.and()`: a zod intersection throws (a 500) when one side transforms a value the other
// keeps as sent, which every numeric id did (found by fuzzing: `application: {id: 5}`).
const named = z.looseObject({ name: z.string().min(1) });
const roleName = z.enum(CLIENT_APPLICATION_ROLE_NAMES);

export const RESOURCE_KINDS: Record<SetupResource, ResourceKind> = {
  authentications: {
    resource: 'authentications',
    label: 'authentication',
    listField: 'authentication',
    schema: authenticationInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    references: [],
  },
  clientapplications: {
    resource: 'clientapplications',
    label: 'client application',
    listField: 'clientApplication',
    schema: clientApplicationSchema.pipe(
      named.extend({ roles: z.array(z.looseObject({ name: roleName, callback: z.url().optional() })).min(1).max(7) }),
    ),
    references: [
      { key: 'authentication', target: 'authentications', blocksDelete: true },
      { key: 'channel', target: 'channels', blocksDelete: true },
    ],
  },
  participants: {
    resource: 'participants',
    label: 'participant',
    listField: 'participant',
    // The lenient shape has already turned a numeric id into a string.
    schema: participantSchema.pipe(named.extend({ application: z.looseObject({ id: z.string() }) })),
    references: [{ key: 'application', target: 'clientapplications', blocksDelete: true }],
  },
  channels: {
    resource: 'channels',
    label: 'channel',
    listField: 'channel',
    schema: channelSchema.pipe(z.looseObject({ type: z.string().min(1) })),
    references: [],
  },
  orchestrations: {
    resource: 'orchestrations',
    label: 'orchestration',
    listField: 'orchestration',
    schema: orchestrationSchema.pipe(named),
    // Not a refusal of 3.5: a participant named by an orchestration may be deleted.
    references: [{ key: 'participant', target: 'participants', blocksDelete: false }],
  },
  accounts: {
    resource: 'accounts',
    label: 'account',
    listField: 'account',
    schema: accountSchema.pipe(named),
    references: [
      { key: 'channel', target: 'channels', blocksDelete: true },
      { key: 'orchestration', target: 'orchestrations', blocksDelete: true },
    ],
  },
};

/** Every id a document references through `key` (`{key: {id}}` or `{keys: [{id}]}`), at any depth. */
export function referencedIds(doc: unknown, key: string): string[] {
  const out = new Set<string>();
  const idOf = (v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const id = (v as { id?: unknown }).id;
      if (typeof id === 'string' || typeof id === 'number') out.add(String(id));
    }
  };
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, inner] of Object.entries(v)) {
      if (k === key) idOf(inner);
      if (k === `${key}s` && Array.isArray(inner)) inner.forEach(idOf);
      walk(inner);
    }
  };
  walk(doc);
  return [...out];
}
