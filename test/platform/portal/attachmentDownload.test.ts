import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PortalManagerClient } from '../../../src/platform/portal/portalManagerClient.js';
import { PlatformError } from '../../../src/errors/platformError.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { PORTAL_BASE, testPlatformCore } from '../testPlatformCore.js';
import { PORTAL, rejectionOf } from './portalFixtures.js';

const P = `${PORTAL_BASE}/portals/${PORTAL}`;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

describe('suggestion attachment content download (streamed, with a size limit)', () => {
  let server: RecordingServer;
  let portal: PortalManagerClient;
  const content = Buffer.from('the printer log, line after line\n'.repeat(100));

  before(async () => {
    server = await startRecordingServer();
    server.reply('GET', '/storage/{name}', { status: 200, body: content, headers: { 'content-type': 'text/plain' } });
    server.reply('GET', `${P}/suggestions/attachments/{id}`, (req) => {
      const id = req.path.split('/').pop()!;
      const size = id === 'liar' ? 10 : content.length;
      return { body: { id, fileName: 'printer.log', size, contentUrl: `${server.url}/storage/${id}?sig=abc` } };
    });
  });
  after(() => server.close());
  beforeEach(() => {
    server.clear();
    portal = new PortalManagerClient(testPlatformCore(server.url), PORTAL);
  });

  it('streams the content behind the signed URL, without the bearer token', async () => {
    const got = await portal.suggestions.downloadAttachment('att-1');
    expect(got).to.include({ fileName: 'printer.log', size: content.length });
    expect((await readAll(got.content)).equals(content)).to.equal(true);
    const storage = server.requests.find((r) => r.path.startsWith('/storage/'))!;
    expect(storage.headers.authorization).to.equal(undefined);
  });

  it('refuses a file whose declared size is over the limit before reading it (413-101)', async () => {
    const err = await rejectionOf(portal.suggestions.downloadAttachment('att-2', { maxBytes: 100 }));
    expect(err.code).to.equal('413-101');
    expect(server.requests.some((r) => r.path.startsWith('/storage/'))).to.equal(false);
  });

  it('refuses at its Content-Length a download larger than its details said', async () => {
    const err = await rejectionOf(portal.suggestions.downloadAttachment('liar', { maxBytes: content.length - 1 }));
    expect(err.code).to.equal('413-101');
  });

  it('cuts off a chunked download (no Content-Length) that grows past the limit', async () => {
    // Storage that streams without announcing a length, far more than the details said.
    const storage = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 64; i++) res.write(Buffer.alloc(1024, 7));
      res.end();
    });
    await new Promise<void>((r) => storage.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/blob?sig=x`;
    server.reply('GET', `${P}/suggestions/attachments/chunked`, { body: { id: 'chunked', fileName: 'big.bin', size: 10, contentUrl: url } });
    const got = await portal.suggestions.downloadAttachment('chunked', { maxBytes: 16 * 1024 });
    const err = await readAll(got.content).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(PlatformError);
    expect((err as PlatformError).code).to.equal('413-101');
    storage.closeAllConnections();
    storage.close();
  });
});
