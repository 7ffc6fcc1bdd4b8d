import { expect } from 'chai';
import { maySend, MESSAGE_TYPES, SENDER_TYPES, isKnownMessageType, type SenderType } from '../../src/schemas/messageTypes.js';

// The table of spec 4.4, transcribed here independently of the module: columns are
// customer, platform_agent, custom_agent, platform_bot, custom_bot.
const TABLE: Record<string, string> = {
  text: 'YYYYY', 'typing.start': 'YYYYY', 'typing.end': 'YYYYY', 'customer.info': 'YYYYY', error: 'YYYYY', 'conversation.end': 'YYYYY',
  'escalation.transfer': 'NYYYY', pagePush: 'NYYYY',
  'conversation.state': 'NYYNN', 'agent.join': 'NYYNN', 'agent.available': 'NYYNN', 'agent.unavailable': 'NYYNN', 'agent.transfer': 'NYYNN', 'queue.transfer': 'NYYNN',
  'richMessage.listpicker': 'NYYYY', 'richMessage.quickreply': 'NYYYY', 'richMessage.template': 'NYYYY', 'richMessage.timepicker': 'NYYYY',
  'richMessage.richlink': 'NYYYY', 'richMessage.form': 'NYYYY', 'richMessage.payment': 'NYYYY', 'richMessage.app': 'NYYYY', 'richMessage.authentication': 'NYYYY',
  'authentication.success': 'YNNNN', 'authentication.failure': 'YNNNN', 'customer.active': 'YNNNN', 'customer.inactive': 'YNNNN',
  'delete.soft': 'YNNNN', 'delete.permanent': 'YNNNN', undo: 'YNNNN',
};
const COLUMNS: SenderType[] = ['customer', 'platform_agent', 'custom_agent', 'platform_bot', 'custom_bot'];

describe('sender matrix of 4.4', () => {
  it('[C5] knows exactly the message types of the table', () => {
    expect([...MESSAGE_TYPES].sort()).to.deep.equal(Object.keys(TABLE).sort());
    expect([...SENDER_TYPES].sort()).to.deep.equal([...COLUMNS].sort());
  });

  for (const [type, cells] of Object.entries(TABLE)) {
    COLUMNS.forEach((sender, i) => {
      const allowed = cells[i] === 'Y';
      it(`[C5] ${sender} ${allowed ? 'may' : 'may not'} send ${type}`, () => {
        expect(maySend(sender, type)).to.equal(allowed);
      });
    });
  }

  it('[C5] refuses unknown types for every sender', () => {
    for (const sender of COLUMNS) expect(maySend(sender, 'richMessage.hologram')).to.equal(false);
    expect(isKnownMessageType('richMessage.hologram')).to.equal(false);
  });
});
