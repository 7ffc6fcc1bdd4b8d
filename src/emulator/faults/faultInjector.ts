/**
 * Applies the fault knobs (faultSettings.ts) to calls and callback deliveries. Each error
 * rule and the callback knobs draw from their own seeded generator, so the calls a rule picks
 * depend only on the seed and on the order of the calls that rule matches: stable tests.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError, tooManyRequests } from '../../errors/platformError.js';
import { matchesTemplate } from '../../rates/rateLookup.js';
import { faultSettingsSchema, parseSelector, type EndpointSelector, type FaultSettings, type FaultSettingsInput } from './faultSettings.js';
import { seededRandom } from './seededRandom.js';

export interface FaultCall {
  service: string;
  method: string;
  template: string;
}

interface CompiledRule<T> {
  rule: T;
  selectors: EndpointSelector[];
  random: () => number;
}

function matches(sel: EndpointSelector, call: FaultCall): boolean {
  if (sel.service !== undefined && sel.service !== call.service) return false;
  if (sel.method !== undefined && sel.method !== call.method.toUpperCase()) return false;
  return sel.path === undefined || sel.path === call.template || matchesTemplate(sel.path, call.template);
}

export class FaultInjector {
  private settings: FaultSettings = faultSettingsSchema.parse({});
  private latency: CompiledRule<FaultSettings['latency'][number]>[] = [];
  private errors: CompiledRule<FaultSettings['errors'][number]>[] = [];
  private callbackRandom = seededRandom(1);

  constructor(input: FaultSettingsInput = {}) {
    this.set(input);
  }

  /** Replaces every knob (and restarts the seeded sequences); throws a ZodError or RangeError when invalid. */
  set(input: FaultSettingsInput): FaultSettings {
    const s = faultSettingsSchema.parse(input);
    const compile = <T extends { endpoints: string[] }>(rules: T[], salt: number) =>
      rules.map((rule, i) => ({ rule, selectors: rule.endpoints.map(parseSelector), random: seededRandom(s.seed * 7919 + salt + i) }));
    this.latency = compile(s.latency, 0);
    this.errors = compile(s.errors, 1000);
    this.callbackRandom = seededRandom(s.seed * 104729 + 17);
    this.settings = s;
    return s;
  }

  get(): FaultSettings {
    return structuredClone(this.settings);
  }

  reset(): void {
    this.set({});
  }

  /** Waits the added latency of the call, then throws the injected error if one picks it. */
  async beforeCall(call: FaultCall, acceptLanguage?: string): Promise<void> {
    const delay = this.latency
      .filter((r) => r.selectors.some((s) => matches(s, call)) && (r.rule.share === undefined || r.random() < r.rule.share))
      .reduce((sum, r) => sum + r.rule.ms, 0);
    if (delay > 0) await sleep(delay);
    for (const r of this.errors) {
      if (!r.selectors.some((s) => matches(s, call))) continue;
      if (r.random() >= r.rule.share) continue;
      if (r.rule.status === 429) throw tooManyRequests(1);
      if (r.rule.status === 502) throw PlatformError.of('502-100', {}, { acceptLanguage });
      throw PlatformError.of('503-100', { reason: 'fault injected by the emulator' }, { acceptLanguage, retryAfterSeconds: 1 });
    }
  }

  /** Should this callback delivery be sent twice? */
  duplicateCallback(): boolean {
    return this.settings.callbacks.duplicateShare > 0 && this.callbackRandom() < this.settings.callbacks.duplicateShare;
  }

  /** Should this callback delivery wait and go after the next one of its conversation? */
  reorderCallback(): boolean {
    return this.settings.callbacks.reorderShare > 0 && this.callbackRandom() < this.settings.callbacks.reorderShare;
  }

  get reorderHoldMs(): number {
    return this.settings.callbacks.reorderHoldMs;
  }
}
