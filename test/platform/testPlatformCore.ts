/**
 * The real HTTP core (src/platform/http) pointed at a local test server, for client tests:
 * a fixed bearer token, a flat high custom rate and an instant sleep, so throttling never
 * slows a test (throttling has its own tests). `specs` records every RequestSpec the
 * clients handed the core, to check the path templates that name the rate buckets (L2).
 */
import { createPlatformHttpCore } from '../../src/platform/http/platformHttpCore.js';
import { StaticTokenProvider } from '../../src/platform/auth/staticTokenProvider.js';
import type { HttpCore, RequestSpec } from '../../src/platform/http/types.js';

export const TEST_TOKEN = 'test-client-token';
export const CONVERSATION_BASE = '/conversation/conversationmgr/v3';
export const PORTAL_BASE = '/knowledge/portalmgr/v4';

export interface RecordingCore extends HttpCore {
  specs: RequestSpec[];
}

export function testPlatformCore(baseUrl: string): RecordingCore {
  const core = createPlatformHttpCore({
    baseUrl,
    tenant: 'test-tenant',
    customRates: { name: 'custom', defaultRate: 100_000 },
    tokenProvider: new StaticTokenProvider(TEST_TOKEN),
    sleep: () => Promise.resolve(),
    retryDelaysMs: [],
  });
  const specs: RequestSpec[] = [];
  return {
    specs,
    request(spec) {
      specs.push(spec);
      return core.request(spec);
    },
  };
}
