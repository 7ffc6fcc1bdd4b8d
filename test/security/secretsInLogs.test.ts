/**
 * No secret in any log line or error body of a whole run: the local stack (emulator + bot,
 * provisioned as a contact center would) with the bot logging at trace level into a buffer,
 * then a chat, a 401 on each side followed by a refresh (the hub's cached callback token
 * expires; the bot's platform token is expired by the emulator), and refusals of every kind.
 * Then every line the bot logged, every error body either server sent and the emulator's call
 * log are searched for every secret of the run: the client secrets, the signing key, and every
 * token issued by either token endpoint.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { expect } from 'chai';
import sinon from 'sinon';
import { EchoBot } from '../../bots/echoBot.js';
import { TokenIssuer as EmulatorTokenIssuer, type IssuedToken } from '../../src/emulator/auth/tokenIssuer.js';
import { startLocalStack, type LocalStack } from '../../cli/localStack.js';
import { createLogger } from '../../src/observability/logger.js';
import { Customer } from '../e2e/customerClient.js';
import { request } from './securityKit.js';
import { waitFor } from '../support/waitFor.js';

interface Sent {
  server: string;
  path: string;
  status: number;
  text: string;
}

/** When the last token among these answers expires (its `exp`, in ms): what the hub holds. */
function lastTokenExpiry(tokenAnswers: Sent[]): number {
  const token = (JSON.parse(tokenAnswers.at(-1)!.text) as { access_token: string }).access_token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
  return claims.exp * 1000;
}

