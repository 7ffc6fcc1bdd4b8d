import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadApi, startSpan, traceContextOf, traceparentOf, withTraceContext } from '../../src/observability/tracing.js';
import { MemoryInbox } from '../../src/adapter/inbox/memoryInbox.js';
import { ProactiveTurns } from '../../src/adapter/proactiveTurns.js';
import { waitFor } from '../support/waitFor.js';
import { missingTracePackages, traceExportProblem, TRACE_EXPORT_PACKAGES } from '../../src/observability/traceExport.js';
import { loadConfig } from '../../src/config/config.js';
import { serverConfigProblems } from '../../src/server/serverConfigProblems.js';
import { oneTracedCallback, type TracedCallbackResult } from './oneTracedCallback.js';
import { memoryTracing } from '../support/memoryTracing.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Runs oneTracedCallback in a process where `require('@opentelemetry/api')` fails, as when it is not installed. */
async function withoutOtelApi(): Promise<TracedCallbackResult> {
  const child = spawn(process.execPath, ['--require', here('../support/hideOtelApi.cjs'), '--import', 'tsx', here('./oneTracedCallback.ts')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the script failed (${code}): ${err}`);
  return JSON.parse(out) as TracedCallbackResult;
}

describe('tracing is optional', () => {
  it('[O4] without @opentelemetry/api installed, a callback is acknowledged and its turn runs, with no span and no trace context stored', async () => {
    const r = await withoutOtelApi();
    expect(r).to.deep.include({ available: false, status: 200, turnContext: false, spanRecording: false, parsedContext: false });
    expect(r.stored).to.not.have.property('traceparent');
  });

  it('[O4] with the API but no tracer provider registered, nothing records and nothing is stored with the item', async () => {
    const r = await oneTracedCallback();
    expect(r).to.deep.include({ available: true, status: 200, turnContext: false, spanRecording: false });
    expect(r.stored.traceparent).to.equal(undefined);
  });

  it('[O4] a module that fails to load is tracing off, not a failure', () => {
    expect(loadApi(() => { throw Object.assign(new Error('Cannot find module'), { code: 'MODULE_NOT_FOUND' }); })).to.equal(undefined);
    expect(loadApi(() => ({ trace: {} }))).to.deep.equal({ trace: {} });
  });

  it('[O4] a stored trace context that is missing or unreadable is no parent, never an error (items of older versions run as they are)', () => {
    for (const stored of [undefined, '', 'garbage', '00-00000000000000000000000000000000-b7ad6b7169203331-01', 42]) expect(traceContextOf(stored)).to.equal(undefined);
    expect(traceContextOf('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).to.not.equal(undefined);
  });

  describe('with a tracer provider', () => {
    memoryTracing();
    it('[O4] the callback\'s traceparent is stored with the item, and the turn runs in that trace', async () => {
      const r = await oneTracedCallback();
      expect(r).to.deep.include({ available: true, status: 200, turnContext: true, spanRecording: true, parsedContext: true });
      expect(r.stored.traceparent).to.match(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    });

    it('[O4] a proactive turn asked for inside a trace (a webhook event\'s) is recorded with that trace\'s context', async () => {
      const inbox = new MemoryInbox();
      const span = startSpan('caller');
      void withTraceContext(span.context, () => new ProactiveTurns().enqueue(inbox, 'conv-p', { conversation: { id: 'conv-p' } } as never, async () => undefined)).catch(() => undefined);
      const claim = await waitFor(() => inbox.claim('w', 1000), 'the proactive item');
      span.end();
      expect(claim.item.kind).to.equal('proactive');
      expect(claim.item.traceparent).to.equal(traceparentOf(span.context)).and.to.be.a('string');
      await inbox.close();
    });
  });

  it('[O4] traces configured without the packages to send them: one line naming what to install', () => {
    const problem = traceExportProblem('http://127.0.0.1:4318', () => ['@opentelemetry/sdk-trace-base']);
    expect(problem).to.equal('OTEL_EXPORTER_OTLP_ENDPOINT: traces need @opentelemetry/sdk-trace-base, not installed (npm install @opentelemetry/sdk-trace-base), or unset it');
    expect(traceExportProblem(undefined, () => ['@opentelemetry/api'])).to.equal(undefined);
    const hidden = missingTracePackages((id) => {
      if (id === '@opentelemetry/exporter-trace-otlp-http') throw new Error('Cannot find module');
      return id;
    });
    expect(hidden).to.deep.equal(['@opentelemetry/exporter-trace-otlp-http']);
    // Here every package is installed (devDependencies): the server's configuration has no such problem.
    expect(missingTracePackages()).to.deep.equal([]);
    expect(TRACE_EXPORT_PACKAGES).to.include('@opentelemetry/api');
    const cfg = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(serverConfigProblems(cfg, { listen: false, platformCredentials: false }).filter((p) => p.startsWith('OTEL'))).to.deep.equal([]);
  });
});
