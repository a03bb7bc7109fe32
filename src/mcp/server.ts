// The MCP adapter: one tool, `scan_skill`, over the same engine the CLI uses (CONTRACT §8). Replies are
// compact (src/mcp/compact.ts) in every output_format. A bad target, a refused target or a scanner
// failure is a tool error (`isError: true`) with one sentence; nothing a caller sends can take the server down.
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { UsageError } from '../discovery/target.js';
import type { LlmScanSettings } from '../engine/llm-stage.js';
import { scanAsync } from '../engine/scan.js';
import type { ScanOptions } from '../engine/scan.js';
import type { ScanReport } from '../report/types.js';
import { FORMATS, render } from '../report/writers/index.js';
import type { Format } from '../report/writers/index.js';
import { VERSION } from '../shared/version.js';
import { toolDescription, targetDescription } from './descriptions.js';
import { checkTarget, defaultPolicy } from './target-policy.js';
import type { McpTransport, TargetPolicy } from './target-policy.js';
import { toVerdict } from './verdict.js';
import type { RemoteFetchOptions } from '../remote/with-target.js';
import { ALLOW_HINT } from '../remote/address-policy.js';
import { stringifyJsonSafe } from '../shared/sanitize.js';
import type { McpVerdict } from './verdict.js';

export const SERVER_NAME = 'skillspector';
export const TOOL_NAME = 'scan_skill';

/** What one `scan_skill` call needs besides its arguments. */
export interface ScanSkillOptions extends TargetPolicy {
  /** The engine entry point; injectable for tests. */
  scanner?: (options: ScanOptions) => ScanReport | Promise<ScanReport>;
  /** The provider `skillspector mcp` found in its environment at start; absent: every scan is static-only. */
  llm?: LlmScanSettings;
  /**
   * How remote targets are fetched. Only in-process tests set it (to reach a 127.0.0.1 server): no transport
   * offers a way to allow private addresses to its callers.
   */
  remote?: RemoteFetchOptions;
}

export interface SkillspectorServerOptions extends Omit<ScanSkillOptions, 'allowLocalTargets'> {
  /** Decides the target policy and how the tool describes it. */
  transport: McpTransport;
  /** Overrides the transport's policy: only in-process tests let HTTP scan local paths. */
  allowLocalTargets?: boolean;
}

/** `compact` (the default) is not a report format: the reply's `report` is then a short plain-text summary. */
export const OUTPUT_FORMATS = ['compact', ...FORMATS] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The tool's arguments, with the `target` wording of the policy the server enforces. */
export function scanSkillInputFor(policy: TargetPolicy) {
  return z.object({
    target: z.string().describe(targetDescription(policy)),
    use_llm: z
      .boolean()
      .optional()
      .describe(
        'LLM analysis of the skill by the provider the server was started with. true: require it (a tool error when the '
        + 'server has no provider); false: a static-only scan that sends nothing; omitted: used exactly when the server has '
        + 'a provider. The verdict reports scan_mode, llm_used, llm_calls and llm_model.',
      ),
    output_format: z
      .enum(OUTPUT_FORMATS)
      .default('compact')
      .describe(
        'What the `report` field holds: compact (default) a short plain-text summary; json the full JSON report; '
        + `${FORMATS.filter((f) => f !== 'json').join(', ')} the full report in that format (terminal as plain text). `
        + 'The other fields of the reply are compact in every case.',
      ),
  });
}

/** The argument shape (the same on every transport; only the descriptions differ). */
export const scanSkillInput = scanSkillInputFor({ allowLocalTargets: true });

export type ScanSkillArgs = z.input<typeof scanSkillInput>;

const severity = z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']);
const count = z.number().int().nonnegative();

/** Loose on purpose: new fields may be added; this advertises what an agent can rely on. */
export const scanSkillOutput = z.looseObject({
  target: z.string(),
  risk_score: z.number(),
  severity,
  recommendation: z.enum(['SAFE', 'CAUTION', 'DO_NOT_INSTALL']),
  safe_to_install: z.boolean(),
  execution_successful: z.boolean(),
  analysis_completeness: z.looseObject({
    status: z.enum(['complete', 'partial', 'failed']),
    is_complete: z.boolean(),
    execution_successful: z.boolean(),
    entirely_uninspected_files: count,
    coverage_percent: z.number(),
    ledger_exceptions_total: count,
    exceptions_by_reason: z.record(z.string(), count),
    ledger_exceptions: z.array(z.looseObject({ reason_code: z.string(), path: z.string(), message: z.string(), fatal: z.boolean() })),
    ledger_exceptions_omitted: count,
  }),
  finding_counts: z.object({ CRITICAL: count, HIGH: count, MEDIUM: count, LOW: count }),
  findings_total: count,
  findings: z.array(
    z.looseObject({ id: z.string(), severity, title: z.string(), file: z.string(), line: z.number(), snippet: z.string(), occurrences: count }),
  ),
  findings_omitted: count,
  suppressed_count: count,
  report: z.string(),
  scan_mode: z.enum(['static-only', 'static+llm']),
  llm_used: z.boolean(),
  llm_calls: count,
  llm_model: z.string().nullable(),
  version: z.string(),
});

