/**
 * Valid-shaped bodies of every fuzzed surface, as fast-check arbitraries: the starting points
 * the mutations of fuzzMutations.ts damage. They follow the project's schemas (the assumed
 * assumed shapes of docs/platform-contract.md) written out independently, so a body that should pass does.
 * Ids are drawn from pools of things that exist on the server under test (`pools`), mixed with
 * ids that do not.
 */
import fc from 'fast-check';
import { KNOWN_EVENT_KINDS } from '../../src/schemas/events.js';
import { maySend, MESSAGE_TYPES, SENDER_TYPES, type SenderType } from '../../src/schemas/messageTypes.js';

/** A URL on loopback where nothing listens: deliveries the fuzz provokes fail at once, offline. */
export const DEAD_URL = 'http://127.0.0.1:9/nothing';

const text = fc.string({ maxLength: 40 });
/** Ids that exist (most of the time) or not. */
const idFrom = (pool: () => string[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.nat().map((i) => pool()[i % Math.max(1, pool().length)] ?? 'none') }, { weight: 1, arbitrary: fc.uuid() });

export function hubMessage(senders: readonly string[], conversationIds: () => string[], addresses: readonly string[] = ['support@local.test']): fc.Arbitrary<Record<string, unknown>> {
  // Mostly a type the sender may send (4.4), so batches get past the matrix and reach routing.
  const senderAndType = fc.constantFrom(...senders).chain((type) => {
    const allowed = MESSAGE_TYPES.filter((t) => (SENDER_TYPES as readonly string[]).includes(type) && maySend(type as SenderType, t));
    const value = allowed.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...allowed) }, { weight: 1, arbitrary: fc.constantFrom(...MESSAGE_TYPES) }) : fc.constantFrom(...MESSAGE_TYPES);
    return fc.record({ sender: fc.record({ type: fc.constant(type), id: fc.string({ maxLength: 12 }) }, { requiredKeys: ['type'] }), type: fc.record({ value }) });
  });
  return fc
    .tuple(
      senderAndType,
      fc.record(
        {
          id: fc.uuid(),
          content: fc.record({ text, title: text, url: fc.constant(DEAD_URL), quickReplies: fc.array(fc.record({ label: text, value: text }), { maxLength: 3 }) }, { requiredKeys: [] }),
          conversation: fc.record({ id: idFrom(conversationIds), account: fc.record({ address: fc.constantFrom(...addresses, 'nobody@x.test') }) }, { requiredKeys: [] }),
          language: fc.constantFrom('en-US', 'fr-FR'),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([st, rest]) => ({ ...rest, ...st }));
}

export function messageBatch(senders: readonly string[], conversationIds: () => string[], addresses?: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      metadata: fc.record({ attributes: fc.array(fc.record({ name: text, value: text }), { maxLength: 2 }) }),
      messages: fc.record({ message: fc.array(hubMessage(senders, conversationIds, addresses), { minLength: 1, maxLength: 4 }) }),
    },
    { requiredKeys: ['messages'] },
  );
}

export const ALL_SENDERS = SENDER_TYPES;

export function authentication(): fc.Arbitrary<Record<string, unknown>> {
  const oauth2 = fc.record({
    tokenRequestUrl: fc.constantFrom(DEAD_URL, 'http://127.0.0.1:9/oauth2/token?x=1'),
    method: fc.constantFrom('POST', 'GET', 'PUT'),
    headers: fc.array(fc.record({ name: fc.constantFrom('x-a', 'authorization', 'content-type'), value: text }), { maxLength: 2 }),
    payload: fc.record({ client_id: text, client_secret: text, grant_type: fc.constant('client_credentials') }).map((p) => JSON.stringify(p)),
    accessTokenPath: fc.constantFrom('$.access_token', "$['data'].token", '$.a[0].b', '$'),
  });
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ name: text.map((s) => s || 'auth'), type: fc.constant('oauth2'), oauth2, modified: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) }, { requiredKeys: ['name', 'type', 'oauth2'] }) },
    { weight: 1, arbitrary: fc.record({ name: fc.constant('basic auth'), type: fc.constant('basic'), username: text }) },
  );
}

export interface SetupPools {
  authentications: () => string[];
  clientapplications: () => string[];
  participants: () => string[];
  channels: () => string[];
  orchestrations: () => string[];
}

const ROLE_NAMES = ['customer', 'custom_bot', 'platform_bot', 'platform_agent', 'custom_agent', 'business_notification'] as const;

