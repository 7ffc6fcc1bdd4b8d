import { expect } from 'chai';
import { ConversationManagerClient } from '../../../src/platform/conversation/conversationManagerClient.js';
import { PlatformError } from '../../../src/errors/platformError.js';
import { startRecordingServer, type RecordingServer } from '../recordingServer.js';
import { CONVERSATION_BASE as B, testPlatformCore } from '../testPlatformCore.js';

// A PNG signature and a few bytes that are not valid UTF-8, so any text re-encoding would show.
const BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80, 0xc3]);

describe('ConversationManagerClient assets over real HTTP', () => {
  let server: RecordingServer;
  let client: ConversationManagerClient;

  before(async () => {
    server = await startRecordingServer();
    server.reply('POST', `${B}/assets`, (req) => ({
      status: 201,
      body: { id: 'asset-1', contentUrl: `${server.url}/storage/upload/asset-1?sig=abc&size=${(req.body as { size: number }).size}` },
    }));
    server.reply('GET', `${B}/assets/{id}`, { body: { id: 'asset-1', contentUrl: `${server.url}/storage/download/asset-1?sig=def` } });
    server.reply('GET', '/storage/download/{id}', { body: BYTES, headers: { 'content-type': 'image/png' } });
    server.reply('PUT', '/storage/upload/{id}', { status: 200 });
  });
  after(() => server.close());
  beforeEach(() => {
    server.clear();
    client = new ConversationManagerClient(testPlatformCore(server.url));
  });

  it('[C6] create declares content type and size and answers the signed upload contentUrl', async () => {
    const asset = await client.assets.create({ contentType: 'image/png', size: BYTES.length });
    expect(asset.id).to.equal('asset-1');
    expect(asset.contentUrl).to.equal(`${server.url}/storage/upload/asset-1?sig=abc&size=${BYTES.length}`);
    expect(server.calls()).to.deep.equal([`POST ${B}/assets`]);
    expect(server.requests[0].body).to.deep.equal({ contentType: 'image/png', size: BYTES.length });
  });

  it('[C6] the upload PUTs exactly the declared type and size to the signed URL, without the bearer token', async () => {
    const asset = await client.assets.createAndUpload(BYTES, 'image/png');
    expect(server.calls()).to.deep.equal([`POST ${B}/assets`, 'PUT /storage/upload/asset-1']);
    const [create, upload] = server.requests;
    expect(create.body).to.deep.equal({ contentType: 'image/png', size: BYTES.length });
    expect(upload.query).to.deep.equal({ sig: 'abc', size: String(BYTES.length) });
    expect(upload.headers['content-type']).to.equal('image/png');
    expect(upload.headers['content-length']).to.equal(String(BYTES.length));
    expect(upload.raw.equals(BYTES)).to.equal(true);
    // The signed URL carries its own authorisation; a platform token must not travel to storage.
    expect(upload.headers.authorization).to.equal(undefined);
    expect(asset.id).to.equal('asset-1');
  });

  it('[C6] bytes of another length than the declared size are refused before the upload', async () => {
    const err = await client.assets.upload(`${server.url}/storage/upload/asset-1`, BYTES, { contentType: 'image/png', size: BYTES.length + 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(PlatformError);
    expect((err as PlatformError).code).to.equal('400-101');
    expect(server.requests).to.have.length(0);
  });

  it('[C6] get answers the signed download contentUrl, and download fetches the bytes from it', async () => {
    const asset = await client.assets.get('asset-1');
    expect(asset.contentUrl).to.equal(`${server.url}/storage/download/asset-1?sig=def`);
    server.clear();
    const downloaded = await client.assets.download('asset-1');
    expect(server.calls()).to.deep.equal([`GET ${B}/assets/asset-1`, 'GET /storage/download/asset-1']);
    expect(Buffer.isBuffer(downloaded.bytes)).to.equal(true);
    expect(downloaded.bytes.equals(BYTES)).to.equal(true);
    expect(downloaded.contentType).to.equal('image/png');
    expect(server.requests[1].headers.authorization).to.equal(undefined);
  });

  it('[C6] a signed URL that storage refuses (expired signature) reaches the caller as a PlatformError', async () => {
    server.reply('GET', '/storage/expired/{id}', { status: 403, body: { code: '403-198', developerMessage: 'signature expired' } });
    const err = await client.assets.downloadFrom(`${server.url}/storage/expired/asset-1?sig=old`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(PlatformError);
    expect(err).to.include({ status: 403, code: '403-198' });
    expect(server.requests).to.have.length(1);
  });
});
