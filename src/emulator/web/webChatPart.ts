/**
 * The emulator's web pages, as an emulator part: `GET /chat`, where a person chats
 * as a customer, and `GET /inspector`, which shows every platform call, hub message and
 * callback, with fault controls and a transcript export. Both are static pages whose browser
 * scripts talk to the emulator's own API (customer routes, /emulator/calls, /emulator/faults),
 * so they show exactly what any other client of that API would see.
 */
import { PlatformError } from '../../errors/platformError.js';
import type { EmulatorPart } from '../emulatorContext.js';
import { BrowserScripts } from './browserScripts.js';
import { chatPageHtml } from './chatPageHtml.js';
import { inspectorPageHtml } from './inspectorPageHtml.js';
import { sendText, WEB_ASSETS } from './pageShell.js';
import { WEB_STYLES } from './webStyles.js';
import { CARD_STYLES } from './cardStyles.js';

export const WEB_CHAT_PATH = '/chat';
export const INSPECTOR_PATH = '/inspector';

export function webChatPart(): EmulatorPart {
  const scripts = new BrowserScripts();
  return (ctx) => {
    const chat = chatPageHtml();
    const inspector = inspectorPageHtml();
    ctx.app.route('get', WEB_CHAT_PATH, (rc) => sendText(rc.res, 'text/html', chat));
    ctx.app.route('get', INSPECTOR_PATH, (rc) => sendText(rc.res, 'text/html', inspector));
    ctx.app.route('get', `${WEB_ASSETS}/:file`, async (rc) => {
      const file = rc.params.file;
      if (file === 'webchat.css') return sendText(rc.res, 'text/css', WEB_STYLES + CARD_STYLES);
      const code = await scripts.script(file);
      if (code === undefined) throw PlatformError.of('404-101', { name: `${WEB_ASSETS}/${file}` });
      sendText(rc.res, 'text/javascript', code);
    });
  };
}
