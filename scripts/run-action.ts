// A local stand-in for the GitHub runner that executes action.yml's composite steps: each `run:` step with
// bash as the runner calls it (`bash --noprofile --norc -eo pipefail`), with fresh GITHUB_OUTPUT files, one
// GITHUB_STEP_SUMMARY, the inputs and step outputs substituted into expressions; `uses:` steps are recorded,
// not run. Tests use it to check the Action end to end without GitHub:
//
//   node --import tsx scripts/run-action.ts --from-source --skip-step "Install SkillSpector" \
//     --input target=examples/malicious-skill --input upload-sarif=false
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { interpolate, stepCondition } from './run-action-expressions.js';
import type { ExpressionContext, Value } from './run-action-expressions.js';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Longest a single step may run: a scan of a real skill takes seconds. */
const STEP_TIMEOUT_MS = 300_000;
/** Environment passed through from the caller; everything else a step sees is set here. */
const PASS_THROUGH = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'SYSTEMROOT'];

interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  shell?: string;
  env?: Record<string, unknown>;
  'working-directory'?: string;
}

interface ActionFile {
  inputs?: Record<string, { default?: unknown; required?: boolean }>;
  outputs?: Record<string, { value?: string }>;
  runs?: { using?: string; steps?: ActionStep[] };
}

