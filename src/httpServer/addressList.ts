/**
 * Lists of IP addresses and CIDR ranges from the configuration (an allowlist of callers, the
 * trusted proxies), parsed once at start into a node:net BlockList, which matches IPv4 and IPv6
 * addresses and ranges and understands IPv4-mapped IPv6 peers.
 */
import { BlockList, isIP } from 'node:net';

/**
 * Builds the list; throws at start-up on an entry that is neither an address nor a range,
 * naming `setting` (the variable the entries came from) so the operator knows which to fix.
 */
export function parseAddressList(entries: readonly string[], setting: string): BlockList {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bits = prefix === undefined ? undefined : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= max && /^\d+$/.test(prefix!)))) {
      throw new RangeError(`${setting}: "${entry}" is not an IP address or CIDR range`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, bits, type);
  }
  return list;
}

/** Whether `address` (any textual form, possibly not an IP at all) is in `list`. */
export function addressInList(list: BlockList, address: string | undefined): boolean {
  const family = isIP(address ?? '');
  return family !== 0 && list.check(address!, family === 6 ? 'ipv6' : 'ipv4');
}
