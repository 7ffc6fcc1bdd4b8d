/**
 * Base paths of the services the core calls (spec 9.1, V1). The version is part of the base
 * path, and the rate table is per service version (9.2), so each service id maps to exactly
 * one version here. The portal manager's base path is not shown by the spec; it is
 * configuration, defaulting to the platform's published one (docs/platform-contract.md, assumed shapes).
 */
import type { ServiceId } from './types.js';
import type { Version } from '../../rates/rateLookup.js';

export const SERVICE_VERSIONS: Readonly<Record<ServiceId, Version>> = {
  conversationmgr: 'v3',
  eventmgr: 'v4',
  portalmgr: 'v4',
};

export type BasePaths = Readonly<Record<ServiceId, string>>;

/** `baseUrl` is the platform's {base_url}; a trailing slash is ignored. */
export function basePathsFor(baseUrl: string, portalBaseUrl?: string): BasePaths {
  const base = trimSlash(checkedUrl(baseUrl, 'baseUrl'));
  return {
    conversationmgr: `${base}/conversation/conversationmgr/v3`,
    eventmgr: `${base}/knowledge/eventmgr/v4`,
    portalmgr: portalBaseUrl ? trimSlash(checkedUrl(portalBaseUrl, 'portalBaseUrl')) : `${base}/knowledge/portalmgr/v4`,
  };
}

function checkedUrl(url: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RangeError(`${name} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new RangeError(`${name} must be http(s)`);
  if (parsed.search || parsed.hash) throw new RangeError(`${name} must not carry a query or fragment`);
  return url;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
