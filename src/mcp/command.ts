// `skillspector mcp [--transport stdio|http] [--host 127.0.0.1] [--port 8000]` (CONTRACT §2, §8).
import type { Command } from 'commander';
import { EXIT } from '../cli/exit-codes.js';
import { budgetsOf, llmSettings } from '../cli/llm-options.js';
import type { Environment } from '../cli/llm-options.js';
import type { LlmScanSettings } from '../engine/llm-stage.js';
import { providerFromEnv } from '../llm/client/provider-config.js';
import { TRANSPORTS } from './target-policy.js';
import type { McpTransport } from './target-policy.js';
import { DEFAULT_HOST, DEFAULT_PORT, runHttp, runStdio } from './transports.js';

export interface McpCliOptions {
  transport: string;
  host: string;
  port: string;
}

export interface McpPlan {
  transport: McpTransport;
  host: string;
  port: number;
}

/** Validates the options; returns a plan or the one-line usage message. */
export function planMcp(opts: McpCliOptions): McpPlan | { error: string } {
  const transport = opts.transport.toLowerCase();
  if (!(TRANSPORTS as readonly string[]).includes(transport)) {
    return { error: `--transport expects stdio or http; got ${JSON.stringify(opts.transport)}` };
  }
  const host = opts.host.trim();
  if (host === '') return { error: '--host expects an address to bind, e.g. 127.0.0.1' };
  if (!/^\d{1,5}$/.test(opts.port.trim()) || Number(opts.port) > 65535) {
    return { error: `--port expects a number from 0 to 65535; got ${JSON.stringify(opts.port)}` };
  }
  return { transport: transport as McpTransport, host, port: Number(opts.port) };
}

/**
 * The provider `scan_skill` may use, read once at start with the scan defaults for budgets: undefined
 * when none is configured (every call is static-only), or the one-line problem when it is misconfigured.
 */
export function mcpLlm(env: Environment): { llm?: LlmScanSettings } | { error: string } {
  const found = providerFromEnv(env);
  if (found.ok) return { llm: llmSettings(found.config, budgetsOf({})) };
  if (found.code === 'not_configured') return {};
  return { error: `LLM provider misconfigured: ${found.message} (unset SKILLSPECTOR_PROVIDER for a static-only server)` };
}

function die(message: string): never {
  process.stderr.write(`skillspector: ${message}\n`);
  process.exit(EXIT.error);
}

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('run as an MCP server exposing the scan_skill tool (stdio, or streamable HTTP on loopback)')
    .option('--transport <transport>', 'stdio or http', 'stdio')
    .option('--host <host>', 'HTTP bind address', DEFAULT_HOST)
    .option('--port <port>', 'HTTP port', String(DEFAULT_PORT))
    .action((opts: McpCliOptions) => {
      const plan = planMcp(opts);
      if ('error' in plan) die(plan.error);
      const provider = mcpLlm(process.env);
      if ('error' in provider) die(provider.error);
      const { llm } = provider;
      if (llm) process.stderr.write(`skillspector: scan_skill uses LLM analysis (provider ${llm.provider}, model ${llm.model}) unless a call passes use_llm: false; visible skill files are sent to it.\n`);
      if (plan.transport === 'stdio') {
        runStdio(llm);
        return;
      }
      runHttp({ host: plan.host, port: plan.port, ...(llm ? { llm } : {}) }).catch((err: unknown) => {
        const code = (err as NodeJS.ErrnoException).code;
        const why = code === 'EADDRINUSE' ? 'the port is already in use; pick another with --port' : err instanceof Error ? err.message : String(err);
        die(`cannot start the MCP HTTP server on ${plan.host}:${plan.port}: ${why}`);
      });
    });
}
