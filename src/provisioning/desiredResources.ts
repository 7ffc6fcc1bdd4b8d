/**
 * The request bodies of the six setup resources (assumed shapes of docs/platform-contract.md), each wired to
 * the ids of the ones before it: section 1's order exists because each step needs the
 * previous one's id (C3).
 */
import { PlatformError } from '../errors/platformError.js';
import { encodeTokenPayload } from '../schemas/authentication.js';
import type { SetupDescription } from './setupDescription.js';

export const SETUP_STEPS = ['authentication', 'clientApplication', 'participant', 'channel', 'orchestration', 'account'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type StepIds = Partial<Record<SetupStep, string>>;

/** The authentication body, payload a JSON document carried as a string (2.1), secrets from env. */
export function authenticationBody(d: SetupDescription, env: Record<string, string | undefined>): Record<string, unknown> {
  const a = d.authentication;
  const clientId = env[a.clientIdEnv];
  const clientSecret = env[a.clientSecretEnv];
  if (!clientId || !clientSecret) {
    throw PlatformError.of('400-112', { name: !clientId ? a.clientIdEnv : a.clientSecretEnv });
  }
  return {
    name: a.name,
    type: 'oauth2',
    oauth2: {
      tokenRequestUrl: a.tokenRequestUrl,
      method: a.method,
      headers: a.headers,
      payload: encodeTokenPayload({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      accessTokenPath: a.accessTokenPath,
    },
  };
}

export function desiredBody(step: SetupStep, d: SetupDescription, ids: StepIds, env: Record<string, string | undefined>): Record<string, unknown> {
  const need = (s: SetupStep) => ids[s] ?? `<${s} id>`;
  switch (step) {
    case 'authentication':
      return authenticationBody(d, env);
    case 'clientApplication':
      return {
        name: d.clientApplication.name,
        ...(d.clientApplication.description ? { description: d.clientApplication.description } : {}),
        active: true,
        roles: [
          {
            name: 'custom_bot',
            version: d.clientApplication.roleVersion,
            callback: d.clientApplication.callbackUrl,
            ...(d.clientApplication.notificationEmail ? { notificationEmail: d.clientApplication.notificationEmail } : {}),
            authentication: { id: need('authentication') },
          },
        ],
      };
    case 'participant':
      return { name: d.participant.name, type: d.participant.type, active: true, application: { id: need('clientApplication') } };
    case 'channel':
      return { name: d.channel.name, type: d.channel.type, active: true };
    case 'orchestration':
      return {
        name: d.orchestration.name,
        active: true,
        applications: {
          botConfiguration: {
            bots: [
              {
                participant: { id: need('participant') },
                ...(d.orchestration.agentId ? { onEscalation: { agent: { id: d.orchestration.agentId } } } : {}),
              },
            ],
          },
        },
      };
    case 'account':
      return {
        name: d.account.name,
        address: d.account.address,
        active: true,
        channel: { id: need('channel') },
        chatConfigurations: {
          timeout: d.account.timeout,
          defaultLanguage: d.account.defaultLanguage,
          orchestration: { id: need('orchestration') },
          ...(d.account.entryPointId ? { entryPoint: { id: d.account.entryPointId } } : {}),
        },
      };
  }
}

export function nameOf(step: SetupStep, d: SetupDescription): string {
  return d[step].name;
}

/** How platforms show a stored secret: asterisks, or a masked/redacted marker. */
export function isMasked(value: unknown): boolean {
  return typeof value === 'string' && /^(\*{3,}|\[?(masked|redacted|hidden)\]?)$/i.test(value.trim());
}

function jsonObject(text: string): object | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A field the hub holds otherwise than the description wants: its path, both values. */
export interface FieldDifference {
  path: string;
  desired: unknown;
  actual: unknown;
}

/**
 * Every field of `desired` that `actual` lacks or holds with another value (deeply), as paths
 * (`roles[0].callback`); empty when `desired` is a subset of `actual`. Fields only the hub has
 * (ids, dates) are not differences.
 *
 * @param masked - when given, collects the paths of the fields the hub read back masked: they
 * are not differences, but not known to be equal either (a rotated secret hides there)
 */
export function fieldDifferences(desired: unknown, actual: unknown, path = '', masked?: string[]): FieldDifference[] {
  if (desired === actual) return [];
  // A secret the platform masks when read back ("****") cannot be compared: it is not a change.
  if (typeof desired === 'string' && isMasked(actual)) {
    masked?.push(path || '(whole)');
    return [];
  }
  // A JSON document carried as a string (the authentication's payload) may come back with its
  // secret masked inside, or its keys reordered: compare the documents.
  if (typeof desired === 'string' && typeof actual === 'string') {
    const [d, a] = [jsonObject(desired), jsonObject(actual)];
    if (d && a) return fieldDifferences(d, a, path, masked);
  }
  const here = [{ path: path || '(whole)', desired, actual }];
  if (Array.isArray(desired)) {
    if (!Array.isArray(actual) || desired.length !== actual.length) return here;
    return desired.flatMap((d, i) => fieldDifferences(d, actual[i], `${path}[${i}]`, masked));
  }
  if (desired && typeof desired === 'object') {
    if (!actual || typeof actual !== 'object') return here;
    return Object.entries(desired).flatMap(([k, v]) => fieldDifferences(v, (actual as Record<string, unknown>)[k], path ? `${path}.${k}` : k, masked));
  }
  return here;
}
