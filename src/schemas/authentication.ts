/**
 * The authentication resource of spec 2.1 (C1): how the hub gets a token before calling a
 * client application's callback. `oauth2.payload` is a JSON document carried as an escaped
 * string; `accessTokenPath` must be in our JSONPath subset. The Basic variant's fields are not
 * shown (2.4), so a `basic` authentication is accepted with whatever fields it has.
 */
import { z } from 'zod';
import { isSupportedJsonPath } from '../jsonpath/jsonPathSubset.js';

export const headerPairSchema = z.looseObject({ name: z.string().min(1), value: z.string() });

/** A string whose content parses as a JSON document (object). */
export const jsonDocumentStringSchema = z.string().refine(
  (s) => {
    try {
      const v: unknown = JSON.parse(s);
      return typeof v === 'object' && v !== null;
    } catch {
      return false;
    }
  },
  { message: 'payload must be a JSON document carried as a string' },
);

export const oauth2SettingsSchema = z.looseObject({
  tokenRequestUrl: z.url(),
  method: z.string().min(1).default('POST'),
  headers: z.array(headerPairSchema).default([]),
  payload: jsonDocumentStringSchema,
  accessTokenPath: z.string().refine(isSupportedJsonPath, {
    message: "accessTokenPath must use only $, .name, ['name'] and [n]",
  }),
});

const authBase = {
  name: z.string().min(1),
  modified: z.string().optional(),
};

export const oauth2AuthenticationInputSchema = z.looseObject({ ...authBase, type: z.literal('oauth2'), oauth2: oauth2SettingsSchema });
export const basicAuthenticationInputSchema = z.looseObject({ ...authBase, type: z.literal('basic') });

/** Body of `POST /authentications` and `PUT /authentications/{id}`. */
export const authenticationInputSchema = z.discriminatedUnion('type', [oauth2AuthenticationInputSchema, basicAuthenticationInputSchema]);

/**
 * An authentication as GET returns it, read tolerantly (R1): only what the code acts on is
 * required (id and name, which provisioning matches by); the rest is kept as it came. A tenant
 * may hold authentications we did not write (another type, a masked payload such as "****", a
 * JSONPath outside our subset), and reading them must not fail the list that provisioning,
 * status and teardown start with. What we send stays checked by authenticationInputSchema.
 */
export const authenticationSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  type: z.string().optional(),
  oauth2: z
    .looseObject({
      tokenRequestUrl: z.string().optional(),
      method: z.string().optional(),
      headers: z.array(z.looseObject({ name: z.string().optional(), value: z.string().optional() })).optional(),
      payload: z.string().optional(),
      accessTokenPath: z.string().optional(),
    })
    .optional(),
  created: z.string().optional(),
  modified: z.string().optional(),
});

export const authenticationListSchema = z.looseObject({ authentication: z.array(authenticationSchema) });
export const createdIdSchema = z.looseObject({ id: z.string() });

export type HeaderPair = z.infer<typeof headerPairSchema>;
export type OAuth2Settings = z.infer<typeof oauth2SettingsSchema>;
export type AuthenticationInput = z.infer<typeof authenticationInputSchema>;
export type Authentication = z.infer<typeof authenticationSchema>;

/** Builds the escaped-string payload of 2.1 from a plain object. */
export function encodeTokenPayload(doc: Record<string, unknown>): string {
  return JSON.stringify(doc);
}
