/**
 * The rules deploy/Dockerfile must keep (M3), read from its parsed instructions (dockerfile-ast)
 * rather than from its text, so a reformatted file is judged the same. Each rule returns what
 * breaks it; an empty list means the file keeps them all.
 */
import { DockerfileParser, type Dockerfile, type Instruction, type JSONInstruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';

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
  const installs = build?.instructions.filter((i) => i.getKeyword() === 'RUN').map((i) => jsonArgs(i) ?? [i.getArgumentsContent() ?? '']) ?? [];
  const install = installs.find((args) => args.join(' ').includes('npm install'));
  if (!install || !install.includes('--omit=dev')) problems.push('dependencies: the build stage runs npm install --omit=dev');
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
