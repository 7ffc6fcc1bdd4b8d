/**
 * Redis key names of the project: `hubbot:{tenant}:<part>:<part>...`. The tenant sits in a
 * hash tag (`{...}`) so that every key of one tenant lands in one Redis Cluster slot, which
 * lets a Lua script or a MULTI touch several of them. Braces inside the tenant would break
 * the tag, so they are replaced.
 */
export const KEY_PREFIX = 'hubbot';

export function tenantKey(tenant: string, ...parts: string[]): string {
  if (tenant === '') throw new RangeError('tenant must not be empty');
  const tag = tenant.replace(/[{}]/g, '_');
  return [`${KEY_PREFIX}:{${tag}}`, ...parts].join(':');
}
