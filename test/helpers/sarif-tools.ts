// The official SARIF 2.1.0 schema and the SARIF multitool both ship in the platform package behind
// @microsoft/sarif-multitool (an optional install). Tests that need them run for real when it is
// installed and skip with this message when it is not.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Log } from 'sarif';

const PACKAGE = `@microsoft/sarif-multitool-${process.platform}`;
export const MULTITOOL_MISSING = `${PACKAGE} is not installed (optional): SARIF schema and multitool checks skipped`;

const require = createRequire(import.meta.url);

function resolveOptional(spec: string): string | undefined {
  try {
    return require.resolve(spec);
  } catch {
    return undefined;
  }
}

/** A validator for the official SARIF 2.1.0 schema, or undefined when the package is absent. */
export function sarifSchemaValidator(): ValidateFunction | undefined {
  const path = resolveOptional(`${PACKAGE}/sarif-2.1.0.json`);
  if (path === undefined) return undefined;
  const schema = JSON.parse(readFileSync(path, 'utf8')) as object;
  return new Ajv2020({ strict: false, allErrors: true, logger: false }).compile(schema);
}

/** The multitool executable (the package's main export is its path), when installed and runnable here. */
export function multitoolPath(): string | undefined {
  if (resolveOptional(PACKAGE) === undefined) return undefined;
  const exe = require(PACKAGE) as unknown;
  return typeof exe === 'string' && existsSync(exe) ? exe : undefined;
}

export interface Violation {
  ruleId: string;
  level: string;
  text: string;
  file: string;
}

/**
 * Runs `validate` with the GitHub ingestion rules (rule kind Ghas) and the SARIF spec rules over `files`,
 * and returns every violation from the multitool's own SARIF output. The executable is called directly:
 * the package's bin wrapper goes through a shell, where the `;` in the rule kind list ends the command.
 */
export function multitoolViolations(exe: string, files: readonly string[], output: string): Violation[] {
  execFileSync(exe, ['validate', '--rule-kind', 'Ghas;Sarif', '--output', output, ...files], { stdio: 'pipe', timeout: 120_000 });
  const log = JSON.parse(readFileSync(output, 'utf8')) as Log;
  return (log.runs[0]?.results ?? []).map((r) => ({
    ruleId: r.ruleId ?? '',
    level: r.level ?? 'warning',
    text: r.message.text ?? `${r.message.id ?? ''}: ${(r.message.arguments ?? []).join(' | ')}`,
    file: r.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '',
  }));
}