export function setupBody(resource: string, pools: SetupPools): fc.Arbitrary<Record<string, unknown>> {
  const name = text.map((s) => s || 'x');
  switch (resource) {
    case 'authentications':
      return authentication();
    case 'clientapplications':
      return fc.record({
        name,
        description: text,
        active: fc.boolean(),
        roles: fc.array(
          fc.record({ name: fc.constantFrom(...ROLE_NAMES), version: fc.constantFrom('v1', 'v3'), callback: fc.constant(DEAD_URL), authentication: fc.record({ id: idFrom(pools.authentications) }) }, { requiredKeys: ['name'] }),
          { minLength: 1, maxLength: 7 },
        ),
      }, { requiredKeys: ['name', 'roles'] });
    case 'participants':
      return fc.record({ name, type: fc.constantFrom('custom_bot', 'platform_bot'), active: fc.boolean(), application: fc.record({ id: idFrom(pools.clientapplications) }) }, { requiredKeys: ['name', 'application'] });
    case 'channels':
      return fc.record({ name, type: fc.constantFrom('chat', 'sms', 'email') }, { requiredKeys: ['type'] });
    case 'orchestrations':
      return fc.record({
        name,
        active: fc.boolean(),
        applications: fc.record({ botConfiguration: fc.record({ bots: fc.array(fc.record({ id: text, participant: fc.record({ id: idFrom(pools.participants) }) }), { maxLength: 2 }) }) }),
      }, { requiredKeys: ['name'] });
    default:
      return fc.record({
        name,
        // Addresses of their own: an account fuzzed into existence must not take over the test's customers.
        address: fc.uuid().map((u) => `${u}@fuzz.test`),
        active: fc.boolean(),
        channel: fc.record({ id: idFrom(pools.channels) }),
        chatConfigurations: fc.record({ timeout: fc.integer({ min: 0, max: 3600 }), defaultLanguage: fc.constantFrom('en-US', 'fr-FR'), orchestration: fc.record({ id: idFrom(pools.orchestrations) }) }, { requiredKeys: [] }),
      }, { requiredKeys: ['name'] });
  }
}

export const assetDeclaration = fc.record({ contentType: fc.constantFrom('image/png', 'text/plain', 'application/pdf', 'image/png; charset=x'), size: fc.integer({ min: 0, max: 20 * 1024 * 1024 }), name: text }, { requiredKeys: ['contentType', 'size'] });

/** `arb` in about one value of `oneIn`, otherwise undefined (a key JSON leaves out). */
function rarely<T>(oneIn: number, arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
}

/** Answers the sample casebases accept, per casebase (src/emulator/portal/data). */
const GOOD_ANSWERS: Record<string, { id: string; answers: { id?: string; value?: number }[] }[]> = {
  '101': [{ id: '1001', answers: [{ id: '10011' }] }, { id: '1002', answers: [{ id: '10021' }] }],
  '202': [{ id: '2002', answers: [{ id: '20024' }] }, { id: '2003', answers: [{ value: 512 }] }],
};
const questionAnswer = fc.oneof(fc.record({ id: fc.constantFrom('10011', '10021', '20011', '20024', '1') }), fc.record({ value: fc.oneof(fc.integer({ min: -10, max: 2000 }), text) }));
const anyQuestion = fc.record({ id: fc.constantFrom('1001', '1002', '2001', '2003', '77'), answers: fc.array(questionAnswer, { maxLength: 2 }) });

export function searchBody(step: boolean): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom('101', '202', '101', '202', '999', '0').chain((casebaseId) => {
    const good = GOOD_ANSWERS[casebaseId] ?? [];
    const questions = fc.oneof(
      { weight: 3, arbitrary: good.length ? fc.subarray(good, { minLength: 1 }) : fc.constant([]) },
      { weight: 1, arbitrary: fc.array(anyQuestion, { maxLength: 2 }) },
    );
    return fc.record({
      casebaseId: fc.constant(casebaseId),
      questions: step ? questions : rarely(3, questions),
      profileId: rarely(3, fc.constantFrom('1', '2', '3', '4', '9')),
      sessionVariable: rarely(4, fc.array(fc.record({ name: text.map((s) => s || 'v'), value: fc.oneof(text, fc.integer(), fc.boolean()) }), { maxLength: 2 })),
      startOver: rarely(3, fc.boolean()),
      useLiveRelease: rarely(2, fc.boolean()),
      ghsArticleId: rarely(8, fc.constantFrom('KB-00001', 'GH-5001', 'X-1')),
    });
  });
}

export const caseDecision = fc.record({ id: fc.constantFrom('5001', '5002', '5003', 'nope'), name: text, profileId: fc.constantFrom('1', '2') }, { requiredKeys: ['id'] });

export const quickpickCreate = fc.record({ casebaseReleaseId: fc.constantFrom('1011', '1012', '2021', '999'), name: text, comment: text, linkToActivity: fc.boolean() }, { requiredKeys: ['casebaseReleaseId'] });

export function tokenRequestFields(clientId: string, secret: string): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      grant_type: fc.constantFrom('client_credentials', 'password', 'refresh_token'),
      client_id: fc.constantFrom(clientId, 'someone-else', ''),
      client_secret: fc.oneof(fc.constant(secret), text),
      scope: fc.constantFrom('app.conversation.conversationmgr.manage', 'a b c', ''),
    },
    { requiredKeys: ['grant_type', 'client_id', 'client_secret'] },
  );
}

export const webhookEnvelope = fc.record(
  {
    notificationId: fc.oneof(fc.uuid(), fc.integer()),
    eventType: fc.oneof(fc.constantFrom(...KNOWN_EVENT_KINDS), text),
    tenantId: text,
    createdAt: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    payload: fc.record({ articleId: fc.constantFrom('KB-0001', 'bad'), title: text, locale: fc.constantFrom('en-US', 'fr-FR') }, { requiredKeys: [] }),
  },
  { requiredKeys: ['notificationId'] },
);

export const customerStart = fc.record({ accountAddress: fc.constantFrom('support@local.test', 'nobody@x.test'), accountId: fc.uuid(), customer: fc.record({ id: text, name: text }, { requiredKeys: [] }) }, { requiredKeys: [] });

export const customerMessage = fc.record(
  {
    text,
    type: fc.oneof(fc.constantFrom(...MESSAGE_TYPES), fc.record({ value: fc.constantFrom(...MESSAGE_TYPES) })),
    content: fc.record({ text, title: text }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
