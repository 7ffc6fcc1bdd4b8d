/**
 * The rules deploy/Dockerfile must keep (M3), read from its parsed instructions (dockerfile-ast)
 * rather than from its text, so a reformatted file is judged the same. Each rule returns what
 * breaks it; an empty list means the file keeps them all.
 */
import { DockerfileParser, type Dockerfile, type Instruction, type JSONInstruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { posix } from 'node:path';

/** The stages of the file, each with its instructions after its FROM. */
function stages(file: Dockerfile): { name?: string; image: string; instructions: Instruction[] }[] {
  return file.getFROMs().map((from, i, froms) => {
    const start = from.getRange().start.line;
    const end = froms[i + 1]?.getRange().start.line ?? Number.POSITIVE_INFINITY;
    return {
      name: from.getBuildStage() ?? undefined,
      image: from.getImage() ?? '',
      instructions: file.getInstructions().filter((ins) => ins.getRange().start.line > start && ins.getRange().start.line < end),
    };
  });
}

const jsonArgs = (ins: Instruction): string[] | undefined => {
  const strings = (ins as Partial<JSONInstruction>).getJSONStrings?.();
  return strings && strings.length > 0 ? strings.map((s) => JSON.parse(s.getValue()) as string) : undefined;
};

/** HEALTHCHECK [options] CMD ["exec", "form"]: the command's words, or undefined for the shell form. */
function execFormOfHealthcheck(ins: Instruction): string[] | undefined {
  const cmd = /\bCMD\s+(\[.*\])\s*$/s.exec(ins.getArgumentsContent() ?? '');
  try {
    return cmd ? (JSON.parse(cmd[1]) as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/** COPY's sources and destination, exec or shell form, without its --flags. */
function copyPaths(ins: Instruction): { sources: string[]; dest: string } {
  const words = (jsonArgs(ins) ?? ins.getArguments().map((a) => a.getValue())).filter((w) => !w.startsWith('--'));
  return { sources: words.slice(0, -1), dest: words[words.length - 1] ?? '' };
}

/**
 * The build stage installs the lock's versions: `npm ci --omit=dev` (never `npm install`, which
 * resolves the ranges again on the day of the build), run where package-lock.json was copied,
 * after that copy.
 */
function lockProblems(build: Instruction[]): string[] {
  const problems: string[] = [];
  const runs = build.filter((i) => i.getKeyword() === 'RUN').map((i) => ({ ins: i, line: (jsonArgs(i) ?? [i.getArgumentsContent() ?? '']).join(' ') }));
  const ci = runs.find((r) => /\bnpm\s+(ci|clean-install)\b/.test(r.line));
  if (!ci || !/(^|\s)--omit=dev(\s|$)/.test(ci.line)) problems.push('dependencies: the build stage runs npm ci --omit=dev');
  if (runs.some((r) => /\bnpm\s+(install|i|add|update|up)\b/.test(r.line))) problems.push('dependencies: no npm install or npm update, which resolve the ranges again');
  if (!ci) return problems;
  const before = (ins: Instruction) => ins.getRange().start.line < ci.ins.getRange().start.line;
  const workdirs = build.filter((i) => i.getKeyword() === 'WORKDIR' && before(i));
  const workdir = posix.resolve('/', workdirs[workdirs.length - 1]?.getArgumentsContent() ?? '/');
  const lockCopied = build.some((i) => {
    if (i.getKeyword() !== 'COPY' || !before(i) || /--from=/.test(i.getTextContent())) return false;
    const { sources, dest } = copyPaths(i);
    const target = posix.resolve(workdir, dest);
    const lands = /\/$|^\.$/.test(dest) ? target === workdir : target === posix.join(workdir, 'package-lock.json');
    return sources.some((src) => posix.basename(src) === 'package-lock.json') && lands;
  });
  if (!lockCopied) problems.push(`lock: the build stage copies package-lock.json into ${workdir}, beside package.json, before npm ci runs there`);
  return problems;
}

/**
 * What in `text` breaks the image rules: the linter's problems, then the project's own rules.
 *
 * @param text - a Dockerfile's content
 * @param healthPath - the bot server's liveness route
 */
export function dockerfileProblems(text: string, healthPath: string): string[] {
  const problems = validate(text).map((d) => `lint: line ${d.range.start.line + 1}: ${d.message}`);
  const file = DockerfileParser.parse(text);
  const all = stages(file);
  if (all.length < 2) problems.push('multi-stage: a build stage and a run stage');
  const baseArg = file.getInitialARGs().find((a) => a.getProperty()?.getName() === 'BASE_IMAGE');
  if (!baseArg) problems.push('base: ARG BASE_IMAGE before the first FROM');
  else if (!/^node:20[.-]/.test(baseArg.getProperty()?.getValue() ?? '')) problems.push('base: BASE_IMAGE defaults to a Node 20 LTS image');
  for (const stage of all) if (stage.image !== '${BASE_IMAGE}') problems.push(`base: stage ${stage.name ?? '?'} starts FROM \${BASE_IMAGE}, not ${stage.image}`);
  const [build] = all;
  const run = all[all.length - 1];
  problems.push(...lockProblems(build?.instructions ?? []));
  const copies = build?.instructions.filter((i) => i.getKeyword() === 'COPY') ?? [];
  if (copies.some((c) => /(^|\s)\.\s/.test(`${c.getArgumentsContent()} `) || /\b(src|cli|package\.json)\b/.test(c.getArgumentsContent() ?? ''))) {
    problems.push('dependencies: the build stage copies only the packed package, never the source tree');
  }
  const runCopies = run?.instructions.filter((i) => i.getKeyword() === 'COPY') ?? [];
  if (!runCopies.length || runCopies.some((c) => !/--from=\S+/.test(c.getTextContent()))) problems.push('run stage: copies only the built tree from the build stage');
  if (run?.instructions.some((i) => i.getKeyword() === 'RUN')) problems.push('run stage: runs nothing at build time (no package manager in the final layer)');
  const users = run?.instructions.filter((i) => i.getKeyword() === 'USER') ?? [];
  const user = users[users.length - 1]?.getArgumentsContent() ?? '';
  if (!/^[1-9]\d*(:\d+)?$/.test(user)) problems.push(`non-root: the run stage ends with USER <numeric uid other than 0>, not "${user}"`);
  const health = run?.instructions.find((i) => i.getKeyword() === 'HEALTHCHECK');
  const healthCmd = health ? execFormOfHealthcheck(health) : undefined;
  if (!healthCmd || !new RegExp(`${healthPath}(?![\\w/-])`).test(healthCmd.join(' '))) problems.push(`health: HEALTHCHECK CMD [...] (exec form) on ${healthPath}`);
  const entry = run?.instructions.find((i) => i.getKeyword() === 'ENTRYPOINT');
  const entryArgs = entry ? jsonArgs(entry) : undefined;
  // Exec form: node itself is PID 1 and receives SIGTERM; a shell form would put sh there, which passes no signal on.
  if (!entryArgs || entryArgs[0] !== 'node' || !entryArgs[1]?.endsWith('/bin/hubbot.js')) problems.push('signals: ENTRYPOINT ["node", ".../bin/hubbot.js"] (exec form, node as PID 1)');
  return problems;
}
