#!/usr/bin/env node
// CLI adapter: argv → engine → writer → exit code. No scan logic lives here.
import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../discovery/target.js';
import { DEFAULT_LLM_TOKEN_BUDGET, DEFAULT_MAX_LLM_CALLS } from '../engine/llm-stage.js';
import { registerMcpCommand } from '../mcp/command.js';
import { RULES } from '../rules/index.js';
import { VERSION } from '../shared/version.js';
import { EXIT } from './exit-codes.js';
import { rulesText, rulesJson } from './rules-command.js';
import { LLM_HELP } from './llm-options.js';
import { runEstimate, runScan } from './scan-command.js';
import { runBaseline } from './baseline-command.js';
import type { BaselineCliOptions } from './baseline-command.js';
import type { ScanCliOptions } from './scan-command.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function fail(message: string): never {
  process.stderr.write(`skillspector: ${message}\n`);
  process.exit(EXIT.error);
}

export function buildProgram(): Command {
  const program = new Command('skillspector')
    .description('Security scanner for AI agent skills')
    .version(VERSION, '--version', 'print the version')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('scan')
    .description('scan one skill bundle: a directory, a single file, or an archive file')
    .argument('<target>', 'skill directory, file or archive')
    .addOption(new Option('-f, --format <format>', 'report format: terminal, json, markdown, sarif').default('terminal'))
    .option('-o, --output <file>', 'write the report to FILE instead of stdout')
    .option('--report <format=file>', 'also write FORMAT to FILE (repeatable)', collect, [])
    .option('--exclude <glob>', 'leave matching paths out of analysis (repeatable)', collect, [])
    .option('--fail-on-incomplete', 'exit 1 when the analysis is incomplete')
    .option('--fail-on-findings', 'exit 1 when any active finding remains')
    .option('--fail-on-severity <severity>', 'exit 1 when a finding at or above LOW|MEDIUM|HIGH|CRITICAL remains')
    .option('-b, --baseline <file>', 'apply a baseline of accepted findings')
    .option('--show-suppressed', 'list suppressed findings in terminal/markdown output')
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
    .addHelpText('after', LLM_HELP)
    .action(async (target: string, opts: ScanCliOptions) => {
      if (opts.estimate === true) {
        process.stdout.write((await runEstimate(target, opts)).output);
        return;
      }
      const { exitCode } = await runScan(target, opts, process.stdout.isTTY === true);
      process.exitCode = exitCode;
    });

  program
    .command('baseline')
    .description('write a baseline that accepts every current finding (YAML, or JSON for a .json file); always static-only, never sends content to an LLM provider')
    .argument('<target>', 'skill directory, file or archive')
    .requiredOption('-o, --output <file>', 'baseline file to write')
    .option('--reason <text>', 'reason recorded for every accepted finding', 'Accepted finding (generated baseline)')
    .option('--exclude <glob>', 'leave matching paths out of analysis (repeatable)', collect, [])
    .option('--rules-dir <dir>', 'also match the signature files under DIR, as `scan --rules-dir` does')
    .action(async (target: string, opts: BaselineCliOptions) => {
      process.exitCode = await runBaseline(target, opts);
    });

  program
    .command('rules')
    .description('print the rule catalogue')
    .addOption(new Option('-f, --format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .action((opts: { format: string }) => {
      process.stdout.write(opts.format === 'json' ? rulesJson(RULES) : rulesText(RULES));
    });
  registerMcpCommand(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  const verbose = argv.includes('--verbose') || argv.includes('-V');
  try {
    await buildProgram().parseAsync(argv as string[], { from: 'node' });
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
