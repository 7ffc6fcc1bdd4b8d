/**
 * The OpenTelemetry SDK's in-memory exporter as this process's tracer provider, with the
 * AsyncLocalStorage context manager, for the tests of the pipeline's spans (O4). Call inside a
 * describe: it registers before and unregisters after, so other test files run without tracing.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

export interface MemoryTracing {
  /** The spans ended so far. */
  spans(): ReadableSpan[];
  reset(): void;
}

/**
 * One provider for the whole test process. The Agents SDK takes its tracer once, from the tracer
 * provider registered when it first traces, and keeps it: its spans reach this exporter when this
 * is the first provider the process registers (mocha's file order makes the two-replica [O4]
 * test the first), not after another file registered and unregistered its own.
 */
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

export function memoryTracing(): MemoryTracing {
  before(() => {
    exporter.reset();
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
  });
  after(() => {
    trace.disable();
    context.disable();
    exporter.reset();
  });
  return { spans: () => exporter.getFinishedSpans(), reset: () => exporter.reset() };
}

/** A span's parent span id (the SDK's 2.x shape). */
export function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}
