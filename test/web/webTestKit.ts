/**
 * What the web tests share: Debian's Chromium driven by playwright-core (installed first when
 * missing), and a small driver of the chat page that acts as a person would — through labels,
 * roles and the keyboard, not through the page's internals.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../cli/localStack.js';
import { createLogger } from '../../src/observability/logger.js';
import { CHROMIUM_ARGS, ensureChromium } from './ensureChromium.js';

/** Installing Chromium on a fresh machine takes a while; launching it, a few seconds. */
export const BROWSER_SETUP_TIMEOUT_MS = 15 * 60_000;

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const REPORTS_DIR = join(root, 'reports');
export const DOCS_DIR = join(root, 'docs');

export async function launchBrowser(): Promise<Browser> {
  const executablePath = await ensureChromium();
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export async function newContext(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, acceptDownloads: true, locale: 'en-US', reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  return context;
}

export async function screenshot(page: Page, path: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await page.screenshot({ path });
  return path;
}

/** What a browser test works with; browser and stack last the describe, the rest is new for each test. */
export interface WebRig {
  browser: Browser;
  stack: LocalStack;
  context: BrowserContext;
  /** The context's first page. */
  page: Page;
  /** The chat page on `page` (opened when `openChat`). */
  chat: ChatPage;
}

export interface WebRigOptions {
  viewport?: { width: number; height: number };
  /** Open the chat page before each test. */
  openChat?: boolean;
  /** Run after each test before its context closes (e.g. clearing the emulator's faults). */
  beforeClose?: () => Promise<unknown>;
}

/**
 * The set-up every browser test repeats (call it inside the describe): one browser and one
 * local stack (silent logger unless given) for the describe, the browser's own long timeout
 * for the first run that may install Chromium; a fresh context and page for each test, closed
 * after it, so tests do not see each other's state.
 */
export function webRig(stackOptions: LocalStackOptions, each: WebRigOptions = {}): WebRig {
  const rig = {} as WebRig;
  before(async function () {
    this.timeout(BROWSER_SETUP_TIMEOUT_MS);
    rig.browser = await launchBrowser();
    rig.stack = await startLocalStack({ logger: createLogger({ level: 'silent' }), ...stackOptions });
  });
  after(async () => {
    await rig.browser?.close();
    await rig.stack?.stop();
  });
  beforeEach(async () => {
    rig.context = await newContext(rig.browser, each.viewport);
    rig.page = await rig.context.newPage();
    rig.chat = new ChatPage(rig.page, rig.stack.emulator.url);
    if (each.openChat) await rig.chat.open();
  });
  afterEach(async () => {
    await each.beforeClose?.();
    await rig.context?.close();
  });
  return rig;
}

/** The chat page, driven as a customer would drive it. */
export class ChatPage {
  constructor(
    readonly page: Page,
    readonly emulatorUrl: string,
  ) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.emulatorUrl}/chat${query}`);
    await this.page.locator('#account option').first().waitFor({ state: 'attached' });
  }

  /** Starts a conversation with the start button; returns its id. */
  async start(): Promise<string> {
    await this.page.getByRole('button', { name: /Start chat|Commencer/ }).click();
    await this.page.locator('#conversation').waitFor({ state: 'visible' });
    return (await this.page.locator('#conversation').getAttribute('data-conversation-id')) ?? '';
  }

  get input(): Locator {
    return this.page.getByRole('textbox', { name: /^Message$/ });
  }

  get log(): Locator {
    return this.page.getByRole('log');
  }

  /** Types a message and sends it with Enter. */
  async say(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Enter');
  }

  /** Bot (or agent) messages whose text matches. */
  botMessages(text?: string | RegExp): Locator {
    const all = this.log.locator('li.msg.bot, li.msg.agent');
    return text === undefined ? all : all.filter({ hasText: text });
  }

  /** Waits for the newest bot message matching `text` and returns it. */
  async waitForBot(text: string | RegExp, timeout?: number): Promise<Locator> {
    const m = this.botMessages(text).last();
    await m.waitFor({ state: 'visible', ...(timeout ? { timeout } : {}) });
    return m;
  }

  /** The customer's own messages as shown. */
  async mine(): Promise<string[]> {
    return this.log.locator('li.msg.you .bubble').allTextContents();
  }

  /** Bot texts in order (rich messages' text included). */
  async botTexts(): Promise<string[]> {
    return this.log.locator('li.msg.bot .bubble').allTextContents();
  }
}