export interface StepRecord {
  name: string;
  id?: string;
  kind: 'run' | 'uses';
  /** `skipped` by its condition or by request; a `uses:` step that would run is `recorded`. */
  outcome: 'success' | 'failure' | 'skipped' | 'recorded';
  uses?: string;
  with?: Record<string, string>;
  exitCode?: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

export interface ActionRun {
  steps: StepRecord[];
  /** The action's outputs, evaluated after the last step. */
  outputs: Record<string, string>;
  /** Everything the steps appended to GITHUB_STEP_SUMMARY. */
  summary: string;
  /** 0 when every step passed, else the exit code of the first failed step. */
  exitCode: number;
}

export interface RunActionOptions {
  /** The action.yml to run (default: this repository's). */
  actionFile?: string;
  /** GITHUB_ACTION_PATH (default: the directory of actionFile). */
  actionPath?: string;
  /** Run the CLI from src/ through tsx instead of a built dist/: GITHUB_ACTION_PATH becomes a shim of dist/cli/main.js. */
  fromSource?: boolean;
  /** GITHUB_WORKSPACE and the working directory of every step (default: the current directory). */
  workspace?: string;
  inputs?: Record<string, string>;
  /** Steps, by name, to record as skipped instead of running (e.g. the npm install of the action). */
  skipSteps?: readonly string[];
  /** Values of the `github` context (`action_repository`, `server_url`, ...). */
  github?: Record<string, string>;
}

/**
 * Parses a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. Later values win, as on the
 * runner; text that fits neither form is an error, which the runner reports too.
 */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter = ''] = heredoc;
      const end = lines.indexOf(delimiter, i + 1);
      if (end === -1) throw new Error(`GITHUB_OUTPUT: no closing delimiter ${delimiter} for ${name}`);
      out[name] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`GITHUB_OUTPUT: malformed line ${JSON.stringify(line)}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : String(v as Value);
}

/** A throwaway action path whose dist/cli/main.js runs src/cli/main.ts through tsx. */
function sourceShim(into: string): string {
  const path = join(into, 'action-path');
  mkdirSync(join(path, 'dist', 'cli'), { recursive: true });
  writeFileSync(join(path, 'package.json'), '{ "type": "module" }\n');
  const tsx = import.meta.resolve('tsx/esm/api');
  const main = pathToFileURL(join(REPO, 'src', 'cli', 'main.ts')).href;
  writeFileSync(join(path, 'dist', 'cli', 'main.js'), `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(main)});\n`);
  return path;
}

function resolveInputs(action: ActionFile, given: Record<string, string>): Record<string, string> {
  const declared = action.inputs ?? {};
  for (const name of Object.keys(given)) if (!(name in declared)) throw new Error(`action.yml declares no input "${name}"`);
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(declared)) {
    const value = given[name] ?? text(spec.default);
    if (spec.required === true && value === '') throw new Error(`input "${name}" is required`);
    inputs[name] = value;
  }
  return inputs;
}

export function runAction(options: RunActionOptions = {}): ActionRun {
  const actionFile = resolve(options.actionFile ?? join(REPO, 'action.yml'));
  const action = parse(readFileSync(actionFile, 'utf8')) as ActionFile;
  if (action.runs?.using !== 'composite') throw new Error('only composite actions are supported');
  const temp = mkdtempSync(join(tmpdir(), 'run-action-'));
  try {
    const actionPath = options.fromSource ? sourceShim(temp) : resolve(options.actionPath ?? dirname(actionFile));
    const workspace = resolve(options.workspace ?? process.cwd());
    const runnerTemp = join(temp, 'runner-temp');
    mkdirSync(runnerTemp);
    const summaryFile = join(temp, 'step-summary.md');
    writeFileSync(summaryFile, '');
    const inputs = resolveInputs(action, options.inputs ?? {});
    const github: Record<string, string> = { server_url: 'https://github.com', workspace, action_path: actionPath, ...options.github };
    const stepOutputs = new Map<string, { outputs: Record<string, string>; outcome: string }>();
    const ctx: ExpressionContext = {
      failed: false,
      lookup: ([head, ...rest]) => {
        if (head === 'inputs' && rest.length === 1) return inputs[rest[0] ?? ''];
        if (head === 'github' && rest.length === 1) return github[rest[0] ?? ''];
        if (head === 'runner' && rest[0] === 'temp') return runnerTemp;
        if (head === 'steps' && rest.length >= 2) {
          const step = stepOutputs.get(rest[0] ?? '');
          if (rest[1] === 'outputs' && rest.length === 3) return step?.outputs[rest[2] ?? ''];
          if ((rest[1] === 'outcome' || rest[1] === 'conclusion') && rest.length === 2) return step?.outcome;
        }
        return undefined;
      },
    };
    const baseEnv: Record<string, string> = {};
    for (const name of PASS_THROUGH) if (process.env[name] !== undefined) baseEnv[name] = process.env[name] ?? '';
    Object.assign(baseEnv, {
      CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: workspace, GITHUB_ACTION_PATH: actionPath,
      GITHUB_STEP_SUMMARY: summaryFile, GITHUB_SERVER_URL: github['server_url'] ?? '', RUNNER_TEMP: runnerTemp,
    });
    const steps: StepRecord[] = [];
    let exitCode = 0;
    for (const [n, step] of (action.runs.steps ?? []).entries()) {
      const name = step.name ?? step.uses ?? `step ${n + 1}`;
      const record: StepRecord = { name, ...(step.id ? { id: step.id } : {}), kind: step.uses ? 'uses' : 'run', outcome: 'skipped', stdout: '', stderr: '', outputs: {} };
      steps.push(record);
      if (options.skipSteps?.includes(name) || !stepCondition(step.if, ctx)) continue;
      if (step.uses !== undefined) {
        record.uses = step.uses;
        record.with = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(text(v), ctx)]));
        record.outcome = 'recorded';
        continue;
      }
      if (step.shell !== 'bash') throw new Error(`step "${name}": only shell: bash is supported`);
      const script = join(temp, `step-${n}.sh`);
      writeFileSync(script, interpolate(step.run ?? '', ctx));
      const outputFile = join(temp, `output-${n}`);
      writeFileSync(outputFile, '');
      const env: Record<string, string> = { ...baseEnv, GITHUB_OUTPUT: outputFile };
      for (const [k, v] of Object.entries(step.env ?? {})) env[k] = interpolate(text(v), ctx);
      const cwd = step['working-directory'] ? resolve(workspace, interpolate(step['working-directory'], ctx)) : workspace;
      const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: STEP_TIMEOUT_MS,
      });
      record.stdout = result.stdout ?? '';
      record.stderr = result.stderr ?? '';
      record.exitCode = result.status ?? 1;
      record.outputs = parseOutputFile(readFileSync(outputFile, 'utf8'));
      record.outcome = record.exitCode === 0 ? 'success' : 'failure';
      if (record.outcome === 'failure' && !ctx.failed) {
        ctx.failed = true;
        exitCode = record.exitCode;
      }
      if (step.id) stepOutputs.set(step.id, { outputs: record.outputs, outcome: record.outcome });
    }
    const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([k, spec]) => [k, interpolate(spec.value ?? '', ctx)]));
    return { steps, outputs, summary: readFileSync(summaryFile, 'utf8'), exitCode };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function pairs(list: readonly string[] | undefined, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new Error(`${flag} expects NAME=VALUE; got ${JSON.stringify(item)}`);
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      action: { type: 'string' },
      'action-path': { type: 'string' },
      'from-source': { type: 'boolean' },
      workspace: { type: 'string' },
      input: { type: 'string', multiple: true },
      github: { type: 'string', multiple: true },
      'skip-step': { type: 'string', multiple: true },
    },
  });
  const run = runAction({
    ...(values.action !== undefined ? { actionFile: values.action } : {}),
    ...(values['action-path'] !== undefined ? { actionPath: values['action-path'] } : {}),
    ...(values.workspace !== undefined ? { workspace: values.workspace } : {}),
    fromSource: values['from-source'] === true,
    inputs: pairs(values.input, '--input'),
    github: pairs(values.github, '--github'),
    skipSteps: values['skip-step'] ?? [],
  });
  for (const s of run.steps) {
    process.stdout.write(`\n── ${s.name}: ${s.outcome}${s.exitCode !== undefined ? ` (exit ${s.exitCode})` : ''}\n`);
    if (s.with) process.stdout.write(`   with ${JSON.stringify(s.with)}\n`);
    process.stdout.write(s.stdout);
    process.stderr.write(s.stderr);
  }
  process.stdout.write(`\n── outputs ${JSON.stringify(run.outputs)}\n── step summary: ${run.summary.length} characters\n`);
  process.exitCode = run.exitCode;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
