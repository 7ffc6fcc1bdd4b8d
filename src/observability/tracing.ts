/**
 * OpenTelemetry spans of the turn pipeline (O4), through `@opentelemetry/api` when it is
 * installed. It is an optional peer dependency: it is loaded once, on first use, with a guarded
 * `require`; without it every call here is a no-op on shared objects (no allocation per span),
 * and nothing fails. With it installed but no tracer provider registered, the API is itself a
 * no-op, and so are these calls: a span that does not record gives no trace context to store.
 *
 * The trace context crosses replicas as a W3C `traceparent` string kept with the inbox item;
 * it is formatted and read here, so no propagator needs to be registered for it.
 *
 * Attributes are identifiers, counts, codes and times only: never a customer's text (S13).
 */
import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';
import type { PipelineSpan, SpanAttributes, SpanStart, TraceContext } from './traceContext.js';

export type { PipelineSpan, SpanAttributes, SpanStart, TraceContext } from './traceContext.js';

type Api = typeof OtelApi;

/** The tracer's name: this package's, so a collector can tell its spans from the Agents SDK's. */
export const TRACER_NAME = 'botbuilder-adapter-conversation-hub';

const NOOP_SPAN: PipelineSpan = { context: undefined, recording: false, set() {}, fail() {}, end() {} };

let loaded: { api: Api | undefined } | undefined;

/** The API once loaded; undefined when it is not installed (remembered: one attempt per process). */
function api(): Api | undefined {
  if (!loaded) loaded = { api: loadApi(createRequire(import.meta.url)) };
  return loaded.api;
}

/**
 * Loads `@opentelemetry/api` with `load`; undefined when the package is not installed, or when it
 * fails to load (tracing is never a reason for the bot to fail).
 *
 * @param load - the module loader (a `require`)
 */
export function loadApi(load: (id: string) => unknown): Api | undefined {
  try {
    return load('@opentelemetry/api') as Api;
  } catch {
    return undefined;
  }
}

/** Whether `@opentelemetry/api` could be loaded in this process. */
export function tracingAvailable(): boolean {
  return api() !== undefined;
}

/** The caller's active trace context; undefined without the API. */
export function activeTraceContext(): TraceContext | undefined {
  return api()?.context.active() as TraceContext | undefined;
}

/**
 * Starts a span. Without the API, or with a parent that does not record and no tracer provider,
 * the span is the shared no-op one.
 *
 * @param name - the span's name (docs/operations.md lists them)
 * @param start - parent, kind, start time, links and attributes
 */
export function startSpan(name: string, start: SpanStart = {}): PipelineSpan {
  const otel = api();
  if (!otel) return NOOP_SPAN;
  const tracer = tracerOf(otel);
  // No tracer provider registered: the API's tracer makes only spans that do not record, which
  // end as the no-op span below; known before building the span's options (several per turn).
  if (!tracer) return NOOP_SPAN;
  const parent = start.parent === null ? otel.ROOT_CONTEXT : ((start.parent as OtelApi.Context | undefined) ?? otel.context.active());
  const links: OtelApi.Link[] = [];
  for (const linked of start.links ?? []) {
    const sc = linked && otel.trace.getSpanContext(linked as OtelApi.Context);
    if (sc && otel.trace.isSpanContextValid(sc)) links.push({ context: sc });
  }
  const span = tracer.startSpan(name, { kind: kindOf(otel, start.kind), startTime: start.startTime, links, attributes: defined(start.attributes) }, parent);
  if (!span.isRecording()) {
    span.end();
    return NOOP_SPAN;
  }
  return {
    context: otel.trace.setSpan(parent, span) as TraceContext,
    recording: true,
    set: (attributes) => span.setAttributes(defined(attributes)),
    fail: (err, at) => {
      const name = err instanceof Error ? err.name : typeof err;
      const code = (err as { code?: unknown } | undefined)?.code;
      span.setAttributes(defined({ 'error.type': typeof code === 'string' ? code : name }));
      span.setStatus({ code: otel.SpanStatusCode.ERROR, message: name });
      span.end(at);
    },
    end: (at) => span.end(at),
  };
}

