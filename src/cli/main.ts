#!/usr/bin/env node
// CLI adapter: argv → engine → writer → exit code. No scan logic lives here.
// Startup loads commander and the version only: each command's declaration and action import what that
// command needs, so `--version` never loads the engine, zod or the MCP SDK.
import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../discovery/target.js';
import { VERSION } from '../shared/version.js';
import { EXIT } from './exit-codes.js';
import type { BaselineCliOptions } from './baseline-command.js';
import type { ScanCliOptions } from './scan-command.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function fail(message: string): never {
  process.stderr.write(`skillspector: ${message}\n`);
  process.exit(EXIT.error);
}

async function declareScan(program: Command): Promise<void> {
  // The LLM defaults and help text live beside zod-backed provider code, which every scan loads anyway.
  const [{ DEFAULT_LLM_TOKEN_BUDGET, DEFAULT_MAX_LLM_CALLS }, { LLM_HELP }] = await Promise.all([
    import('../engine/llm-stage.js'),
    import('./llm-options.js'),
  ]);
  program
    .command('scan')
    .description('scan one skill bundle: a directory, a single file, or an archive file')
    .argument('<target>', 'skill directory, file or archive')
    .addOption(new Option('-f, --format <format>', 'report format: terminal, json, markdown, sarif, html').default('terminal'))
    .option('-o, --output <file>', 'write the report to FILE instead of stdout')
    .option('--report <format=file>', 'also write FORMAT to FILE (repeatable)', collect, [])
    .option('--sarif-root <dir>', 'SARIF paths relative to DIR (default: the git checkout holding the target, else the target)')
    .option('--docs-url <url>', 'where this SkillSpector version is browsable (e.g. a repository tree at a tag): SARIF rules link to URL/docs/RULES.md#ID')
    .option('--exclude <glob>', 'leave matching paths out of analysis (repeatable)', collect, [])
    .option('--fail-on-incomplete', 'exit 1 when the analysis is incomplete')
    .option('--fail-on-findings', 'exit 1 when any active finding remains')
    .option('--fail-on-severity <severity>', 'exit 1 when a finding at or above LOW|MEDIUM|HIGH|CRITICAL remains')
    .option('-b, --baseline <file>', 'apply a baseline of accepted findings')
    .option('--show-suppressed', 'list suppressed findings in terminal/markdown/html output')
    .option('--min-severity <severity>', 'list only findings at or above LOW|MEDIUM|HIGH|CRITICAL in terminal/markdown/html output (counts, JSON, SARIF, verdict and exit code keep all)')
    .option('--summary', 'terminal/markdown: verdict, counts and the 10 most severe findings only')
    .option('-q, --quiet', 'no terminal report on stdout (exit code only)')
    .option('-V, --verbose', 'more detail; stack traces on internal errors')
    .option('--no-color', 'never colour the terminal report')
    // --llm first, so the default stays undefined (commander gives --no-X alone a default of true).
    .option('--llm', 'require LLM analysis: exit 2 when no provider is configured (see below)')
    .option('--no-llm', 'forbid LLM analysis: a fully local, static-only scan even with a provider configured')
    .option('--max-llm-calls <n>', `LLM requests one scan may send (default ${DEFAULT_MAX_LLM_CALLS})`)
    .option('--llm-token-budget <n>', `input plus output tokens one scan may spend on LLM requests (default ${DEFAULT_LLM_TOKEN_BUDGET})`)
    .option('--llm-cache <dir>', 'reuse LLM replies stored in DIR for unchanged content (created when missing; never inside the target)')
    .option('--estimate', 'print what LLM analysis would send and cost, then exit 0 without sending anything or writing a report')
    .option('--online', 'also look pinned dependencies up live in OSV.dev for SC4 (network; off by default)')
    .option('--rules-dir <dir>', 'also match the signature files (*.yar, *.yara; YARA subset) under DIR, reported as YR-CUSTOM')
    .option('--config <file>', 'read settings from FILE (default: .skillspector.yaml in the current directory, never one inside the target; docs/CONFIG.md)')
    .option('--no-config', 'ignore every configuration file')
    .option('--trust-inline-suppressions', 'honour `skillspector-ignore: ID` comments in scanned files (never for CRITICAL findings)')
    .addHelpText('after', LLM_HELP)
    .action(async (target: string, opts: ScanCliOptions) => {
      const { runEstimate, runScan } = await import('./scan-command.js');
      if (opts.estimate === true) {
        process.stdout.write((await runEstimate(target, opts)).output);
        return;
      }
      const { exitCode } = await runScan(target, opts, process.stdout.isTTY === true);
      process.exitCode = exitCode;
    });
}

