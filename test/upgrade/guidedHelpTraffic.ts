/**
 * Customer traffic for the rolling-upgrade test: customers walking the guided-help bot's
 * home-internet walk (greeting, topic, symptom, access type, the offered solution accepted), a
 * few at a time, each step waiting for the bot's answer before the next. Some walks pause long
 * enough for the inactivity reminder (a deadline item) to fall. What the customers said and got
 * is checked afterwards against the hub's own record (upgradeLedger.ts); here a step that gets
 * no answer is noted, never thrown, so one stall does not hide the rest.
 */
import type { HubMessage } from '../../src/schemas/hubMessages.js';
import { Customer } from '../e2e/customerClient.js';

/** One step of the walk: what the customer says and the bot message that answers it. */
export interface WalkStep {
  say: string;
  answered: (m: HubMessage) => boolean;
  /**
   * The step's turn leaves an inactivity deadline scheduled: it runs the dialog and the dialog
   * stays open. A greeting answered with the topics starts no dialog, so it schedules none.
   */
  leavesDeadline: boolean;
}

const type = (m: HubMessage) => m.type.value;
const text = (m: HubMessage) => m.content?.text ?? '';

/** The home-internet walk of the emulator's sample portal, ending in an accepted solution. */
export const HOME_INTERNET_WALK: readonly WalkStep[] = [
  { say: 'hello', answered: (m) => type(m) === 'richMessage.quickreply', leavesDeadline: false },
  { say: 'Home internet', answered: (m) => type(m) === 'richMessage.listpicker', leavesDeadline: true },
  { say: 'No connection at all', answered: (m) => type(m) === 'richMessage.quickreply', leavesDeadline: true },
  { say: 'Fibre', answered: (m) => type(m) === 'richMessage.quickreply' && /solve/i.test(text(m)), leavesDeadline: true },
  // The solution accepted: the dialog ends and its deadline is cancelled.
  { say: 'yes', answered: (m) => type(m) === 'conversation.end' || /glad|great|thank/i.test(text(m)), leavesDeadline: false },
];

/** The guided-help bot's inactivity reminder (dialogs/guidedHelp/texts/en.json). */
export const isReminder = (m: HubMessage) => /still there/i.test(text(m));

/** A step that got no answer in time: a lost message unless the hub's record says otherwise. */
export interface Stall {
  conversationId: string;
  said: string;
  waitedFor: string;
  error: string;
}

export interface TrafficOptions {
  emulatorUrl: string;
  accountAddress: string;
  /** How long a step may wait for its answer (drains and the hub's redelivery included). */
  stepTimeoutMs: number;
  /** How long a paused customer waits for the reminder, at most. */
  reminderTimeoutMs: number;
}

/** The bot messages a customer got after the first `before` (typing indicators left out). */
function repliesSince(c: Customer, before: number): HubMessage[] {
  return c.received.filter((e) => e.message && e.message.sender.type !== 'customer' && !type(e.message).startsWith('typing.')).slice(before).map((e) => e.message!);
}

function botMessageCount(c: Customer): number {
  return repliesSince(c, 0).length;
}

/** One customer's conversation, walked a step at a time. */
export class Walker {
  private next = 0;

  private constructor(
    readonly customer: Customer,
    private readonly opts: TrafficOptions,
    private readonly stalls: Stall[],
  ) {}

  /** Opens a conversation; resolves once the bot has greeted (the greeting is no answer to the first step). */
  static async open(opts: TrafficOptions, stalls: Stall[], name: string): Promise<Walker> {
    const w = new Walker(await Customer.start(opts.emulatorUrl, opts.accountAddress, { id: name }), opts, stalls);
    await w.waitAfter(0, '(nothing: the conversation opened)', () => true, 'the greeting', opts.stepTimeoutMs);
    return w;
  }

  get conversationId(): string {
    return this.customer.conversationId;
  }

