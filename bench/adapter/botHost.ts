/**
 * The process the compared servers run in, apart from the driver (as a bot runs apart
 * from the hub): on a 2-core machine the driver and the server under test then each have a
 * core, and one's work does not sit in the other's event loop. Only one server is driven at a
 * time; the idle ones cost nothing.
 *
 * Started by botHostProcess.ts (fork over IPC). Messages in: `start` (sink URLs, the bot's
 * client credentials), `cpu` (process CPU time so far, to charge each slice of the run to the
 * server driven), `alloc-start` / `alloc-stop` (where it allocates in between, written to a
 * .heapprofile: allocationSampling.ts), `stop`. Set ADAPTER_BENCH_CPU_PROF=<dir> to run this
 * process under `--cpu-prof` (see botHostProcess.ts).
 *
 * Every compared server here runs this package (ours, and the EchoBot of the others) from its
 * compiled dist/, what ships (shippedBuild.ts); only the bench's own files go through tsx.
 */
import { startBareEchoServer } from './bareEchoServer.js';
import { startBotbuilderMinimumServer } from './botbuilderMinimumServer.js';
import { startCloudAdapterEchoServer } from './cloudAdapterEchoServer.js';
import { startHubEchoServer } from './hubEchoServer.js';
import type { HostReply, HostRequest, HostUrls } from './botHostProtocol.js';
import { assertRunsDist } from './shippedBuild.js';
import { startAllocationSampling } from './allocationSampling.js';

let closers: (() => Promise<void>)[] = [];
let allocations: ReturnType<typeof startAllocationSampling> | undefined;

async function start(req: Extract<HostRequest, { cmd: 'start' }>): Promise<HostUrls> {
  assertRunsDist();
  const floor = await startBareEchoServer({ hubMessagesUrl: req.hubMessagesUrl, hubToken: 'bench-static-token', client: 'http' });
  const bare = await startBareEchoServer({ hubMessagesUrl: req.hubMessagesUrl, hubToken: 'bench-static-token', client: 'fetch' });
  const botbuilder = await startBotbuilderMinimumServer({ hubMessagesUrl: req.hubMessagesUrl, hubToken: 'bench-static-token' });
  const cloud = await startCloudAdapterEchoServer();
  const hub = await startHubEchoServer({
    platformBaseUrl: req.platformBaseUrl,
    platformTokenUrl: req.platformTokenUrl,
    botClientId: req.botClientId,
    botClientSecret: req.botClientSecret,
    workerConcurrency: req.workerConcurrency,
  });
  closers = [floor.close, bare.close, botbuilder.close, cloud.close, hub.close];
  return {
    floor: `${floor.url}${floor.callbackPath}`,
    bare: `${bare.url}${bare.callbackPath}`,
    botbuilder: `${botbuilder.url}${botbuilder.callbackPath}`,
    cloud: `${cloud.url}${cloud.callbackPath}`,
    hub: `${hub.url}${hub.callbackPath}`,
    hubTokenUrl: hub.tokenUrl,
  };
}

async function handle(req: HostRequest): Promise<HostReply> {
  switch (req.cmd) {
    case 'start':
      return { id: req.id, urls: await start(req) };
    case 'cpu': {
      const u = process.cpuUsage();
      // hrtime is the clock of a --cpu-prof profile's timestamps (µs): the driver can cut a window.
      return { id: req.id, cpuMs: (u.user + u.system) / 1000, atUs: Number(process.hrtime.bigint() / 1000n) };
    }
    case 'alloc-start':
      allocations = startAllocationSampling(req.file);
      return { id: req.id };
    case 'alloc-stop': {
      const counted = await allocations?.write();
      allocations = undefined;
      return { id: req.id, promises: counted?.promises };
    }
    case 'stop':
      for (const close of closers) await Promise.race([close().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
      return { id: req.id };
  }
}

process.on('message', (msg: HostRequest) => {
  handle(msg)
    .then((reply) => process.send?.(reply))
    .catch((err: unknown) => process.send?.({ id: msg.id, error: err instanceof Error ? err.message : String(err) }))
    .finally(() => {
      // The parent closes the channel after `stop`; the process ends with it (and, under
      // --cpu-prof, writes its profile on the way out).
      if (msg.cmd === 'stop') process.disconnect?.();
    });
});
process.on('disconnect', () => process.exit(0));
