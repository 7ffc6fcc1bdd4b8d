/**
 * Raw-HTTP helpers for the emulator's tests: a token from the token endpoint, one call to the
 * conversation manager, and a whole setup chain (authentication → client application →
 * participant → channel → orchestration → account) pointing the bot's callback at a test
 * server. Deliberately plain fetch: the emulator is checked over the wire, not through the
 * project's client.
 */
import { expect } from 'chai';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { isErrorBodyFor } from '../../src/schemas/errorBody.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';

export const MANAGE = 'app.conversation.conversationmgr.manage';
export const READ = 'app.conversation.conversationmgr.read';
export const I_MANAGE = 'app.conversation.conversationmgr.interaction.manage';
export const I_READ = 'app.conversation.conversationmgr.interaction.read';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body, headers: res.headers };
}

/** A client-credentials token from the emulator's token endpoint (form-encoded, as RFC 6749 shows it). */
export async function fetchToken(emu: RunningEmulator, clientId = emu.defaultClient.clientId, clientSecret = emu.defaultClient.clientSecret, scope?: string): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
  if (scope) form.set('scope', scope);
  const res = await fetch(emu.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const a = await answerOf(res);
  expect(a.status, JSON.stringify(a.body)).to.equal(200);
  return a.body.access_token as string;
}

/** One call to the conversation manager; `path` is relative to its base. */
export async function hub(emu: RunningEmulator, method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${emu.hubUrl}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return answerOf(res);
}

/** One call to the emulator's own API (`/emulator/...`). */
export async function own(emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${emu.url}/emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf(res);
}

/** Asserts a refusal: the status, a 2.3 error body whose code starts with it, and the code. */
export function expectRefusal(a: Answer, status: number, code?: string): void {
  expect(a.status, JSON.stringify(a.body)).to.equal(status);
  expect(isErrorBodyFor(status, a.body), JSON.stringify(a.body)).to.equal(true);
  if (code) expect(a.body.code).to.equal(code);
}

export function oauth2Authentication(tokenRequestUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'bot token',
    type: 'oauth2',
    oauth2: {
      tokenRequestUrl,
      method: 'POST',
      headers: [{ name: 'x-test-header', value: 'from-authentication' }],
      payload: JSON.stringify({ client_id: 'hub', client_secret: 'hub-secret', grant_type: 'client_credentials' }),
      accessTokenPath: '$.data.access_token',
    },
    ...extra,
  };
}

export interface Chain {
  authenticationId: string;
  clientApplicationId: string;
  participantId: string;
  channelId: string;
  orchestrationId: string;
  accountId: string;
  address: string;
}

async function created(a: Answer): Promise<string> {
  expect(a.status, JSON.stringify(a.body)).to.equal(201);
  expect(a.body.id).to.be.a('string');
  return a.body.id as string;
}

/** Creates the setup chain of spec 1 with the bot's callback at `callbackUrl`. */
export async function createChain(emu: RunningEmulator, token: string, urls: { callback: string; tokenRequest: string }, address = 'support@example.test'): Promise<Chain> {
  const authenticationId = await created(await hub(emu, 'POST', '/authentications', { token, body: oauth2Authentication(urls.tokenRequest) }));
  const clientApplicationId = await created(
    await hub(emu, 'POST', '/clientapplications', {
      token,
      body: { name: 'guided-help bot', roles: [{ name: 'custom_bot', version: 'v3', callback: urls.callback, headers: [{ name: 'x-role-header', value: 'bot' }], authentication: { id: authenticationId } }] },
    }),
  );
  const participantId = await created(await hub(emu, 'POST', '/participants', { token, body: { name: 'bot', type: 'custom_bot', application: { id: clientApplicationId } } }));
  const channelId = await created(await hub(emu, 'POST', '/channels', { token, body: { name: 'chat', type: 'chat' } }));
  const orchestrationId = await created(
    await hub(emu, 'POST', '/orchestrations', {
      token,
      body: { name: 'bot first', applications: { botConfiguration: { bots: [{ id: 'b1', participant: { id: participantId }, onEscalation: { agent: { id: 'agent-7' } } }] } } },
    }),
  );
  const accountId = await created(
    await hub(emu, 'POST', '/accounts', { token, body: { name: 'support', address, channel: { id: channelId }, chatConfigurations: { orchestration: { id: orchestrationId } } } }),
  );
  return { authenticationId, clientApplicationId, participantId, channelId, orchestrationId, accountId, address };
}

/**
 * Functional tests are not about rates: unless a test sets a plan, a flat 10 000 req/s custom
 * plan with buckets of 10 000 tokens, so calls made in the same millisecond all pass.
 */
export const UNLIMITED = { name: 'custom', defaultRate: 10_000 } as const;

/**
 * The hub's routing tests count the messages they send: the start signal of a new conversation
 * (N4, checked in test/e2e/conversationStart.test.ts) is off unless a test turns it on.
 */
export function startTestEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, plan: UNLIMITED, rateBurst: opts.plan === undefined ? 10_000 : 1, conversationStart: false, ...opts });
}

/** A text message of `sender` in a batch body. */
export function batchOf(...messages: Record<string, unknown>[]): Record<string, unknown> {
  return { messages: { message: messages } };
}

export function message(senderType: string, type: string, conversationId?: string, content: Record<string, unknown> = { text: 'hi' }): Record<string, unknown> {
  return { sender: { type: senderType }, type: { value: type }, content, ...(conversationId ? { conversation: { id: conversationId } } : {}) };
}

export interface EmulatorWithBot {
  emu: RunningEmulator;
  /** Stands for the bot: its token endpoint answers `{data: {access_token: 'bot-token'}}`. */
  bot: RecordingServer;
  token: string;
  chain: Chain;
}

/** An emulator and a recording bot server, with a whole setup chain delivering to that bot. */
export async function startEmulatorWithBot(): Promise<EmulatorWithBot> {
  const bot = await startRecordingServer();
  bot.reply('POST', '/token', { body: { data: { access_token: 'bot-token' } } });
  const emu = await startTestEmulator();
  const token = await fetchToken(emu);
  const chain = await createChain(emu, token, { callback: `${bot.url}/callback`, tokenRequest: `${bot.url}/token` });
  return { emu, bot, token, chain };
}
