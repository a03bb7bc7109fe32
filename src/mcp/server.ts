// The MCP adapter: one tool, `scan_skill`, over the same engine the CLI uses (CONTRACT §8).
// A bad target, a refused target or a scanner failure is a tool error (`isError: true`) with one
// sentence; nothing a caller sends can take the server down.
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
import { checkTarget } from './target-policy.js';
import type { TargetPolicy } from './target-policy.js';
import { toVerdict } from './verdict.js';
import { stringifyJsonSafe } from '../shared/sanitize.js';
import type { McpVerdict } from './verdict.js';

export const SERVER_NAME = 'skillspector';
export const TOOL_NAME = 'scan_skill';

export interface SkillspectorServerOptions extends TargetPolicy {
  /** The engine entry point; injectable for tests. */
  scanner?: (options: ScanOptions) => ScanReport | Promise<ScanReport>;
  /** The provider `skillspector mcp` found in its environment at start; absent: every scan is static-only. */
  llm?: LlmScanSettings;
}

export const scanSkillInput = z.object({
  target: z.string().describe('The skill bundle to scan: a directory, a single file, or an archive (local paths over stdio only).'),
  use_llm: z
    .boolean()
    .optional()
    .describe(
      'LLM analysis of the skill by the provider the server was started with. true: require it (a tool error when the '
      + 'server has no provider); false: a static-only scan that sends nothing; omitted: used exactly when the server has '
      + 'a provider. The verdict reports scan_mode, llm_used, llm_calls and llm_model.',
    ),
  output_format: z
    .enum(FORMATS)
    .default('json')
    .describe('Format of the `report` field: json (default), markdown, sarif or terminal (plain text).'),
});

export type ScanSkillArgs = z.input<typeof scanSkillInput>;

/** Loose on purpose: the report's own schema is CONTRACT §3; this advertises the verdict's top level. */
export const scanSkillOutput = z.looseObject({
  target: z.string(),
  risk_score: z.number(),
  severity: z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
  recommendation: z.enum(['SAFE', 'CAUTION', 'DO_NOT_INSTALL']),
  safe_to_install: z.boolean(),
  execution_successful: z.boolean(),
  analysis_completeness: z.looseObject({
    status: z.enum(['complete', 'partial', 'failed']),
    is_complete: z.boolean(),
    execution_successful: z.boolean(),
    entirely_uninspected_files: z.number(),
  }),
  findings: z.array(z.record(z.string(), z.unknown())),
  report: z.string(),
  scan_mode: z.enum(['static-only', 'static+llm']),
  llm_used: z.boolean(),
  llm_calls: z.number(),
  llm_model: z.string().nullable(),
  version: z.string(),
});

const DESCRIPTION = [
  'Scan an AI agent skill bundle (directory, file or archive) with SkillSpector before installing it.',
  'Returns a fail-closed verdict: install only when safe_to_install is true; a low risk_score alone is not enough',
  '(the scan must have run successfully and inspected everything).',
].join(' ');

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
function llmFor(args: ScanSkillArgs, options: SkillspectorServerOptions): { settings?: LlmScanSettings } | { error: string } {
  if (args.use_llm === false) return {};
  if (options.llm) return { settings: options.llm };
  return args.use_llm === true ? { error: NO_PROVIDER } : {};
}

/** The tool body, transport-free so it can be exercised directly. Never throws. */
export async function runScanSkill(args: ScanSkillArgs, options: SkillspectorServerOptions): Promise<CallToolResult> {
  const decision = checkTarget(args.target, options);
  if (!decision.ok) return toolError(decision.message);
  const llm = llmFor(args, options);
  if ('error' in llm) return toolError(llm.error);
  let report: ScanReport;
  try {
    const scanner = options.scanner ?? (async (o: ScanOptions) => (await scanAsync(o)).report);
    report = await scanner({ target: decision.path, ...(llm.settings ? { llm: llm.settings } : {}) });
  } catch (err) {
    return scanFailure(args, err);
  }
  return respond(args, report);
}

function scanFailure(args: ScanSkillArgs, err: unknown): CallToolResult {
  if (err instanceof UsageError) return toolError(sentence(err.message));
  const why = err instanceof Error ? err.message : String(err);
  return toolError(sentence(`internal error while scanning ${JSON.stringify(args.target)}: ${why}`));
}

function respond(args: ScanSkillArgs, report: ScanReport): CallToolResult {
  const format: Format = args.output_format ?? 'json';
  const rendered = renderReport(format, report);
  if (typeof rendered !== 'string') return toolError(rendered.error);
  const verdict: McpVerdict = toVerdict(report, { target: args.target, rendered });
  return {
    content: [{ type: 'text', text: stringifyJsonSafe(verdict, 2) }],
    structuredContent: verdict as unknown as Record<string, unknown>,
  };
}

/** A fresh server instance. The serving entries call this once per connection (stdio) or request (HTTP). */
export function createSkillspectorServer(options: SkillspectorServerOptions): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: VERSION }, { capabilities: { tools: {} } });
  server.registerTool(
    TOOL_NAME,
    {
      title: 'Scan an agent skill',
      description: DESCRIPTION,
      inputSchema: scanSkillInput,
      outputSchema: scanSkillOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) => runScanSkill(args, options),
  );
  return server;
}
