/**
 * Redis Cluster's hash slot of a key: CRC16 (XMODEM) of the key, or of its hash tag, modulo
 * 16384. The hash tag is the text between the first `{` and the next `}`, when not empty. It is
 * how the project keeps a tenant's keys together (tenantKey.ts) and how a script is checked to
 * touch one slot only (D2, luaScript.ts).
 */

const SLOTS = 16384;

const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ b) & 0xff];
  return crc;
}

/** The part of a key that is hashed: its hash tag when it has a non-empty one, else all of it. */
export function hashedPart(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return key;
  const close = key.indexOf('}', open + 1);
  if (close === -1 || close === open + 1) return key;
  return key.slice(open + 1, close);
}

export function hashSlot(key: string): number {
  return crc16(Buffer.from(hashedPart(key), 'utf8')) % SLOTS;
}

/**
 * Throws when the keys are not all in one slot (D2): on a cluster such a script is refused by
 * Redis (CROSSSLOT) or, worse, runs on a node that holds only some of its keys.
 */
export function requireOneSlot(keys: readonly string[], what: string): void {
  if (keys.length < 2) return;
  // The usual case, checked per script call: every key carries the first key's hash tag, so all
  // are hashed alike and no CRC is needed. Keys hashed on other text may still share its slot.
  const part = hashedPart(keys[0]);
  if (keys.every((k) => hashedPart(k) === part)) return;
  const first = hashSlot(keys[0]);
  const other = keys.find((k) => hashSlot(k) !== first);
  if (other !== undefined) {
    throw new RangeError(`${what}: keys in different Redis Cluster hash slots (${keys[0]} is in ${first}, ${other} in ${hashSlot(other)}); every key of one script must share a {hash tag} (docs/platform-contract.md, D2)`);
  }
}
