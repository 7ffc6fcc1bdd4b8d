/**
 * Starts a bench server on a free loopback port; `close` ends its keep-alive connections (and
 * its reply agent's) at once, so a run never waits for idle sockets to time out.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type restify from 'restify';

export async function listenOnLoopback(server: restify.Server, agent?: http.Agent): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent?.destroy();
        server.server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
