// What an LLM pass would cost before it runs (`--estimate`): tokens at four characters each (rounded
// up) over exactly what the fence renders, the calls needed under a per-call token limit, and a
// price where the table knows the model. The table is dated because vendors change prices.
import type { FenceFile } from './fence.js';
import { blockChars, declarationChars } from './fence.js';

export const CHARS_PER_TOKEN = 4;

export function estimateTokens(chars: number): number {
  return Math.ceil(Math.max(0, chars) / CHARS_PER_TOKEN);
}

export interface PlanOptions {
  /** Input tokens one call may carry: instructions, declaration and files together. */
  perCallTokenLimit: number;
  /** The analyzer's own instructions in tokens; the fence declaration is added here. */
  instructionTokens: number;
  /** Output tokens assumed per call, for the cost; a reply is a short JSON list of findings. */
  outputTokensPerCall: number;
}

export interface Plan {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  files: { path: string; tokens: number }[];
}

/**
 * Packs files in order into calls (a file that fits never splits; a file larger than one call is
 * chunked across calls of its own). A limit below the fixed overhead still leaves one token per call.
 */
export function planCalls(files: readonly FenceFile[], options: PlanOptions): Plan {
  const overhead = Math.max(0, options.instructionTokens) + estimateTokens(declarationChars());
  const capacity = Math.max(1, options.perCallTokenLimit - overhead);
  const perFile = files.map((f) => ({ path: f.path, tokens: estimateTokens(blockChars(f)) }));
  let calls = 0;
  let load = 0;
  let fileTokens = 0;
  for (const { tokens } of perFile) {
    fileTokens += tokens;
    if (tokens > capacity) {
      calls += Math.ceil(tokens / capacity);
      continue;
    }
    if (load === 0 || load + tokens > capacity) {
      calls++;
      load = 0;
    }
    load += tokens;
  }
  return { calls, inputTokens: fileTokens + calls * overhead, outputTokens: calls * Math.max(0, options.outputTokensPerCall), files: perFile };
}

/** USD per one million tokens. */
export interface Price {
  input: number;
  output: number;
}

/** When the prices below were taken from the vendors' published list prices. */
export const PRICE_TABLE_DATE = '2025-06-01';

const PRICES: ReadonlyMap<string, Price> = new Map([
  ['gpt-4o', { input: 2.5, output: 10 }],
  ['gpt-4o-mini', { input: 0.15, output: 0.6 }],
  ['gpt-4.1', { input: 2, output: 8 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6 }],
  ['gpt-4.1-nano', { input: 0.1, output: 0.4 }],
  ['claude-sonnet-4', { input: 3, output: 15 }],
  ['claude-opus-4', { input: 15, output: 75 }],
  ['claude-3-5-haiku', { input: 0.8, output: 4 }],
]);

/** A dated snapshot (`-20250514`, `-2024-08-06`) or `-latest` alias is priced as its model. */
const SNAPSHOT_SUFFIX = /-(?:\d{8}|\d{4}-\d{2}-\d{2}|latest)$/;

export function priceFor(model: string): Price | null {
  const id = model.trim().toLowerCase();
  return PRICES.get(id) ?? PRICES.get(id.replace(SNAPSHOT_SUFFIX, '')) ?? null;
}

/** USD for the tokens, or null when the table does not know the model (local and unknown models). */
export function estimateCost(model: string, inputTokens: number, outputTokens: number): number | null {
  const price = priceFor(model);
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
