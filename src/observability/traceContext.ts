/**
 * The shapes of the pipeline's tracing (src/observability/tracing.ts), apart from it: they are
 * part of public declarations (a platform call's parent), and must not name `@opentelemetry/api`,
 * which a consumer may not have installed.
 */

/** A trace context to start spans under (opaque: an OpenTelemetry Context when tracing is on). */
export interface TraceContext {
  /** Never set: it only keeps other objects from passing for a trace context. */
  readonly __traceContext?: never;
}

/** Attribute values kept on spans: identifiers, counts, codes, never customer text. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** How a span is started. */
export interface SpanStart {
  /** Its parent; default the active context (the caller's async context); null: a new trace. */
  parent?: TraceContext | null;
  /** OpenTelemetry's span kind; default internal. */
  kind?: 'server' | 'client' | 'consumer' | 'producer' | 'internal';
  /** When it started (ms since the epoch), for a span recorded after the fact. */
  startTime?: number;
  /** Further contexts it belongs to (a POST carrying replies of several turns). */
  links?: readonly (TraceContext | undefined)[];
  /** Its attributes at the start. */
  attributes?: SpanAttributes;
}

/** A started span and the context that has it as parent of later spans. */
export interface PipelineSpan {
  /** The context with this span active: start children under it. */
  readonly context: TraceContext | undefined;
  /** Whether the span records (a tracer provider is registered and sampled it). */
  readonly recording: boolean;
  /** Adds attributes. */
  set(attributes: SpanAttributes): void;
  /** Ends it as failed: status error, the error's name (never its message, which may quote a customer). */
  fail(err: unknown, at?: number): void;
  /** Ends it. */
  end(at?: number): void;
}

