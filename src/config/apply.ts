// Folds the user's configuration into the command-line options. Flags win: a value given on the command
// line replaces the configured one, `--exclude` adds to the configured exclusions, and the boolean gates
// can only be switched on (`--no-config` ignores the configuration entirely).
import { dirname, resolve } from 'node:path';
import type { Severity } from '../shared/types.js';
import { findConfig } from './load.js';
import type { LoadedConfig } from './load.js';
import type { ScanPolicy } from './policy.js';

/** The options a configuration can supply, as commander hands them over (flags are strings). */
export interface ConfigurableOptions {
  exclude: string[];
  baseline?: string;
  failOnSeverity?: string;
  failOnIncomplete?: boolean;
  failOnFindings?: boolean;
  maxLlmCalls?: string;
  llmTokenBudget?: string;
  /** `--config FILE`, or false for `--no-config`. */
  config?: string | false;
  trustInlineSuppressions?: boolean;
}

export type Configured<T extends ConfigurableOptions> = T & { policy: ScanPolicy };

function policyOf(loaded: LoadedConfig | undefined, trustFlag: boolean): ScanPolicy {
  const c = loaded?.config;
  const policy: ScanPolicy = { trustInlineSuppressions: trustFlag || c?.trust_inline_suppressions === true };
  if (loaded) policy.configFile = loaded.shown;
  if (c?.rules?.enable) policy.enabledRules = [...new Set(c.rules.enable)];
  if (c?.rules?.disable) policy.disabledRules = [...new Set(c.rules.disable)];
  if (c?.severity_overrides) policy.severityOverrides = c.severity_overrides as Record<string, Severity>;
  return policy;
}

/** `note` prints one diagnostic line (a configuration skipped because it lies inside the target). */
export function withUserConfig<T extends ConfigurableOptions>(target: string, opts: T, note: (message: string) => void, cwd = process.cwd()): Configured<T> {
  const loaded = findConfig({ explicit: opts.config, target, cwd, note });
  const c = loaded?.config;
  const merged: Configured<T> = { ...opts, exclude: [...(c?.exclude ?? []), ...opts.exclude], policy: policyOf(loaded, opts.trustInlineSuppressions === true) };
  if (!c || !loaded) return merged;
  const baseline = opts.baseline ?? (c.baseline !== undefined ? resolve(dirname(loaded.file), c.baseline) : undefined);
  if (baseline !== undefined) merged.baseline = baseline;
  const failOnSeverity = opts.failOnSeverity ?? c.fail_on_severity;
  if (failOnSeverity !== undefined) merged.failOnSeverity = failOnSeverity;
  if (opts.failOnIncomplete === true || c.fail_on_incomplete === true) merged.failOnIncomplete = true;
  if (opts.failOnFindings === true || c.fail_on_findings === true) merged.failOnFindings = true;
  const maxCalls = opts.maxLlmCalls ?? c.llm?.max_calls?.toString();
  if (maxCalls !== undefined) merged.maxLlmCalls = maxCalls;
  const tokens = opts.llmTokenBudget ?? c.llm?.token_budget?.toString();
  if (tokens !== undefined) merged.llmTokenBudget = tokens;
  return merged;
}
