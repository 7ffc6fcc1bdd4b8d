/**
 * The markup of the web chat page (GET /chat); chatPage.ts (browser) brings it to life.
 * Labels carry `data-text` (or `data-label`, for an aria-label) keys so the page can switch language in place; the page's own
 * words are the `page` part of each language pack (src/languages, I1), given to the page as a JSON data
 * block (not a script: nothing in it runs, so the Content-Security-Policy still holds).
 *
 * Only the message log scrolls: the header, the conversation's bar and the composer stay in
 * place (U4). The emulator's own settings (faults, realistic answers, what the hub does with a
 * handover) are on the inspector page, not here: this page is what a customer sees, so it has no
 * link to the inspector either (U8; the emulator's own page and its start banner name it).
 *
 * The live log is a region around the list of messages, not the list itself: a list given the
 * log role stops being a list, and its items would be list items outside any list (WCAG 1.3.1).
 */
import { allLanguagePacks, packTagOf } from '../../languages/languagePacks.js';
import { pageHtml } from './pageShell.js';

/** The page's own words by language tag, read when the page is served (an override pack applies); every pack has every key of en-US (a test checks). */
export function chatTexts(): Record<string, Record<string, string>> {
  return Object.fromEntries(allLanguagePacks().map((p) => [p.tag, p.page]));
}

/** What the page needs to pick a language for a browser's tag: each offered tag, and the pack a bare language goes to. */
function chatLanguages(): { tags: string[]; primaries: Record<string, string> } {
  const tags = allLanguagePacks().map((p) => p.tag);
  const primaries = Object.fromEntries(tags.map((t) => t.split('-')[0]).map((l) => [l, packTagOf(l)!]));
  return { tags, primaries };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function languageOptions(): string {
  return allLanguagePacks()
    .map((p) => `      <option value="${p.tag}" lang="${p.tag}">${escapeHtml(p.name)}</option>`)
    .join('\n');
}

/** JSON safe inside an HTML element: no "<" can close it. */
function dataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

const BODY = `<header class="topbar">
  <h1 data-text="title">Web chat</h1>
  <div class="topbar-tools">
    <label for="language" class="language-label" data-text="language">Language</label>
    <select id="language">
{{LANGUAGE_OPTIONS}}
    </select>
  </div>
</header>
<main class="chat">
  <form id="start-form" class="panel" aria-labelledby="start-title">
    <h2 id="start-title" data-text="startTitle">Start a conversation</h2>
    <div class="field">
      <label for="account" data-text="account">Account</label>
      <select id="account"></select>
    </div>
    <div class="field">
      <label for="customer-name" data-text="name">Your name (optional)</label>
      <input id="customer-name" autocomplete="name" maxlength="80">
    </div>
    <button type="submit" class="primary" data-text="start">Start chat</button>
    <p id="start-error" class="error" role="alert" hidden></p>
  </form>
  <section id="conversation" class="conversation" aria-label="Conversation" data-label="conversation" hidden>
    <div class="conv-bar">
      <p id="conv-status" class="conv-status" role="status"></p>
      <button id="new-chat" type="button" class="secondary" data-text="newChat">New chat</button>
    </div>
    <div id="message-log" class="message-log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" data-label="messages" tabindex="0">
      <ol id="messages" class="messages"></ol>
    </div>
    <p id="typing" class="typing" role="status" hidden data-text="typing">The bot is typing…</p>
    <form id="composer" class="composer">
      <label for="message" class="visually-hidden" data-text="message">Message</label>
      <input id="message" autocomplete="off" maxlength="4000" data-placeholder="placeholder" placeholder="Type a message">
      <input id="picture" type="file" accept="image/*" hidden>
      <button id="attach" type="button" class="secondary attach" data-label="attach" aria-label="Attach a picture" title="Attach a picture"><span aria-hidden="true">+</span></button>
      <button id="send" type="submit" class="primary" data-text="send">Send</button>
    </form>
  </section>
</main>`;

export function chatPageHtml(): string {
  const body = BODY.replace('{{LANGUAGE_OPTIONS}}', languageOptions());
  return pageHtml({ title: 'Web chat · hubbot emulator', bodyClass: 'chat-page', body: `${body}\n${dataBlock('chat-texts', chatTexts())}\n${dataBlock('chat-languages', chatLanguages())}`, script: 'chatPage.js' });
}
