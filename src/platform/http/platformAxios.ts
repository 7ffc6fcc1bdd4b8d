// The axios instance every platform call is sent with, and the sockets it keeps alive.
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import axios, { type AxiosInstance } from 'axios';

/**
 * axios sets TCP keep-alive on the socket of every request it sends, with a 60 s initial delay;
 * Node's agent sets it again, with its own `keepAliveMsecs` (1 s by default), each time a socket
 * goes back to the pool. Node makes the system call only when the value changes, so with the
 * global agents the two flipped it back and forth: two `setsockopt` calls per request, the
 * largest single cost of a POST to the hub on a keep-alive socket (about 60 µs of 260 here).
 * These agents keep the same delay as axios, so the value is set once per socket.
 */
const AXIOS_KEEP_ALIVE_DELAY_MS = 60_000;

/** As Node's global agents are (keep-alive, LIFO, a free socket dropped after 5 s idle), bar the delay. */
const agentOptions = { keepAlive: true, keepAliveMsecs: AXIOS_KEEP_ALIVE_DELAY_MS, scheduling: 'lifo', timeout: 5_000 } as const;
const httpAgent = new HttpAgent(agentOptions);
const httpsAgent = new HttpsAgent(agentOptions);

/**
 * An axios instance for the platform: Node's http adapter, no redirects (following one would
 * carry the bearer token, or the client's secret, to wherever it points), the call's time-out,
 * and the shared keep-alive agents above. Proxy variables (HTTPS_PROXY, NO_PROXY) still apply:
 * axios reads them per request and tunnels through the proxy over these agents' settings.
 */
export function createPlatformAxios(timeoutMs: number): AxiosInstance {
  return axios.create({ maxRedirects: 0, adapter: 'http', timeout: timeoutMs, httpAgent, httpsAgent });
}