function declareBaseline(program: Command): void {
  program
    .command('baseline')
    .description('write a baseline that accepts every current finding (YAML, or JSON for a .json file); always static-only, never sends content to an LLM provider')
    .argument('<target>', 'skill directory, file or archive')
    .requiredOption('-o, --output <file>', 'baseline file to write')
    .option('--reason <text>', 'reason recorded for every accepted finding', 'Accepted finding (generated baseline)')
    .option('--exclude <glob>', 'leave matching paths out of analysis (repeatable)', collect, [])
    .option('--rules-dir <dir>', 'also match the signature files under DIR, as `scan --rules-dir` does')
    .option('--config <file>', 'read exclusions and rule settings from FILE, as `scan --config` does')
    .option('--no-config', 'ignore every configuration file')
    .action(async (target: string, opts: BaselineCliOptions) => {
      const { runBaseline } = await import('./baseline-command.js');
      process.exitCode = await runBaseline(target, opts);
    });
}

function declareRules(program: Command): void {
  program
    .command('rules')
    .description('print the rule catalogue, or one rule in full')
    .argument('[id]', 'a rule id, e.g. P1: show that rule in full')
    .addOption(new Option('-f, --format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .action(async (id: string | undefined, opts: { format: string }) => {
      const [{ RULES }, { rulesOutput }] = await Promise.all([import('../rules/index.js'), import('./rules-command.js')]);
      const result = rulesOutput(RULES, id, opts.format);
      if ('error' in result) fail(result.error);
      process.stdout.write(result.output);
    });
}

async function declareMcp(program: Command): Promise<void> {
  const { registerMcpCommand } = await import('../mcp/command.js');
  registerMcpCommand(program);
}

/** Every command in help order, each declared by a function that imports only what its command needs. */
const COMMANDS: ReadonlyMap<string, (program: Command) => void | Promise<void>> = new Map([
  ['scan', declareScan],
  ['baseline', declareBaseline],
  ['rules', declareRules],
  ['mcp', declareMcp],
]);

/**
 * The commands this command line can show or run: the one it names (also as `help <name>`), none for
 * `--version`, and all of them otherwise (program help, an unknown command and its suggestions).
 */
function commandsFor(args: readonly string[]): string[] {
  const [first, second] = args;
  if (first === '--version') return [];
  const named = first === 'help' ? second : first;
  if (named !== undefined && COMMANDS.has(named)) return [named];
  return [...COMMANDS.keys()];
}

export async function buildProgram(args: readonly string[]): Promise<Command> {
  const program = new Command('skillspector')
    .description('Security scanner for AI agent skills')
    .version(VERSION, '--version', 'print the version')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)');
  for (const name of commandsFor(args)) await COMMANDS.get(name)?.(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  const verbose = argv.includes('--verbose') || argv.includes('-V');
  try {
    const program = await buildProgram(argv.slice(2));
    await program.parseAsync(argv as string[], { from: 'node' });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') process.exit(EXIT.ok);
      process.exit(EXIT.error);
    }
    if (err instanceof UsageError) fail(err.message);
    if (verbose && err instanceof Error) process.stderr.write(`${err.stack ?? err.message}\n`);
    fail(`internal error: ${err instanceof Error ? err.message : String(err)} (re-run with --verbose for details)`);
  }
}

void main(process.argv);