export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** One line ending in a full stop: what a tool error should read like. */
function sentence(s: string): string {
  const line = oneLine(s);
  return /[.!?]$/.test(line) ? line : `${line}.`;
}

function renderReport(format: Format, report: ScanReport): string | { error: string } {
  try {
    return render(format, report, { color: false, verbose: false, showSuppressed: false });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { error: `output_format ${format} could not be rendered (${oneLine(why)}); retry with output_format "json".` };
  }
}

const NO_PROVIDER = 'LLM analysis was requested (use_llm: true) but this server has no LLM provider configured; call again without use_llm for a static scan, or start the server with SKILLSPECTOR_PROVIDER and SKILLSPECTOR_MODEL set.';

/** The provider settings this call scans with (none: static-only), or why the call cannot be honoured. */
function llmFor(args: ScanSkillArgs, options: ScanSkillOptions): { settings?: LlmScanSettings } | { error: string } {
  if (args.use_llm === false) return {};
  if (options.llm) return { settings: options.llm };
  return args.use_llm === true ? { error: NO_PROVIDER } : {};
}

/** The tool body, transport-free so it can be exercised directly. Never throws. */
export async function runScanSkill(args: ScanSkillArgs, options: ScanSkillOptions): Promise<CallToolResult> {
  const decision = checkTarget(args.target, options);
  if (!decision.ok) return toolError(decision.message);
  const llm = llmFor(args, options);
  if ('error' in llm) return toolError(llm.error);
  let report: ScanReport;
  try {
    const scanner = options.scanner ?? (async (o: ScanOptions) => (await scanAsync(o)).report);
    const scanWith = (path: string, extras: Partial<ScanOptions>): Promise<ScanReport> | ScanReport =>
      scanner({ target: path, ...extras, ...(llm.settings ? { llm: llm.settings } : {}) });
    if (decision.remote) {
      // Loaded on first use: a server that only scans local paths never loads the fetch code.
      const { withLocalTarget } = await import('../remote/with-target.js');
      report = await withLocalTarget(decision.path, options.remote ?? {}, async ({ path, scanExtras }) => scanWith(path, scanExtras));
    } else {
      report = await scanWith(decision.path, {});
    }
  } catch (err) {
    return scanFailure(args, err);
  }
  return respond(args, report);
}

function scanFailure(args: ScanSkillArgs, err: unknown): CallToolResult {
  // The CLI's way around an address refusal is not an MCP caller's to take.
  if (err instanceof UsageError) return toolError(sentence(err.message.replace(ALLOW_HINT, '(private addresses are never allowed over MCP)')));
  const why = err instanceof Error ? err.message : String(err);
  return toolError(sentence(`internal error while scanning ${JSON.stringify(args.target)}: ${why}`));
}

function respond(args: ScanSkillArgs, report: ScanReport): CallToolResult {
  const format: OutputFormat = args.output_format ?? 'compact';
  let rendered: string | undefined;
  if (format !== 'compact') {
    const out = renderReport(format, report);
    if (typeof out !== 'string') return toolError(out.error);
    rendered = out;
  }
  const verdict: McpVerdict = toVerdict(report, args.target, rendered);
  return {
    content: [{ type: 'text', text: stringifyJsonSafe(verdict) }],
    structuredContent: verdict as unknown as Record<string, unknown>,
  };
}

/** A fresh server instance. The serving entries call this once per connection (stdio) or request (HTTP). */
export function createSkillspectorServer(options: SkillspectorServerOptions): McpServer {
  const { transport, allowLocalTargets, ...rest } = options;
  const policy: TargetPolicy = allowLocalTargets === undefined ? defaultPolicy(transport) : { allowLocalTargets };
  const server = new McpServer({ name: SERVER_NAME, version: VERSION }, { capabilities: { tools: {} } });
  server.registerTool(
    TOOL_NAME,
    {
      title: 'Scan an agent skill',
      description: toolDescription(policy),
      inputSchema: scanSkillInputFor(policy),
      outputSchema: scanSkillOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (args) => runScanSkill(args, { ...rest, ...policy }),
  );
  return server;
}
