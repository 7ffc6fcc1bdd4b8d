/**
 * A bot for the web chat's start, picture and link tests, written the ordinary botbuilder way:
 * it greets whoever joins (in their language, N4), downloads every picture a customer sends
 * with its own platform client (N5) and says what it got, answers "link" with an address in
 * plain text (U4), and echoes the rest.
 */
import { ActivityHandler } from 'botbuilder-core';
import type { BotDependencies } from '../../src/server/hubBotServer.js';

const GREETINGS: Record<string, string> = { fr: 'Bonjour ! Que puis-je faire pour vous ?', es: '¡Hola! ¿En qué puedo ayudarle?', de: 'Hallo! Wie kann ich helfen?' };

export class PictureTestBot extends ActivityHandler {
  constructor(deps: BotDependencies) {
    super();
    this.onMembersAdded(async (context, next) => {
      const lang = context.activity.locale?.slice(0, 2) ?? 'en';
      if (context.activity.membersAdded?.some((m) => m.id !== context.activity.recipient.id)) await context.sendActivity(GREETINGS[lang] ?? 'Hello! How can I help?');
      await next();
    });
    this.onMessage(async (context, next) => {
      const a = context.activity;
      if (a.attachments?.length) {
        for (const file of a.attachments) {
          const got = await deps.platform.conversations.assets.download((file.content as { assetId: string }).assetId);
          await context.sendActivity(`Got ${file.name}: ${got.contentType}, ${got.bytes.byteLength} bytes${a.text ? `, "${a.text}"` : ''}`);
        }
      } else if (a.text === 'link') await context.sendActivity('See https://support.example.com/restart for the steps.');
      else await context.sendActivity(`You said: ${a.text}`);
      await next();
    });
  }
}
