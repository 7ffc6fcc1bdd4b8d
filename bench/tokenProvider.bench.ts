/**
 * Token provider under a stampede: 1,000 platform calls start at once just after the cached
 * token expired. Goal: ONE token request (C8, single flight). The baseline, run against the
 * same token endpoint in the same run, is a cache without single flight (each caller that
 * finds the token expired asks for one), which is what a straightforward cache does.
 */
import { performance } from 'node:perf_hooks';
import type { FetchToken } from '../src/platform/auth/cachedTokenProvider.js';
import { ClientCredentialsTokenProvider, requestClientCredentialsToken, type ClientCredentialsOptions } from '../src/platform/auth/clientCredentialsTokenProvider.js';
import { createPlatformHttpCore } from '../src/platform/http/platformHttpCore.js';
import type { TokenProvider } from '../src/platform/http/types.js';
import { startRecordingServer } from '../test/platform/recordingServer.js';
import axios from 'axios';
import type { BenchRow } from './benchRow.js';

export const title = 'token provider: 1,000 concurrent calls after expiry';

const CALLS = 1000;

/** The baseline: caches the token, but every caller that finds it expired fetches its own. */
class NaiveCache implements TokenProvider {
  private token?: { value: string; expiresAt: number };
  constructor(
    private readonly fetch: FetchToken,
    private readonly now: () => number,
  ) {}
  async getToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    const grant = await this.fetch();
    this.token = { value: grant.accessToken, expiresAt: this.now() + (grant.expiresInSeconds ?? 0) * 1000 };
    return grant.accessToken;
  }
  invalidate(): void {
    this.token = undefined;
  }
}

export async function run(): Promise<BenchRow[]> {
  let issued = 0;
  const server = await startRecordingServer();
  server.reply('*', '*', (r) =>
    r.path === '/token' ? { status: 200, body: { access_token: `tok-${++issued}`, expires_in: 3600 } } : { status: 200, body: {} },
  );
  const tokenRequests = () => server.requests.filter((r) => r.path.endsWith('/token'));
  try {
    let now = Date.now();
    const clock = () => now;
    const http = axios.create({ adapter: 'http', maxRedirects: 0 });
    const credentials: ClientCredentialsOptions = { tokenUrl: `${server.url}/token`, clientId: 'bench', clientSecret: 'bench-secret', now: clock };
    const fetch: FetchToken = () => requestClientCredentialsToken(http, credentials);

    async function stampede(provider: TokenProvider): Promise<{ tokenRequests: number; ms: number }> {
      const core = createPlatformHttpCore({ baseUrl: server.url, tenant: 'bench', customRates: { name: 'custom', defaultRate: 1e9 }, tokenProvider: provider });
      await provider.getToken(); // warm: a token is cached
      now += 3_601_000; // ... and has just expired
      const before = tokenRequests().length;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: CALLS }, (_, i) => core.request({ method: 'GET', service: 'conversationmgr', path: `/accounts/${i}`, template: '/accounts/{id}' })));
      return { tokenRequests: tokenRequests().length - before, ms: performance.now() - t0 };
    }

    const naive = await stampede(new NaiveCache(fetch, clock));
    const ours = await stampede(new ClientCredentialsTokenProvider(credentials));
    return [
      {
        measure: `token requests, ${CALLS} concurrent calls after expiry`,
        value: ours.tokenRequests,
        unit: 'requests',
        baseline: { label: 'cache without single flight', value: naive.tokenRequests },
        ratio: ours.tokenRequests / naive.tokenRequests,
        goal: '= 1',
        pass: ours.tokenRequests === 1,
      },
      {
        measure: `time for the ${CALLS} calls`,
        value: ours.ms,
        unit: 'ms',
        baseline: { label: 'cache without single flight', value: naive.ms },
        ratio: ours.ms / naive.ms,
      },
    ];
  } finally {
    await server.close();
  }
}
