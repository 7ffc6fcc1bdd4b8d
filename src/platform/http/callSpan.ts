/**
 * The span of one platform call (O4): from the call's start (token and rate slot waits included)
 * to its answer, retries and token refreshes inside it. It is opened when the rate slot is
 * granted, dated back to the start, because only then is the parent of a batched call known
 * (`RequestSpec.traceParent`: the outbox's POST, whose batch is taken at the slot).
 * Attributes name the service, method, path template and operation, never the path (it carries
 * ids and, for signed URLs, credentials) nor a body.
 */
import { PlatformError } from '../../errors/platformError.js';
import { activeTraceContext, startSpan, type PipelineSpan, type TraceContext } from '../../observability/tracing.js';
import type { RequestSpec } from './types.js';

export class CallSpan {
  private readonly startedAt = Date.now();
  private readonly caller: TraceContext | undefined = activeTraceContext();
  private span?: PipelineSpan;
  private retries = 0;
  private waitedMs = 0;

  constructor(private readonly spec: RequestSpec) {}

  /** The rate slot was granted after `waitedMs`: the span opens, under its parent. */
  atSlot(waitedMs: number): void {
    this.waitedMs += waitedMs;
    this.open();
  }

  /** The call is repeated (backoff, or a token refresh after a 401). */
  repeated(): void {
    this.retries += 1;
  }

  /** It was answered in 2xx. */
  answered(status: number): void {
    this.open().set({ 'http.response.status_code': status, ...this.counts() });
    this.open().end();
  }

  /** It failed: the platform's status and error code when it answered, the error's name otherwise. */
  failed(err: unknown): void {
    const span = this.open();
    if (err instanceof PlatformError) span.set({ 'http.response.status_code': err.status, 'hubbot.platform.error_code': err.code });
    span.set(this.counts());
    span.fail(err);
  }

  private counts() {
    return { 'hubbot.platform.retries': this.retries, 'hubbot.platform.slot_wait_ms': this.waitedMs };
  }

  private open(): PipelineSpan {
    const { spec } = this;
    this.span ??= startSpan('hubbot.platform.call', {
      kind: 'client',
      parent: spec.traceParent?.() ?? this.caller,
      startTime: this.startedAt,
      attributes: {
        'hubbot.platform.service': spec.service,
        'http.request.method': spec.method,
        'url.template': spec.template,
        'hubbot.platform.operation': spec.operation,
        'hubbot.platform.signed_url': spec.signedUrl !== undefined,
      },
    });
    return this.span;
  }
}
