/**
 * A port nothing listens on right now, for a test that must name a port before a process
 * starts (a chosen port, or a guide's fixed port replaced): listened on once, then closed.
 */
import { once } from 'node:events';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
