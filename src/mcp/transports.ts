// Serving `skillspector mcp`: stdio (one local client, local targets allowed) and streamable HTTP
// (node:http, loopback by default, Host/Origin validation on, body size capped, no local targets).
// Both entries are era-aware: they serve 2026-07-28 clients and fall back to the 2025 handshake.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { LlmScanSettings } from '../engine/llm-stage.js';
import { createSkillspectorServer } from './server.js';
import type { SkillspectorServerOptions } from './server.js';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8000;
export const MCP_PATH = '/mcp';
/** Upper bound on one HTTP request body; a `scan_skill` call is a few hundred bytes. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

type Log = (line: string) => void;

export interface HttpServerOptions {
  host?: string;
  port?: number;
  /**
   * Test-only escape hatch: let the HTTP transport scan local paths. The CLI never sets it; over
   * HTTP every local target is refused (CONTRACT §8).
   */
  allowLocalTargets?: boolean;
  /** Where diagnostics go (never stdout); silent by default. */
  log?: Log;
  /** LLM settings for `use_llm` (read from the environment once by `skillspector mcp`); absent: static only. */
  llm?: LlmScanSettings;
}

export interface HttpServerHandle {
  /** The MCP endpoint, e.g. http://127.0.0.1:8000/mcp. */
  url: string;
  close(): Promise<void>;
}

/** Hostnames a Host/Origin header may name: loopback, plus the bound address when it is specific. */
export function allowedHostnames(host: string): string[] {
  const names = new Set(LOOPBACK_HOSTNAMES);
  if (!WILDCARD_HOSTS.has(host)) names.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase());
  return [...names];
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function sendJsonError(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(body);
}

function declaredLength(req: IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export async function startHttpServer(options: HttpServerOptions = {}): Promise<HttpServerHandle> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const log: Log = options.log ?? (() => undefined);
  const serverOptions: SkillspectorServerOptions = {
    transport: 'http',
    ...(options.allowLocalTargets === true ? { allowLocalTargets: true } : {}),
    ...(options.llm ? { llm: options.llm } : {}),
  };
  const allowed = allowedHostnames(host);
  const validateHost = hostHeaderValidation(allowed);
  const validateOrigin = originValidation(allowed);
  const mcp = createMcpHandler(() => createSkillspectorServer(serverOptions), {
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    onerror: (err) => log(`mcp: ${errorText(err)}`),
  });
  const handle = toNodeHandler(mcp, {
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    onerror: (err) => log(`mcp http: ${errorText(err)}`),
  });

  const server = createServer((req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) return sendJsonError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    const length = declaredLength(req);
    if (length !== undefined && length > MAX_REQUEST_BODY_BYTES) {
      req.resume();
      return sendJsonError(res, 413, `request body too large (limit ${MAX_REQUEST_BODY_BYTES} bytes)`);
    }
    handle(req, res).catch((err: unknown) => {
      log(`mcp http: ${errorText(err)}`);
      sendJsonError(res, 500, 'internal server error');
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  await listen(server, port, host);
  const address = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${address.port}${MCP_PATH}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await mcp.close().catch((err: unknown) => log(`mcp: ${errorText(err)}`));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    })();
    return closing;
  };
  return { url, close };
}

/** Closes `stop` once on SIGINT/SIGTERM, then exits 0. */
function exitOnSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (): void => {
    if (stopping) return;
    stopping = true;
    void stop()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

function stderrLog(line: string): void {
  process.stderr.write(`skillspector: ${line}\n`);
}

/** `skillspector mcp --transport http`: serve until a signal arrives. */
export async function runHttp(options: { host: string; port: number; llm?: LlmScanSettings }): Promise<HttpServerHandle> {
  const server = await startHttpServer({ host: options.host, port: options.port, log: stderrLog, ...(options.llm ? { llm: options.llm } : {}) });
  if (WILDCARD_HOSTS.has(options.host)) {
    stderrLog(`warning: listening on every interface (${options.host}); only loopback Host headers are accepted`);
  }
  stderrLog(`MCP server (streamable HTTP) listening on ${server.url}; local targets are refused over HTTP`);
  exitOnSignal(() => server.close());
  return server;
}

/** `skillspector mcp` (stdio): stdout carries only protocol messages; diagnostics go to stderr. */
export function runStdio(llm?: LlmScanSettings): void {
  const handle = serveStdio(() => createSkillspectorServer({ transport: 'stdio', ...(llm ? { llm } : {}) }), {
    onerror: (err) => stderrLog(`mcp: ${errorText(err)}`),
  });
  exitOnSignal(() => handle.close());
}
