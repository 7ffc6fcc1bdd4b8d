/**
 * End-to-end harness of the guided-help bot: the emulator's portal part over the shipped
 * casebases plus a "question formats" casebase (909, test/bots/data) where each format is asked
 * alone, the real portal manager client with one customer token per customer (portal sessions
 * belong to the token's subject), and a chat that talks to a bot through botbuilder's
 * TestAdapter with unique activity ids, as hub messages have.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestAdapter, type Activity, type ActivityHandler } from 'botbuilder-core';
import { PortalManagerGuidedHelpPortal } from '../../dialogs/guidedHelp/portalManagerGuidedHelpPortal.js';
import { DefaultGuidedHelpRenderer, type GuidedHelpRenderer } from '../../dialogs/guidedHelp/guidedHelpRenderer.js';
import type { GuidedHelpOutput } from '../../dialogs/guidedHelp/guidedHelpTypes.js';
import { knowledgeParts } from '../../src/emulator/portal/knowledgeParts.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/startEmulator.js';
import { StaticTokenProvider } from '../../src/platform/auth/staticTokenProvider.js';
import { createPlatformHttpCore } from '../../src/platform/http/platformHttpCore.js';
import { PortalManagerClient } from '../../src/platform/portal/portalManagerClient.js';

const here = dirname(fileURLToPath(import.meta.url));
export const PORTAL_ID = 'KP-10001';
export const FORMATS_CASEBASE = '909';

export interface Harness {
  emu: RunningEmulator;
  /** A portal port whose calls carry this customer's token. */
  portalFor(customerId: string): PortalManagerGuidedHelpPortal;
  /** Portal calls the emulator answered, e.g. ('PUT', '/gh/search'). */
  calls(method: string, pathEnd: string): number;
  /** Accept and reject calls as the emulator recorded them. */
  feedback(): { verb: string; caseId: string; sessionClosed: boolean }[];
  stop(): Promise<void>;
}

function knowledgeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'guided-help-kb-'));
  cpSync(join(here, '../../src/emulator/portal/data'), dir, { recursive: true });
  cpSync(join(here, 'data/formatsCasebase.json'), join(dir, 'casebases/formats.json'));
  const portalsFile = join(dir, 'portals.json');
  const portals = JSON.parse(readFileSync(portalsFile, 'utf8')) as { portals: { id: string; casebaseIds: string[] }[] };
  portals.portals.find((p) => p.id === PORTAL_ID)!.casebaseIds.push(FORMATS_CASEBASE);
  writeFileSync(portalsFile, JSON.stringify(portals));
  return dir;
}

export async function startHarness(): Promise<Harness> {
  const dir = knowledgeDir();
  const emu = await startEmulator({ plan: { name: 'custom', defaultRate: 10_000 }, rateBurst: 1000, parts: knowledgeParts({ dataDir: dir }) });
  const tokens = new Map<string, string>();
  return {
    emu,
    portalFor(customerId) {
      if (!tokens.has(customerId)) tokens.set(customerId, emu.tokenFor({ subject: { kind: 'customer', id: customerId } }));
      const core = createPlatformHttpCore({
        baseUrl: emu.url,
        tenant: 'guided-help-test',
        customRates: { name: 'custom', defaultRate: 100_000 },
        tokenProvider: new StaticTokenProvider(tokens.get(customerId)!),
        sleep: () => Promise.resolve(),
      });
      return new PortalManagerGuidedHelpPortal(new PortalManagerClient(core, PORTAL_ID));
    },
    calls: (method, pathEnd) =>
      emu.services.log.list({ kind: 'call' }).filter((e) => e.method === method && String(e.path).startsWith('/knowledge/portalmgr/v4') && String(e.path).endsWith(pathEnd)).length,
    feedback: () => emu.services.log.list({ kind: 'portal.feedback' }).map((e) => ({ verb: String(e.verb), caseId: String(e.caseId), sessionClosed: e.sessionClosed === true })),
    async stop() {
      await emu.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The default renderer, recording the machine's outputs so tests can read what was asked. */
export class RecordingRenderer implements GuidedHelpRenderer {
  readonly outputs: GuidedHelpOutput[] = [];
  private readonly inner = new DefaultGuidedHelpRenderer();
  render(output: GuidedHelpOutput, locale: string): Partial<Activity>[] {
    this.outputs.push(output);
    return this.inner.render(output, locale);
  }
  /** Formats of the questions asked, in order. */
  askedFormats(): string[] {
    return this.outputs.flatMap((o) => (o.type === 'ask' ? [o.question.format] : []));
  }
}

/** One customer's conversation; the bot behind it can be replaced (another replica). */
export class Chat {
  private adapter!: TestAdapter;
  private n = 0;
  constructor(
    bot: ActivityHandler,
    readonly opts: { conversationId: string; locale?: string },
  ) {
    this.use(bot);
  }

  use(bot: ActivityHandler): void {
    this.adapter = new TestAdapter((ctx) => bot.run(ctx));
    this.adapter.conversation.conversation.id = this.opts.conversationId;
  }

  /** Sends a message (a fresh activity id unless `id` is given) and returns the bot's replies. */
  async say(text: string, extra: Partial<Activity> = {}): Promise<Partial<Activity>[]> {
    const id = extra.id ?? `${this.opts.conversationId}-m${++this.n}`;
    await this.adapter.send({ type: 'message', text, locale: this.opts.locale ?? 'en-US', ...extra, id } as Partial<Activity>);
    return this.adapter.activeQueue.splice(0);
  }

  /** Runs one activity of another kind (an event) and returns the replies. */
  async send(activity: Partial<Activity>): Promise<Partial<Activity>[]> {
    await this.adapter.processActivity({ locale: this.opts.locale ?? 'en-US', ...activity } as Activity);
    return this.adapter.activeQueue.splice(0);
  }
}

export const texts = (activities: Partial<Activity>[]) => activities.map((a) => a.text ?? '').join('\n');
