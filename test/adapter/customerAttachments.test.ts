/**
 * N5: a customer's message naming assets reaches the bot with activity.attachments (name,
 * content type, a URL on the conversation manager), and the bot downloads the bytes with its
 * own credentials through the assets client, over real HTTP.
 */
import { expect } from 'chai';
import { activityFromHubMessage } from '../../src/adapter/activityFromHubMessage.js';
import { attachmentsOfHubMessage } from '../../src/adapter/customerAttachments.js';
import { ConversationManagerClient } from '../../src/platform/conversation/conversationManagerClient.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { startRecordingServer, type RecordingServer } from '../platform/recordingServer.js';
import { CONVERSATION_BASE as B, testPlatformCore } from '../platform/testPlatformCore.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);

const customerMessage = (content: Record<string, unknown>): HubMessage => ({
  id: 'm-photo',
  sender: { type: 'customer', id: 'cust-1' },
  type: { value: 'text' },
  content,
  conversation: { id: 'c1' },
});

describe('customer attachments (N5)', () => {
  let server: RecordingServer;

  before(async () => {
    server = await startRecordingServer();
    server.reply('GET', `${B}/assets/{id}`, { body: { id: 'asset-1', contentUrl: `${server.url}/storage/download/asset-1?sig=s1` } });
    server.reply('GET', '/storage/download/{id}', { body: PNG, headers: { 'content-type': 'image/png' } });
  });
  after(() => server.close());

  it('[N5] a message naming an asset becomes a message activity with the attachment; the bot downloads it with its own token', async () => {
    const message = customerMessage({ text: 'here is the photo', assets: [{ assetId: 'asset-1', name: 'router.png', contentType: 'image/png' }] });
    const activity = activityFromHubMessage(message, { conversationId: 'c1', botId: 'bot-1', serviceUrl: server.url })!;
    expect(activity.text).to.equal('here is the photo');
    expect(activity.attachments).to.deep.equal([{ contentType: 'image/png', name: 'router.png', contentUrl: `${server.url}${B}/assets/asset-1`, content: { assetId: 'asset-1' } }]);

    server.clear();
    const client = new ConversationManagerClient(testPlatformCore(server.url));
    const downloaded = await client.assets.download(activity.attachments![0].content.assetId);
    expect(Buffer.from(downloaded.bytes).equals(PNG)).to.equal(true);
    expect(downloaded.contentType).to.equal('image/png');
    // The asset's resource, read with the bot's bearer token, then the signed URL without it.
    expect(server.calls()).to.deep.equal([`GET ${B}/assets/asset-1`, 'GET /storage/download/asset-1']);
    expect(server.requests[0].headers.authorization).to.match(/^Bearer /);
  });

  it('[N5] assets are read leniently: at any depth, once each, with defaults for a missing name and type, a signed URL kept', () => {
    const found = attachmentsOfHubMessage(
      customerMessage({ files: { list: [{ assetId: 'a1' }, { assetId: 'a1' }, { assetId: ' ' }, { assetId: 7 }] }, extra: [{ assetId: 'a2', fileName: 'doc.pdf', contentUrl: 'https://blobs.example/a2?sig=x' }] }),
      'https://hub.example/',
    );
    expect(found).to.deep.equal([
      { contentType: 'application/octet-stream', name: 'a1', contentUrl: `https://hub.example${B}/assets/a1`, content: { assetId: 'a1' } },
      { contentType: 'application/octet-stream', name: 'doc.pdf', contentUrl: 'https://blobs.example/a2?sig=x', content: { assetId: 'a2' } },
    ]);
    expect(attachmentsOfHubMessage(customerMessage({ text: 'no files' }), 'https://hub.example')).to.deep.equal([]);
    expect(activityFromHubMessage(customerMessage({ text: 'no files' }), { conversationId: 'c1', botId: 'b', serviceUrl: 'https://hub.example' })).to.not.have.property('attachments');
  });

  it('[N5] [S17] an asset id with a lone UTF-16 surrogate (a JSON body may carry "\\ud800") still gives an attachment, its URL the id exactly (WTF-8 escapes), never a URIError that fails the turn', () => {
    const lone = JSON.parse('"pic-\\ud800-1"') as string;
    const [found] = attachmentsOfHubMessage(customerMessage({ assetId: lone }), 'https://hub.example');
    expect(found?.contentUrl).to.equal(`https://hub.example${B}/assets/pic-%ED%A0%80-1`);
    expect(found?.content.assetId).to.equal(lone);
    // The paired surrogates of an emoji are a character, encoded as such.
    expect(attachmentsOfHubMessage(customerMessage({ assetId: 'pic-😀' }), 'https://hub.example')[0]?.contentUrl).to.equal(`https://hub.example${B}/assets/pic-%F0%9F%98%80`);
  });
});