/**
 * Runs `fn` with `context` active, so spans started inside (this package's and the Agents
 * SDK's) are its children; `fn` as it is without the API or a context.
 *
 * @param context - the context to make active
 * @param fn - what to run in it
 */
export function withTraceContext<T>(context: TraceContext | undefined, fn: () => T): T {
  const otel = context && api();
  return otel ? otel.context.with(context as OtelApi.Context, fn) : fn();
}

/**
 * Runs `fn` in a new span, ended when `fn` settles (failed when it throws).
 *
 * @param name - the span's name
 * @param start - parent, kind and attributes
 * @param fn - the work, given the span (to add attributes)
 */
export async function inSpan<T>(name: string, start: SpanStart, fn: (span: PipelineSpan) => Promise<T>): Promise<T> {
  const span = startSpan(name, start);
  if (!span.recording) return fn(span);
  try {
    const result = await withTraceContext(span.context, () => fn(span));
    span.end();
    return result;
  } catch (err) {
    span.fail(err);
    throw err;
  }
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The W3C `traceparent` of the span active in `context` (version 00); undefined when there is
 * none or it is not valid (tracing off: nothing is stored with the inbox item).
 *
 * @param context - the context whose span is named
 */
export function traceparentOf(context: TraceContext | undefined): string | undefined {
  const otel = context && api();
  const sc = otel?.trace.getSpanContext(context as OtelApi.Context);
  if (!otel || !sc || !otel.trace.isSpanContextValid(sc)) return undefined;
  return `00-${sc.traceId}-${sc.spanId}-${(sc.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/**
 * The remote context a W3C `traceparent` names, as the parent of spans on this replica;
 * undefined for anything else (an item stored before trace contexts were kept has none).
 *
 * @param traceparent - the stored or received `traceparent`
 */
export function traceContextOf(traceparent: unknown): TraceContext | undefined {
  const otel = typeof traceparent === 'string' ? api() : undefined;
  const m = otel && TRACEPARENT.exec((traceparent as string).trim().toLowerCase());
  if (!otel || !m) return undefined;
  const sc: OtelApi.SpanContext = { traceId: m[1], spanId: m[2], traceFlags: parseInt(m[3], 16), isRemote: true };
  if (!otel.trace.isSpanContextValid(sc)) return undefined;
  return otel.trace.setSpanContext(otel.ROOT_CONTEXT, sc) as TraceContext;
}

/**
 * This package's tracer, asked of the provider once per provider rather than per span: every
 * turn starts several spans, and `getTracer` builds a tracer object each time on the API's proxy
 * provider. A provider registered (or replaced) later is a different object: asked again then.
 * Undefined while no provider is registered (the API's proxy has nothing to delegate to).
 */
let tracer: { provider: OtelApi.TracerProvider; tracer: OtelApi.Tracer } | undefined;
function tracerOf(otel: Api): OtelApi.Tracer | undefined {
  const provider = otel.trace.getTracerProvider();
  if (provider instanceof otel.ProxyTracerProvider && provider.getDelegateTracer(TRACER_NAME) === undefined) return undefined;
  if (tracer?.provider !== provider) tracer = { provider, tracer: provider.getTracer(TRACER_NAME) };
  return tracer.tracer;
}

function kindOf(otel: Api, kind: SpanStart['kind']): OtelApi.SpanKind {
  switch (kind) {
    case 'server':
      return otel.SpanKind.SERVER;
    case 'client':
      return otel.SpanKind.CLIENT;
    case 'consumer':
      return otel.SpanKind.CONSUMER;
    case 'producer':
      return otel.SpanKind.PRODUCER;
    default:
      return otel.SpanKind.INTERNAL;
  }
}

function defined(attributes: SpanAttributes | undefined): OtelApi.Attributes {
  const out: OtelApi.Attributes = {};
  for (const k in attributes) {
    const v = attributes[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}