/** Keeps a copy of every answer `server` sends (bodies are small JSON here; event streams are not used). */
function captureAnswers(server: Server, name: string, into: Sent[]): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk as string));
    };
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
    (res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => (keep(chunk), write(chunk, ...rest));
    (res as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => (typeof chunk === 'function' ? end(chunk, ...rest) : (keep(chunk), end(chunk, ...rest)));
    res.once('finish', () => into.push({ server: name, path: req.url ?? '', status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
  });
}

describe('security: no secret in any log line or error body of an end-to-end run', function () {
  this.timeout(60_000);
  const lines: string[] = [];
  const answers: Sent[] = [];
  let emulatorTokens: sinon.SinonSpy<Parameters<EmulatorTokenIssuer['issue']>, IssuedToken>;
  let stack: LocalStack;
  let callLog = '';

  before(async () => {
    // Every token the emulator issues, from the very first one (provisioning's) on.
    emulatorTokens = sinon.spy(EmulatorTokenIssuer.prototype, 'issue');
    stack = await startLocalStack({
      bot: (deps) => new EchoBot(deps.storage),
      logger: createLogger({ level: 'trace', name: 'hubbot', destination: { write: (line: string) => void lines.push(line) } }),
      // The hub's callback token lives 2 s and is not granted any skew, so it expires mid-run.
      env: { BOT_TOKEN_TTL_SECONDS: '2', CALLBACK_CLOCK_SKEW_SECONDS: '0', LOG_LEVEL: 'trace' },
    });
    captureAnswers(stack.bot.app.server.server, 'bot', answers);
    captureAnswers(stack.emulator.context.app.server.server, 'emulator', answers);
  });

  after(async () => {
    emulatorTokens?.restore();
    await stack?.stop();
  });

  it('[C8] [C9] runs a whole conversation with a 401 and a refresh on each side, and refusals of every kind', async () => {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await customer.say('hello');
    await customer.messages(1, 20_000);

    // Callback side: the hub's cached token expires; the bot answers 401-105; the hub fetches another.
    const expiresAt = lastTokenExpiry(answers.filter((a) => a.server === 'bot' && a.path.startsWith('/oauth2/token') && a.status === 200));
    await waitFor(() => Date.now() >= expiresAt, { what: 'the hub\'s callback token to expire', intervalMs: 50 });
    await customer.say('still there?');
    await customer.messages(2, 20_000);
    const refused = (await stack.bot.metrics.callbacks.get()).values.find((v) => v.labels.outcome === 'refused');
    expect(refused?.value ?? 0, 'the hub met a 401 on the callback').to.be.greaterThan(0);
    const issuedByBot = answers.filter((a) => a.server === 'bot' && a.path.startsWith('/oauth2/token') && a.status === 200);
    expect(issuedByBot.length, 'then fetched a new token through the stored authentication').to.be.at.least(2);

    // Platform side: the emulator expires every token; the bot's next send meets 401-105 and refreshes (C8).
    const issuedBefore = emulatorTokens.callCount;
    stack.emulator.expireTokens();
    await customer.say('and now?');
    await customer.messages(3, 20_000);
    expect(emulatorTokens.callCount, 'the bot fetched a new platform token').to.be.greaterThan(issuedBefore);

    // Refusals: a type a customer may not send, calls without or with wrong credentials.
    expect(await customer.send('agent.join', { text: 'not mine to send' })).to.equal(400);
    const json = { 'content-type': 'application/json' };
    expect((await request(`${stack.bot.url}${stack.config.BOT_CALLBACK_PATH}`, { headers: json, body: '{}' })).status).to.equal(401);
    expect((await request(`${stack.bot.url}/oauth2/token`, { headers: json, body: JSON.stringify({ client_id: stack.config.BOT_CLIENT_ID, client_secret: `${stack.config.BOT_CLIENT_SECRET}x` }) })).status).to.equal(401);
    expect((await request(stack.emulator.tokenUrl, { headers: json, body: JSON.stringify({ grant_type: 'client_credentials', client_id: stack.config.PLATFORM_CLIENT_ID, client_secret: 'wrong-secret' }) })).status).to.equal(401);
    expect((await request(`${stack.emulator.hubUrl}/accounts`, { method: 'GET', headers: { authorization: `Bearer ${emulatorTokens.firstCall.returnValue.accessToken}` } })).status).to.equal(401);

    callLog = (await request(`${stack.emulator.url}/emulator/calls?since=0`, { method: 'GET' })).text + (await request(`${stack.emulator.url}/emulator/callback-failures`, { method: 'GET' })).text;
  });

  it('no log line, error body or call-log entry holds a client secret, the signing key or any token issued', () => {
    const botTokens = answers.filter((a) => a.server === 'bot' && a.path.startsWith('/oauth2/token') && a.status === 200).map((a) => (JSON.parse(a.text) as { access_token: string }).access_token);
    const emuTokens = emulatorTokens.returnValues.map((t) => t.accessToken);
    // The run did what it says: tokens on both sides, more than one each (the refreshes), and plenty to search.
    expect(botTokens.length, 'the hub fetched a second callback token after the 401').to.be.at.least(2);
    expect(emuTokens.length).to.be.at.least(2);
    const errorBodies = answers.filter((a) => a.status >= 400);
    expect(errorBodies.map((a) => a.server)).to.include.members(['bot', 'emulator']);
    // The lines where a secret would most likely slip in were written: issuing, refreshing, refusing.
    const logged = lines.join('');
    expect(logged.split('access token issued').length - 1).to.be.at.least(2);
    expect(logged).to.contain('token refused, refreshing once');
    expect(logged).to.contain('invalid client credentials');
    expect(callLog).to.contain('callbackToken');

    const secrets: [string, string][] = [
      ['BOT_CLIENT_SECRET', stack.config.BOT_CLIENT_SECRET!],
      ['BOT_TOKEN_SIGNING_KEY', stack.config.BOT_TOKEN_SIGNING_KEY!],
      ['PLATFORM_CLIENT_SECRET', stack.config.PLATFORM_CLIENT_SECRET!],
      ...botTokens.map((t, i): [string, string] => [`bot token ${i}`, t]),
      // A JWT's signature alone would be enough to replay it once the rest is known.
      ...botTokens.map((t, i): [string, string] => [`bot token ${i} signature`, t.split('.')[2]!]),
      ...emuTokens.map((t, i): [string, string] => [`platform token ${i}`, t]),
    ];
    const places: [string, string][] = [
      ...lines.map((l, i): [string, string] => [`log line ${i}`, l]),
      ...errorBodies.map((a): [string, string] => [`${a.status} from the ${a.server} on ${a.path}`, a.text]),
      ['the emulator call log', callLog],
    ];
    const leaks = secrets.flatMap(([name, secret]) => places.filter(([, text]) => text.includes(secret)).map(([where]) => `${name} in ${where}`));
    expect(leaks).to.deep.equal([]);
  });
});
