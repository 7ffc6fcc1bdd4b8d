/**
 * The load driver's one HTTP call: a POST over a keep-alive agent with a pre-serialised body,
 * on plain node:http. The driver shares the machine with the system under test, so it does as
 * little per request as it can (no client library, no JSON work on the answer).
 */
import http from 'node:http';

export interface PostAnswer {
  status: number;
  body: string;
}

export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets });
}

/** POSTs `body` (JSON text) to `url`; resolves with the status and the answer's text (never rejects on a status). */
export function postJson(agent: http.Agent, url: URL, body: string, headers: Record<string, string> = {}): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens `n` customer conversations on the emulator (`POST /emulator/conversations`); their ids, in order. */
export async function openEmulatorConversations(agent: http.Agent, emulatorUrl: string, accountAddress: string, n: number): Promise<string[]> {
  const api = new URL(`${emulatorUrl}/emulator/conversations`);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await postJson(agent, api, JSON.stringify({ accountAddress, customer: { id: `customer-${i}` } }));
    if (res.status !== 201) throw new Error(`opening a conversation: ${res.status} ${res.body}`);
    ids.push((JSON.parse(res.body) as { id: string }).id);
  }
  return ids;
}