  /** Steps said so far. */
  get taken(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= HOME_INTERNET_WALK.length;
  }

  /** Says the next step and waits for its answer; false when it got none (noted as a stall). */
  async step(): Promise<boolean> {
    const step = HOME_INTERNET_WALK[this.next++];
    return this.sayAndWait(step.say, step.answered, `an answer to "${step.say}"`, this.opts.stepTimeoutMs);
  }

  /** Waits, saying nothing, for the inactivity reminder; false when it did not come (a stall). */
  async awaitReminder(): Promise<boolean> {
    return this.waitAfter(botMessageCount(this.customer), '(nothing: waiting for the reminder)', isReminder, 'the inactivity reminder', this.opts.reminderTimeoutMs);
  }

  private async sayAndWait(say: string, answered: (m: HubMessage) => boolean, what: string, timeoutMs: number): Promise<boolean> {
    const before = botMessageCount(this.customer);
    try {
      await this.customer.say(say);
    } catch (err) {
      this.stalls.push({ conversationId: this.conversationId, said: say, waitedFor: 'the hub to take the message', error: (err as Error).message });
      return false;
    }
    return this.waitAfter(before, say, answered, what, timeoutMs);
  }

  private async waitAfter(before: number, said: string, match: (m: HubMessage) => boolean, what: string, timeoutMs: number): Promise<boolean> {
    try {
      await this.customer.waitFor(() => repliesSince(this.customer, before).some(match), timeoutMs);
      return true;
    } catch (err) {
      this.stalls.push({ conversationId: this.conversationId, said, waitedFor: what, error: (err as Error).message.slice(0, 600) });
      return false;
    }
  }
}

/**
 * A few customers walking, one new conversation after another, until `stop()`; every
 * `pauseEvery`-th walk waits for the reminder halfway. `stop()` resolves once each has finished
 * the step it was on.
 */
export class Trickle {
  readonly walkers: Walker[] = [];
  readonly stalls: Stall[] = [];
  private stopping = false;
  private readonly loops: Promise<void>[] = [];
  private walks = 0;
  private readonly stepListeners = new Set<() => void>();
  answeredSteps = 0;

  constructor(
    private readonly opts: TrafficOptions & { customers: number; pauseEvery: number; pauseMs: () => number },
  ) {}

  start(): void {
    for (let i = 0; i < this.opts.customers; i++) this.loops.push(this.loop(i));
  }

  /**
   * Resolves once `n` more steps have been answered, or a customer got no answer (the count at
   * the end says which), or the trickle stopped: a test that waits never hangs on a stall.
   */
  stepsAnswered(n: number): Promise<void> {
    const target = this.answeredSteps + n;
    return new Promise((resolve) => {
      const on = () => {
        if (this.answeredSteps < target && !this.stopping && this.stalls.length === 0) return;
        this.stepListeners.delete(on);
        resolve();
      };
      this.stepListeners.add(on);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const l of [...this.stepListeners]) l();
    await Promise.all(this.loops);
  }

  private async loop(customer: number): Promise<void> {
    try {
      await this.walk(customer);
    } finally {
      // A customer left waiting ends its loop: whoever waits for steps hears it.
      for (const l of [...this.stepListeners]) l();
    }
  }

  private async walk(customer: number): Promise<void> {
    while (!this.stopping) {
      const walk = ++this.walks;
      const w = await Walker.open(this.opts, this.stalls, `walker-${customer + 1}-${walk}`);
      this.walkers.push(w);
      const pauseAt = walk % this.opts.pauseEvery === 0 ? 2 : -1;
      while (!w.done && !this.stopping) {
        if (!(await w.step())) return;
        this.answeredSteps++;
        for (const l of [...this.stepListeners]) l();
        if (pauseAt === w.taken && !(await w.awaitReminder())) return;
        await new Promise((r) => setTimeout(r, this.opts.pauseMs()));
      }
    }
  }
}
