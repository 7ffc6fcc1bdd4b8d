/**
 * The web chat page (GET /chat): a person chats as a customer through the emulator's customer
 * API (src/emulator/customer/customerRoutes.ts), exactly as a channel would: start a
 * conversation on an account in the chosen language (the hub signals it to the bot, whose
 * greeting shows before the customer types, U1), send text and pictures (each message carries
 * the chosen language, which the bot sees as the activity's locale), and follow what the
 * customer receives over server-sent events. Keyboard only works throughout: Enter sends, every choice is a real button or input,
 * and the log is an ARIA live region.
 */
import type { CustomerEvent } from '../../hub/conversationStore.js';
import { byId, el, fetchJson } from './dom.js';
import { customerItem, disableChoices, messageItem, noticeItem, type Choice } from './chatRendering.js';
import { chatLanguageOf, language, setLanguage, t, type ChatLanguage, type TextKey } from './chatText.js';
import { previewOf, uploadPicture } from './chatPicture.js';
import { ChatConnection } from './chatConnection.js';

interface Account {
  id: string;
  name?: string;
  address?: string;
  defaultLanguage?: string;
}

const API = '/emulator';
/** A typing indicator nobody closed is hidden after this long. */
const TYPING_TIMEOUT_MS = 30_000;

const startForm = byId<HTMLFormElement>('start-form');
const accountSelect = byId<HTMLSelectElement>('account');
const nameInput = byId<HTMLInputElement>('customer-name');
const startError = byId('start-error');
const languageSelect = byId<HTMLSelectElement>('language');
const conversation = byId('conversation');
const statusText = byId('conv-status');
const log = byId<HTMLOListElement>('messages');
/** The live region around the list, which scrolls. */
const logRegion = byId('message-log');
const typing = byId('typing');
const composer = byId<HTMLFormElement>('composer');
const input = byId<HTMLInputElement>('message');
const sendButton = byId<HTMLButtonElement>('send');
const newChat = byId<HTMLButtonElement>('new-chat');
const pictureInput = byId<HTMLInputElement>('picture');
const attachButton = byId<HTMLButtonElement>('attach');

let conversationId: string | undefined;
let stream: EventSource | undefined;
let lastSeq = 0;
let typingTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the newest message in view, also after the bars around the log change height. */
function scrollToEnd(): void {
  requestAnimationFrame(() => (logRegion.scrollTop = logRegion.scrollHeight));
}

function append(node: HTMLLIElement): void {
  log.append(node);
  scrollToEnd();
}

function setStatus(key: TextKey): void {
  statusText.dataset.text = key;
  statusText.textContent = t(key);
  conversation.dataset.state = key;
  scrollToEnd();
}

function showTyping(on: boolean): void {
  clearTimeout(typingTimer);
  typing.hidden = !on;
  scrollToEnd();
  if (on) typingTimer = setTimeout(() => showTyping(false), TYPING_TIMEOUT_MS);
}

function setComposerEnabled(on: boolean): void {
  input.disabled = !on;
  sendButton.disabled = !on;
  attachButton.disabled = !on;
}

/** The status before the connection was lost, shown again when it is back. */
let statusBeforeLoss: TextKey | undefined;

const connection = new ChatConnection(() => (conversationId ? `${API}/conversations/${encodeURIComponent(conversationId)}/messages` : undefined), `${API}/accounts`, {
  lost: () => {
    statusBeforeLoss = statusText.dataset.text as TextKey;
    append(noticeItem('error', t('connectionLost')));
    setStatus('statusOffline');
  },
  back: () => {
    append(noticeItem('active', t('connectionBack')));
    setStatus(statusBeforeLoss ?? 'statusActive');
    if (conversationId) follow(conversationId);
  },
});

/** Sends one customer message; shows it at once, marked until the hub accepted it (sent when the connection is back, U8). */
function send(choice: Choice): void {
  if (!conversationId || !choice.text.trim()) return;
  disableChoices(log);
  const mine = customerItem(choice.shown);
  append(mine);
  const waiting = el('p', { class: 'waiting-note', text: t('waitingToSend') });
  if (!connection.isOnline) mine.append(waiting);
  connection.send({
    body: { text: choice.text, language: language() },
    delivered: () => {
      mine.classList.remove('pending');
      waiting.remove();
    },
    refused: () => {
      waiting.remove();
      mine.classList.replace('pending', 'failed');
      mine.append(el('p', { class: 'error', text: t('notDelivered') }));
    },
  });
}

