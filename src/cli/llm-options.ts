// Whether a scan uses an LLM provider, and with which budgets (CONTRACT §7): the environment names the
// provider, the flags can only forbid it (`--no-llm`), require it (`--llm`) or bound it. Every problem is
// one UsageError line (exit 2) raised before anything is read or sent; no key value ever appears in one.
import { UsageError } from '../discovery/target.js';
import { DEFAULT_LLM_TOKEN_BUDGET, DEFAULT_MAX_LLM_CALLS } from '../engine/llm-stage.js';
import type { LlmScanSettings } from '../engine/llm-stage.js';
import { LlmCache } from '../llm/cache.js';
import { createLlmClient } from '../llm/client/create-client.js';
import { PROVIDERS, providerFromEnv } from '../llm/client/provider-config.js';
import type { ProviderConfig } from '../llm/client/provider-config.js';

/** The `scan` flags this module reads, as commander hands them over. */
export interface LlmFlags {
  /** true: `--llm`, false: `--no-llm`, undefined: neither. */
  llm?: boolean;
  estimate?: boolean;
  maxLlmCalls?: string;
  llmTokenBudget?: string;
  llmCache?: string;
}

export interface LlmBudgets {
  maxCalls: number;
  tokenBudget: number;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * What the scan will do. `provider` is the usable configuration, or null when none is configured or
 * `--no-llm` was given; `on` is true exactly when the scan will send content to it.
 */
export type LlmDecision =
  | { on: true; provider: ProviderConfig; budgets: LlmBudgets; cacheDir?: string }
  | { on: false; provider: ProviderConfig | null; budgets: LlmBudgets };

const KEY_VARIABLES = 'OPENAI_API_KEY, NVIDIA_INFERENCE_KEY or ANTHROPIC_API_KEY';

/** Where `--help` spells the rules out; kept beside the code that applies them. */
export const LLM_HELP = `
LLM analysis (opt-in, CONTRACT §7):
  It is on exactly when the environment configures a provider:
    SKILLSPECTOR_PROVIDER  ${PROVIDERS.join(', ')}
    SKILLSPECTOR_MODEL     the model id
    the provider's key     ${KEY_VARIABLES} (ollama needs none)
    SKILLSPECTOR_BASE_URL  optional (required for openai_compatible)
  When it is on, the scan SENDS the skill's visible documents and scripts to that provider; hidden
  files, archive members, key files and oversized files always stay local.
  --no-llm always forces a fully local, static-only scan (even with a broken provider configuration).
  --llm requires the provider: without one the scan stops with exit 2 instead of running static-only.
  SKILLSPECTOR_PROVIDER set but incomplete or invalid: exit 2 naming the problem (or pass --no-llm).
  --max-llm-calls (default ${DEFAULT_MAX_LLM_CALLS}) and --llm-token-budget (default ${DEFAULT_LLM_TOKEN_BUDGET}) bound one scan;
  reaching either stops further requests and the report records the limitation.
  --llm-cache DIR reuses stored replies for unchanged content (off by default; ignored without LLM).
  --estimate runs the static scan, sends nothing and writes no report: it prints the files that would
  be sent, the requests, tokens and (where the price table knows the model) the cost upper bound,
  then exits 0.
  \`baseline\` is always static-only.
`;

function positiveInteger(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const text = raw.trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`${flag} expects a positive whole number; got ${JSON.stringify(raw)}`);
  }
  return value;
}

export function budgetsOf(flags: Pick<LlmFlags, 'maxLlmCalls' | 'llmTokenBudget'>): LlmBudgets {
  return {
    maxCalls: positiveInteger('--max-llm-calls', flags.maxLlmCalls, DEFAULT_MAX_LLM_CALLS),
    tokenBudget: positiveInteger('--llm-token-budget', flags.llmTokenBudget, DEFAULT_LLM_TOKEN_BUDGET),
  };
}

/** Applies the rules of `LLM_HELP` to the flags and the environment; throws UsageError on a conflict. */
export function decideLlm(flags: LlmFlags, env: Environment): LlmDecision {
  const budgets = budgetsOf(flags);
  if (flags.estimate === true && flags.llm === false) {
    throw new UsageError('--estimate shows what LLM analysis would send, which --no-llm forbids; drop one of them');
  }
  if (flags.llm === false) return { on: false, provider: null, budgets };
  const found = providerFromEnv(env);
  if (!found.ok && found.code === 'not_configured') {
    if (flags.llm === true) {
      throw new UsageError(`--llm requires an LLM provider, and without one the scan would be static-only: set SKILLSPECTOR_PROVIDER (${PROVIDERS.join(', ')}), SKILLSPECTOR_MODEL and the provider's key (${KEY_VARIABLES})`);
    }
    return { on: false, provider: null, budgets };
  }
  if (!found.ok) throw new UsageError(`LLM provider misconfigured: ${found.message} (or pass --no-llm for a static-only scan)`);
  // `--estimate` only reads the configuration: nothing is sent.
  if (flags.estimate === true) return { on: false, provider: found.config, budgets };
  return { on: true, provider: found.config, budgets, ...(flags.llmCache !== undefined ? { cacheDir: flags.llmCache } : {}) };
}

/** The engine settings for a provider; one client serves every request of every scan that shares them. */
export function llmSettings(provider: ProviderConfig, budgets: LlmBudgets, cache?: LlmScanSettings['cache']): LlmScanSettings {
  return {
    client: createLlmClient(provider), provider: provider.provider, model: provider.model,
    maxCalls: budgets.maxCalls, tokenBudget: budgets.tokenBudget, ...(cache ? { cache } : {}),
  };
}

/** The settings a scan of `target` runs with, or undefined for a static-only scan. Opens the cache (a bad DIR is a UsageError). */
export function scanLlmSettings(decision: LlmDecision, target: string): LlmScanSettings | undefined {
  if (!decision.on) return undefined;
  const cache = decision.cacheDir !== undefined ? LlmCache.open({ dir: decision.cacheDir, target }) : undefined;
  return llmSettings(decision.provider, decision.budgets, cache);
}

/** The stderr line a scan prints when it is about to send content, so nobody does so unknowingly. */
export function llmNotice(settings: Pick<LlmScanSettings, 'provider' | 'model'>): string {
  return `skillspector: LLM analysis is on (provider ${settings.provider}, model ${settings.model}): visible skill files are sent to it; --no-llm keeps the scan local.\n`;
}
