import { Socket } from 'node:net';
import { expect } from 'chai';
import { ClientCredentialsTokenProvider } from '../../../src/platform/auth/clientCredentialsTokenProvider.js';
import { StaticTokenProvider } from '../../../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore } from '../../../src/platform/http/platformHttpCore.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';

/**
 * Records, per client socket, each time TCP keep-alive is set to a value other than the one it
 * had: Node makes a system call (setsockopt) only then. axios sets it on every request and the
 * agent again when the socket returns to the pool; with different delays the value flips twice
 * per request (platformAxios.ts).
 */
function watchKeepAlive(): { changes: Map<Socket, number>; restore(): void } {
  const original = Socket.prototype.setKeepAlive;
  const changes = new Map<Socket, number>();
  const last = new WeakMap<Socket, string>();
  Socket.prototype.setKeepAlive = function (this: Socket, enable?: boolean, delay?: number) {
    const value = `${Boolean(enable)}/${Math.trunc((delay ?? 0) / 1000)}`;
    if (last.get(this) !== value) changes.set(this, (changes.get(this) ?? 0) + 1);
    last.set(this, value);
    return original.call(this, enable, delay);
  };
  return { changes, restore: () => (Socket.prototype.setKeepAlive = original) };
}

describe('Platform calls on keep-alive sockets', () => {
  let server: RecordingServer;
  let watch: ReturnType<typeof watchKeepAlive>;

  beforeEach(async () => {
    server = await startRecordingServer();
    server.reply('*', '*', (r) => (r.path === '/token' ? { status: 200, body: { access_token: 'tok', expires_in: 3600 } } : { status: 202, body: {} }));
    watch = watchKeepAlive();
  });
  afterEach(async () => {
    watch.restore();
    await server.close();
  });

  it('sends twenty sequential calls over one socket and sets its keep-alive once, not twice per call', async () => {
    const core = createPlatformHttpCore({ baseUrl: server.url, tenant: 'acme', customRates: { name: 'custom', defaultRate: 100_000 }, tokenProvider: new StaticTokenProvider('tok') });
    for (let i = 0; i < 20; i++) {
      await core.request({ method: 'POST', service: 'conversationmgr', path: '/conversations/messages', template: '/conversations/messages', body: { messages: { message: [] } } });
    }
    expect(server.requests).to.have.length(20);
    expect([...watch.changes.values()], 'keep-alive changes per client socket').to.deep.equal([1]);
  });

  it('the token endpoint is called on sockets of the same kind (one keep-alive setting each)', async () => {
    for (let i = 0; i < 5; i++) {
      const tokens = new ClientCredentialsTokenProvider({ tokenUrl: `${server.url}/token`, clientId: 'bot', clientSecret: 'bot-secret-value' });
      expect(await tokens.getToken()).to.equal('tok');
    }
    expect(server.requests).to.have.length(5);
    for (const n of watch.changes.values()) expect(n).to.equal(1);
  });
});
