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

export function memoryTracing(): MemoryTracing {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  before(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
  });
  after(async () => {
    trace.disable();
    context.disable();
    await provider.shutdown();
  });
  return { spans: () => exporter.getFinishedSpans(), reset: () => exporter.reset() };
}

/** A span's parent span id (the SDK's 2.x shape). */
export function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}
