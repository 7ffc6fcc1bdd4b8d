// A bot in the shape of Microsoft's botbuilder samples (an echo bot with a welcome): CommonJS,
// `require('botbuilder')`, an ActivityHandler subclass, nothing that knows about the hub (N6).
const { ActivityHandler, MessageFactory } = require('botbuilder');

class EchoBot extends ActivityHandler {
  constructor() {
    super();
    this.onMessage(async (context, next) => {
      const replyText = `Echo: ${context.activity.text}`;
      await context.sendActivity(MessageFactory.text(replyText, replyText));
      await next();
    });
    this.onMembersAdded(async (context, next) => {
      for (const member of context.activity.membersAdded) {
        if (member.id !== context.activity.recipient.id) await context.sendActivity(MessageFactory.text('Hello and welcome!'));
      }
      await next();
    });
  }
}

module.exports.EchoBot = EchoBot;
