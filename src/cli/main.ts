#!/usr/bin/env node
// CLI adapter: argv → engine → writer → exit code. No scan logic lives here.
// Startup loads commander and the version only: each command's declaration and action import what that
// command needs, so `--version` never loads the engine, zod or the MCP SDK.
import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../discovery/target.js';
import { VERSION } from '../shared/version.js';
import { EXIT } from './exit-codes.js';
import { limitHeapGrowth } from './heap-growth.js';
import type { BaselineCliOptions } from './baseline-command.js';
import type { BatchCliOptions } from './batch-command.js';
import type { ScanCliOptions } from './scan-command.js';
import type { WorkerCliOptions } from './worker-command.js';


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
    .description('scan one skill bundle: a directory, a single file, an archive file, or an https:// archive or git repository URL')
    .argument('<target>', 'skill directory, file or archive; or an https:// URL of a ZIP/tar archive or a git repository (optional #ref)')
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
    .option('--subdir <path>', 'git URL targets: scan only this folder of the repository')
    .option('--allow-private-network', 'remote targets: allow plain http and loopback, private and link-local addresses (refused by default)')
    .option('--trust-inline-suppressions', 'honour `skillspector-ignore: ID` comments in scanned files (never for CRITICAL findings)')
    .option('--threads <n>', 'threads for one large bundle (8 MB+ of text): N, or 1 for one thread (default: every core, when at least two workers find an idle core); the report is the same')
    .option('-r, --recursive', 'scan every skill (a directory holding SKILL.md or skill.md) under the target directory on its own: a table, then each report')
    .addHelpText('after', LLM_HELP)
    .action(async (target: string, opts: ScanCliOptions) => {
      if (opts.recursive === true) {
        const { runRecursiveScan } = await import('./recursive-scan.js');
        process.exitCode = (await runRecursiveScan(target, opts, process.stdout.isTTY === true)).exitCode;
        return;
      }
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

function declareBatch(program: Command): void {
  program
    .command('batch')
    .description('scan many skills in parallel: every skill under DIR, or the targets a list file names (one per line); NDJSON results')
    .argument('<dir-or-list>', 'a directory of skills, or a file naming one target per line (# comments)')
    .option('-j, --jobs <n>', 'worker threads (default: the number of cores)')
    .option('-o, --output <file>', 'write the NDJSON lines to FILE instead of stdout')
    .option('--summary <file>', 'also write a summary to FILE: Markdown for .md, JSON for .json')
    .option('--cache <dir>', 'reuse the result of an unchanged skill stored in DIR (content-addressed; created when missing; never inside a target)')
    .option('--resume', 'skip the targets already in --output FILE and append to it')
    .option('--shard <i/n>', 'scan only shard I of N (1-based; a stable hash of each target decides)')
    .option('--timeout-per-skill <seconds>', 'stop a skill after this long: it becomes a timeout line and the batch goes on')
    .option('--exclude <glob>', 'leave matching paths out of analysis in every skill (repeatable)', collect, [])
    .option('--fail-on-incomplete', 'exit 1 when any skill\'s analysis is incomplete')
    .option('--fail-on-findings', 'exit 1 when any skill has an active finding')
    .option('--fail-on-severity <severity>', 'exit 1 when any skill has a finding at or above LOW|MEDIUM|HIGH|CRITICAL')
    .option('--queue <url>', 'run the scans on a shared BullMQ queue at redis://HOST:PORT/DB served by `skillspector worker`')
    .option('--allow-private-network', 'let remote targets in a list file use plain http and loopback/private addresses (for local mirrors and tests)')
    .option('-q, --quiet', 'no progress bar and no summary on stderr')
    .action(async (arg: string, opts: BatchCliOptions) => {
      const { runBatchCommand } = await import('./batch-command.js');
      process.exitCode = await runBatchCommand(arg, opts);
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

function declareWorker(program: Command): void {
  program
    .command('worker')
    .description('process `batch --queue` scan jobs from a shared Redis queue (run on any number of machines)')
    .requiredOption('--queue <url>', 'the Redis holding the queue: redis://HOST:PORT/DB')
    .option('--jobs <n>', 'skills scanned at once (default: the number of cores)')
    .addOption(new Option('--queue-name <name>', 'the shared queue to serve (default: batch)').hideHelp())
    .addOption(new Option('--lock-ms <ms>', 'job lock period; a dead worker\'s job is re-run after about two (default 10000)').hideHelp())
    .option('-q, --quiet', 'no per-job lines on stderr')
    .action(async (opts: WorkerCliOptions) => {
      const { runWorker } = await import('./worker-command.js');
      await runWorker(opts);
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
  ['batch', declareBatch],
  ['rules', declareRules],
  ['mcp', declareMcp],
  ['worker', declareWorker],
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
  // Stack traces name src/ files (the bundle ships linked source maps). Only with --verbose, the one case
  // that prints a trace: maps are read as modules load, which would slow every other start-up.
  if (verbose) process.setSourceMapsEnabled(true);
  limitHeapGrowth();
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
