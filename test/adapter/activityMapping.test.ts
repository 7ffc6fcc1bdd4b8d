import { expect } from 'chai';
import { ActivityTypes, CardFactory, MessageFactory } from 'botbuilder-core';
import { activityFromHubMessage } from '../../src/adapter/activityFromHubMessage.js';
import { hubMessagesFromActivity } from '../../src/adapter/hubMessagesFromActivity.js';
import { PlatformError } from '../../src/errors/platformError.js';
import type { HubMessage } from '../../src/schemas/hubMessages.js';

const address = { conversationId: 'c1', botId: 'bot-1', serviceUrl: 'http://hub' };
const msg = (type: string, content: Record<string, unknown> = {}): HubMessage => ({
  id: 'm1',
  sender: { type: 'customer', id: 'cust-1' },
  type: { value: type },
  content,
  conversation: { id: 'c1', account: { address: 'acct' } },
});
const out = { conversationId: 'c1', senderType: 'custom_bot' as const, senderId: 'bot-1' };

describe('activity ↔ hub message mapping', () => {
  it('[B1] text becomes a message activity addressed to the bot', () => {
    const a = activityFromHubMessage(msg('text', { text: 'hello' }), address)!;
    expect(a.type).to.equal(ActivityTypes.Message);
    expect(a.text).to.equal('hello');
    expect(a.conversation!.id).to.equal('c1');
    expect(a.recipient!.id).to.equal('bot-1');
    expect(a.from!.role).to.equal('user');
  });

  it('[B1] typing, customer.info, conversation.end and other known types map to typing, event, endOfConversation, event', () => {
    expect(activityFromHubMessage(msg('typing.start'), address)!.type).to.equal(ActivityTypes.Typing);
    const info = activityFromHubMessage(msg('customer.info', { text: 'vip' }), address)!;
    expect([info.type, info.name]).to.deep.equal([ActivityTypes.Event, 'customer.info']);
    expect(activityFromHubMessage(msg('conversation.end'), address)!.type).to.equal(ActivityTypes.EndOfConversation);
    const other = activityFromHubMessage(msg('customer.inactive'), address)!;
    expect([other.type, other.name]).to.deep.equal([ActivityTypes.Event, 'customer.inactive']);
    expect(other.channelData.hubMessage.type.value).to.equal('customer.inactive');
  });

  it('[C10] unknown message types map to nothing (ignored)', () => {
    expect(activityFromHubMessage(msg('hologram.beam'), address)).to.equal(undefined);
  });

  it('[B2] text, suggested actions, card lists and link cards become text, quickreply, listpicker and richlink', () => {
    expect(hubMessagesFromActivity(MessageFactory.text('hi'), out)[0]).to.deep.include({ type: { value: 'text' }, content: { text: 'hi' } });
    const qr = hubMessagesFromActivity(MessageFactory.suggestedActions(['Yes', 'No'], 'Continue?'), out)[0];
    expect(qr.type.value).to.equal('richMessage.quickreply');
    expect(qr.content!.quickReplies!.map((o) => o.label)).to.deep.equal(['Yes', 'No']);
    const list = hubMessagesFromActivity(
      { ...MessageFactory.list([CardFactory.heroCard('Wi-Fi', 'wireless'), CardFactory.heroCard('Cable')], 'Pick'), channelData: { multiSelect: true } },
      out,
    )[0];
    expect(list.type.value).to.equal('richMessage.listpicker');
    expect(list.content!.multiSelect).to.equal(true);
    expect(list.content!.items!.map((i) => i.title)).to.deep.equal(['Wi-Fi', 'Cable']);
    const link = hubMessagesFromActivity(MessageFactory.attachment(CardFactory.heroCard('Reset guide', 'KB-1001', [], [{ type: 'openUrl', title: 'Open', value: 'https://kb/KB-1001' }])), out)[0];
    expect(link.type.value).to.equal('richMessage.richlink');
    expect(link.content!.url).to.equal('https://kb/KB-1001');
  });

  it('[B2] typing, endOfConversation, handoff and pagePush map to their hub types; trace maps to nothing', () => {
    expect(hubMessagesFromActivity({ type: ActivityTypes.Typing }, out)[0].type.value).to.equal('typing.start');
    expect(hubMessagesFromActivity({ type: ActivityTypes.EndOfConversation }, out)[0].type.value).to.equal('conversation.end');
    const handoff = hubMessagesFromActivity({ type: ActivityTypes.Event, name: 'handoff', value: { summary: 'router model: X' }, text: 'Transferring' }, out)[0];
    expect(handoff.type.value).to.equal('escalation.transfer');
    expect(handoff.content!.summary).to.equal('router model: X');
    expect(hubMessagesFromActivity({ type: ActivityTypes.Event, name: 'pagePush', value: 'https://x/page' }, out)[0].content!.pageUrl).to.equal('https://x/page');
    expect(hubMessagesFromActivity({ type: ActivityTypes.Trace, value: 1 }, out)).to.deep.equal([]);
  });

  it('[B2] carries the hub conversation fields and the sender on each reply', () => {
    const m = hubMessagesFromActivity(MessageFactory.text('x'), { ...out, hubConversation: { account: { address: 'acct' } } })[0];
    expect(m.sender).to.deep.equal({ type: 'custom_bot', id: 'bot-1' });
    expect(m.conversation).to.deep.equal({ account: { address: 'acct' }, id: 'c1' });
  });

  it('[C5] a type the sender may not send throws a typed error naming sender and type', () => {
    const attempt = () => hubMessagesFromActivity({ type: ActivityTypes.Message, channelData: { hubType: 'agent.join' } }, out);
    expect(attempt).to.throw(PlatformError);
    try {
      attempt();
    } catch (err) {
      expect((err as PlatformError).code).to.equal('400-120');
      expect((err as PlatformError).developerMessage).to.contain('custom_bot').and.contain('agent.join');
    }
    // The same type is fine for an agent application.
    expect(hubMessagesFromActivity({ type: ActivityTypes.Message, channelData: { hubType: 'agent.join' } }, { ...out, senderType: 'custom_agent' })).to.have.length(1);
  });
});