/** Uploads a picture and sends it, with what is typed as its caption (N5). */
async function sendPicture(file: File): Promise<void> {
  if (!conversationId) return;
  const caption = input.value.trim();
  input.value = '';
  disableChoices(log);
  const mine = customerItem(caption || t('picture', { name: file.name }));
  append(mine);
  try {
    mine.append(el('img', { class: 'sent-picture', attrs: { src: await previewOf(file), alt: t('picture', { name: file.name }) } }));
    scrollToEnd();
    const picture = await uploadPicture(conversationId, file);
    const content = { text: caption, assets: [picture] };
    await fetchJson(`${API}/conversations/${encodeURIComponent(conversationId)}/messages`, { method: 'POST', json: { type: 'text', content, language: language() } });
    mine.classList.remove('pending');
  } catch (err) {
    mine.classList.replace('pending', 'failed');
    mine.append(el('p', { class: 'error', text: t('attachFailed', { reason: (err as Error).message }) }));
  }
}

function onEvent(e: CustomerEvent): void {
  if (e.seq <= lastSeq) return; // a reconnecting stream may repeat what we have
  lastSeq = e.seq;
  if (e.kind === 'escalated') {
    append(noticeItem('escalated', t('escalated')));
    setStatus('statusEscalated');
    return;
  }
  if (e.kind === 'active') {
    append(noticeItem('active', t('botBack')));
    setStatus('statusActive');
    return;
  }
  if (e.kind === 'completed') {
    showTyping(false);
    append(noticeItem('completed', t('ended')));
    setStatus('statusCompleted');
    setComposerEnabled(false);
    disableChoices(log);
    stream?.close();
    connection.stop();
    newChat.focus();
    return;
  }
  const message = e.message;
  if (!message) return;
  const type = message.type.value;
  if (type === 'typing.start') return showTyping(true);
  showTyping(false);
  if (type === 'agent.join') setStatus('statusAgent');
  const node = messageItem(message, (choice) => {
    send(choice);
    input.focus();
  });
  if (node) append(node);
}

function follow(id: string): void {
  stream?.close();
  // Resumable: the browser reconnects with Last-Event-ID, and `since` covers a fresh start.
  stream = new EventSource(`${API}/conversations/${encodeURIComponent(id)}/stream?since=${lastSeq}`);
  for (const kind of ['message', 'escalated', 'active', 'completed']) {
    stream.addEventListener(kind, (ev) => onEvent(JSON.parse((ev as MessageEvent<string>).data) as CustomerEvent));
  }
  // A dropped stream: the connection may be lost (said at once); the connection's probe reopens
  // the stream when the emulator answers again, so no message of the gap is missed (since=lastSeq).
  stream.addEventListener('error', () => {
    if (conversation.dataset.state === 'statusCompleted') return;
    connection.streamFailed();
  });
}

async function start(): Promise<void> {
  startError.hidden = true;
  const name = nameInput.value.trim();
  // The page's language goes with the start: the bot's greeting comes in it (N4, U1).
  const body = { ...(accountSelect.value ? { accountId: accountSelect.value } : {}), ...(name ? { customer: { name } } : {}), language: language() };
  try {
    const started = await fetchJson<{ id: string }>(`${API}/conversations`, { method: 'POST', json: body });
    conversationId = started.id;
  } catch (err) {
    startError.textContent = t('startFailed', { reason: (err as Error).message });
    startError.hidden = false;
    return;
  }
  lastSeq = 0;
  log.replaceChildren();
  showTyping(false);
  conversation.dataset.conversationId = conversationId;
  startForm.hidden = true;
  conversation.hidden = false;
  setStatus('statusActive');
  setComposerEnabled(true);
  follow(conversationId);
  connection.watch();
  input.focus();
}

async function loadAccounts(): Promise<void> {
  try {
    const { account } = await fetchJson<{ account: Account[] }>(`${API}/accounts`);
    accountSelect.replaceChildren(...account.map((a) => el('option', { attrs: { value: a.id }, text: a.address ? `${a.name ?? a.id} (${a.address})` : (a.name ?? a.id) })));
    const wanted = new URLSearchParams(location.search).get('account');
    const match = account.find((a) => a.address === wanted || a.id === wanted);
    if (match) accountSelect.value = match.id;
  } catch {
    // An older emulator without the accounts list: the only account is used.
    accountSelect.replaceChildren(el('option', { attrs: { value: '', 'data-text': 'onlyAccount' }, text: t('onlyAccount') }));
  }
}

startForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void start();
});
composer.addEventListener('submit', (e) => {
  e.preventDefault();
  const text = input.value;
  if (!text.trim()) return;
  input.value = '';
  send({ text, shown: text });
});
newChat.addEventListener('click', () => {
  stream?.close();
  connection.stop();
  conversationId = undefined;
  conversation.hidden = true;
  startForm.hidden = false;
  accountSelect.focus();
});
attachButton.addEventListener('click', () => pictureInput.click());
pictureInput.addEventListener('change', () => {
  const file = pictureInput.files?.[0];
  pictureInput.value = '';
  if (file) void sendPicture(file);
  input.focus();
});
languageSelect.addEventListener('change', () => setLanguage(languageSelect.value as ChatLanguage));

const initial = chatLanguageOf(new URLSearchParams(location.search).get('lang') ?? navigator.language);
languageSelect.value = initial;
setLanguage(initial);
void loadAccounts();
