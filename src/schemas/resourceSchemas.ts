/**
 * Shapes of the conversation manager's setup resources (spec 4.2), conversations and assets.
 * The spec shows only the authentication resource (2.1, in src/schemas/authentication.ts);
 * the others are "not shown" (2.4), so these follow the assumed shapes of docs/platform-contract.md, our one documented
 * assumption (docs/platform-clients.md, "Assumed shapes"). They are lenient on purpose: every field is optional,
 * unknown fields are kept, and a numeric id is read as a string, because these shapes come
 * from secondary sources and refusing a real platform answer over them would break callers
 * for nothing. They type requests and parse responses; they never refuse a request.
 */
import { z } from 'zod';
import { linkSchema } from './guidedHelp.js';
import { hubMessageSchema, nameValueSchema } from './hubMessages.js';

/** Ids may come back as numbers; callers always get strings. */
export const resourceIdSchema = z.union([z.string(), z.number()]).transform(String);
const idRef = z.looseObject({ id: resourceIdSchema.optional() });

/** Fields every stored resource carries (the assumed shapes of docs/platform-contract.md: created and modified on list items). */
const stored = {
  id: resourceIdSchema.optional(),
  created: z.string().optional(),
  modified: z.string().optional(),
};

/**
 * The conversation manager's paginationInfo. Its fields are not shown; we assume the same names
 * as the guided-help one of 2.2, but none is required and 2.2's page-size cap of 75 (a guided
 * help limit, 8.8) does not apply here.
 */
export const paginationInfoSchema = z.looseObject({
  count: z.number().optional(),
  pagenum: z.number().optional(),
  pagesize: z.number().optional(),
  link: z.array(linkSchema).optional(),
});

export const CLIENT_APPLICATION_ROLE_NAMES = [
  'customer',
  'custom_bot',
  'platform_bot',
  'platform_agent',
  'custom_agent',
  'business_notification',
] as const;

export const clientApplicationRoleSchema = z.looseObject({
  name: z.string().optional(),
  version: z.string().optional(),
  callback: z.string().optional(),
  notificationEmail: z.string().optional(),
  headers: z.array(nameValueSchema).optional(),
  authentication: idRef.optional(),
});

export const clientApplicationSchema = z.looseObject({
  ...stored,
  name: z.string().optional(),
  description: z.string().optional(),
  active: z.boolean().optional(),
  roles: z.array(clientApplicationRoleSchema).optional(),
});

export const participantSchema = z.looseObject({
  ...stored,
  name: z.string().optional(),
  type: z.string().optional(),
  active: z.boolean().optional(),
  application: idRef.optional(),
});

/** Only `type` is known to be required by the platform; it is not enforced here (see above). */
export const channelSchema = z.looseObject({
  ...stored,
  name: z.string().optional(),
  type: z.string().optional(),
  active: z.boolean().optional(),
});

export const orchestrationSchema = z.looseObject({
  ...stored,
  name: z.string().optional(),
  active: z.boolean().optional(),
  applications: z
    .looseObject({
      customerConfiguration: z.looseObject({ customer: idRef.optional() }).optional(),
      botConfiguration: z
        .looseObject({
          bots: z
            .array(
              z.looseObject({
                id: resourceIdSchema.optional(),
                participant: idRef.optional(),
                onEscalation: z.looseObject({ agent: idRef.optional() }).optional(),
              }),
            )
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

export const accountSchema = z.looseObject({
  ...stored,
  name: z.string().optional(),
  address: z.string().optional(),
  active: z.boolean().optional(),
  channel: idRef.optional(),
  chatConfigurations: z
    .looseObject({
      timeout: z.number().optional(),
      defaultLanguage: z.string().optional(),
      entryPoint: idRef.optional(),
      orchestration: idRef.optional(),
    })
    .optional(),
});

/** `GET /conversations/{id}`: "returns a completed conversation"; fields not shown (assumed). */
export const conversationSchema = z.looseObject({
  ...stored,
  state: z.string().optional(),
  messages: z.looseObject({ message: z.array(hubMessageSchema).optional() }).optional(),
});

/** POST /assets: what the caller declares. Field names not shown; assumed (docs/platform-clients.md). */
export const assetDeclarationSchema = z.looseObject({
  contentType: z.string().min(1),
  size: z.number().int().nonnegative(),
  name: z.string().optional(),
});

/** `POST /assets` and `GET /assets/{id}`: a signed contentUrl (upload, resp. download), and the asset id. */
export const assetSchema = z.looseObject({
  id: resourceIdSchema.optional(),
  contentUrl: z.string().min(1),
  contentType: z.string().optional(),
  size: z.number().optional(),
});

/** The answer of a create: `{id}` (the assumed shapes of docs/platform-contract.md; spec 4.2 for authentications). */
export const createdResourceSchema = z.looseObject({ id: resourceIdSchema });

/** A list answer `{paginationInfo, <field>: [...]}`; a missing array reads as empty. */
export function resourceListSchema<T extends z.ZodType>(field: string, item: T) {
  return z.looseObject({
    paginationInfo: paginationInfoSchema.optional(),
    [field]: z.array(item).optional(),
  });
}

export type PaginationInfo = z.infer<typeof paginationInfoSchema>;
export type ClientApplication = z.infer<typeof clientApplicationSchema>;
export type ClientApplicationInput = z.input<typeof clientApplicationSchema>;
export type Participant = z.infer<typeof participantSchema>;
export type ParticipantInput = z.input<typeof participantSchema>;
export type Channel = z.infer<typeof channelSchema>;
export type ChannelInput = z.input<typeof channelSchema>;
export type Orchestration = z.infer<typeof orchestrationSchema>;
export type OrchestrationInput = z.input<typeof orchestrationSchema>;
export type Account = z.infer<typeof accountSchema>;
export type AccountInput = z.input<typeof accountSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type AssetDeclaration = z.infer<typeof assetDeclarationSchema>;
export type Asset = z.infer<typeof assetSchema>;
export type CreatedResource = z.infer<typeof createdResourceSchema>;
