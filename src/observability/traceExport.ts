/**
 * Sends the pipeline's spans (tracing.ts) to an OpenTelemetry collector over OTLP/HTTP, when the
 * configuration names one (OTEL_EXPORTER_OTLP_ENDPOINT). The OpenTelemetry packages are optional:
 * they are imported only then, and a server configured for traces without them refuses to start
 * with one line saying what to install, rather than running without the traces it was asked for.
 *
 * A process that already registered its own tracer provider (an application with the
 * OpenTelemetry Node SDK) keeps it: the spans go wherever it sends them, and nothing is added.
 * Several servers in one process (tests, a replica per tenant) share one registration.
 */
import { createRequire } from 'node:module';

/** What must be installed to export traces. */
export const TRACE_EXPORT_PACKAGES = [
  '@opentelemetry/api',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/resources',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/exporter-trace-otlp-http',
] as const;

/**
 * The packages of `TRACE_EXPORT_PACKAGES` that cannot be found from here.
 *
 * @param resolve - how a package is looked up (a `require.resolve`)
 */
export function missingTracePackages(resolve: (id: string) => string = createRequire(import.meta.url).resolve): string[] {
  return TRACE_EXPORT_PACKAGES.filter((id) => {
    try {
      resolve(id);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * The configuration problem of traces asked for without the packages to send them, in one line;
 * undefined when there is none.
 *
 * @param endpoint - OTEL_EXPORTER_OTLP_ENDPOINT
 * @param missing - the packages missing
 */
export function traceExportProblem(endpoint: string | undefined, missing: () => string[] = missingTracePackages): string | undefined {
  if (!endpoint) return undefined;
  const absent = missing();
  if (absent.length === 0) return undefined;
  return `OTEL_EXPORTER_OTLP_ENDPOINT: traces need ${absent.join(', ')}, not installed (npm install ${absent.join(' ')}), or unset it`;
}

/** A running export; `stop` flushes what is left and, for the last server of the process, unregisters. */
export interface TraceExport {
  /** Where spans are sent. */
  readonly url: string;
  /** Whether this process's tracer provider is ours (false: the application registered its own). */
  readonly registered: boolean;
  /** Flushes and, when no other server shares it, shuts the export down. */
  stop(): Promise<void>;
}

let shared: { url: string; users: number; registered: boolean; shutdown: () => Promise<void>; flush: () => Promise<void> } | undefined;

/**
 * Registers a tracer provider exporting to `<endpoint>/v1/traces` over OTLP/HTTP (batched), and
 * an AsyncLocalStorage context manager, unless the process already has its own.
 *
 * @param opts - the collector's base URL and the service.name of the spans
 */
export async function startTraceExport(opts: { endpoint: string; serviceName: string }): Promise<TraceExport> {
  const url = `${opts.endpoint.replace(/\/+$/, '')}/v1/traces`;
  if (!shared) {
    const [api, base, resources, hooks, otlp] = await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/exporter-trace-otlp-http'),
    ]);
    const provider = new base.BasicTracerProvider({
      resource: resources.resourceFromAttributes({ 'service.name': opts.serviceName }),
      spanProcessors: [new base.BatchSpanProcessor(new otlp.OTLPTraceExporter({ url }))],
    });
    const contextManager = new hooks.AsyncLocalStorageContextManager().enable();
    const ownsContext = api.context.setGlobalContextManager(contextManager);
    const registered = api.trace.setGlobalTracerProvider(provider);
    shared = {
      url,
      users: 0,
      registered,
      flush: () => provider.forceFlush(),
      shutdown: async () => {
        if (registered) api.trace.disable();
        if (ownsContext) api.context.disable();
        else contextManager.disable();
        await provider.shutdown();
      },
    };
  }
  const mine = shared;
  mine.users += 1;
  let stopped = false;
  return {
    url: mine.url,
    registered: mine.registered,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      mine.users -= 1;
      if (mine.users > 0) return mine.flush();
      if (shared === mine) shared = undefined;
      await mine.shutdown();
    },
  };
}
