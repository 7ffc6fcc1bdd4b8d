/**
 * The API reports (API Extractor): one per entry point of package.json `exports`, committed
 * under docs/api/, so a change to the public surface shows in review.
 *
 *   npx tsx tools/apiReports.ts            check: fails when a report differs from the code, or
 *                                          an export lacks TSDoc, or a comment is not valid TSDoc
 *   npx tsx tools/apiReports.ts --update   regenerate the reports (npm run api:update)
 *
 * API Extractor reads declaration files: they are emitted afresh into dist/api-dts, apart from
 * the build's own output. Never incrementally: the order of a union's members in an emitted
 * declaration follows the compiler's type ids, which depend on what was compiled in that run, so
 * only a full emit gives the same report on a fresh clone (CI) as on a developer's machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage, type IConfigFile } from '@microsoft/api-extractor';
import { apiEntries, type ApiEntry } from './apiEntries.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DTS = join(ROOT, 'dist', 'api-dts');
const REPORTS = join(ROOT, 'docs', 'api');
const update = process.argv.includes('--update');
/** Entries named on the command line (`.`, `./pipeline`, ...): only those; none named, all. */
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
/**
 * Entries whose exports are not all documented yet: their missing comments are listed in the
 * report (as `ae-undocumented` warnings, so a new one still changes the report) instead of
 * failing the check. An entry leaves this list once it is complete, and never comes back.
 */
const DOCUMENTATION_PENDING = new Set<string>([]);

/** Emits the declarations of the library's sources (tsconfig.build.json) into DTS. */
function emitDeclarations(): void {
  rmSync(DTS, { recursive: true, force: true });
  mkdirSync(DTS, { recursive: true });
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(
    process.execPath,
    [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', DTS, '--sourceMap', 'false', '--inlineSources', 'false', '--incremental', 'false'],
    { stdio: 'inherit' },
  );
}

/** The extractor's configuration for one entry. */
function configFor(entry: ApiEntry): IConfigFile {
  return {
    projectFolder: ROOT,
    mainEntryPointFilePath: join(DTS, entry.declaration),
    compiler: {
      overrideTsconfig: {
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: ['node'], strict: true, skipLibCheck: true, esModuleInterop: true },
        files: [join(DTS, entry.declaration)],
      },
    },
    apiReport: { enabled: true, reportFolder: REPORTS, reportTempFolder: join(DTS, 'reports'), reportFileName: entry.report },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Warning },
        // The package has one release level: what an entry exports is public.
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
        // A type an export uses but no entry names: listed in the report, for review.
        'ae-forgotten-export': { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
        // Every export, and every member of one, carries TSDoc.
        'ae-undocumented': DOCUMENTATION_PENDING.has(entry.subpath) ? { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true } : { logLevel: ExtractorLogLevel.Error },
      },
      // The comments are TSDoc: a malformed tag or an unescaped character fails.
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
    },
  };
}

function main(): number {
  emitDeclarations();
  const entries = apiEntries(ROOT).filter((e) => only.length === 0 || only.includes(e.subpath));
  const configs = entries.map((entry) =>
    ExtractorConfig.prepare({ configObject: configFor(entry), configObjectFullPath: undefined, packageJsonFullPath: join(ROOT, 'package.json') }),
  );
  // One compiler program for all entries: the extractor's slowest step, done once.
  const compilerState = CompilerState.create(configs[0], { additionalEntryPoints: configs.map((c) => c.mainEntryPointFilePath) });
  let failed = 0;
  entries.forEach((entry, i) => {
    const problems: string[] = [];
    const result = Extractor.invoke(configs[i], {
      localBuild: update,
      compilerState,
      messageCallback: (message: ExtractorMessage) => {
        message.handled = true;
        if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning) problems.push(`  ${message.formatMessageWithLocation(ROOT)}`);
      },
    });
    const changed = result.apiReportChanged ? (update ? ' (report updated)' : ' (report differs: run `npm run api:update` and review the diff)') : '';
    console.log(`${result.succeeded ? 'ok  ' : 'FAIL'} ${entry.subpath} -> docs/api/${entry.report}.api.md${changed}`);
    for (const p of problems) console.log(p);
    if (!result.succeeded || (!update && result.apiReportChanged)) failed++;
  });
  return failed;
}

process.exitCode = main() > 0 ? 1 : 0;
