// Bounded SKILL.md frontmatter parsing with a real YAML parser. Never throws.
import { isMap, isScalar, isSeq, parseDocument, visit } from 'yaml';
import { LineIndex } from '../analysis/lines.js';
import type { Limits } from '../limits/index.js';

export interface Manifest {
  name?: string;
  description?: string;
  triggers: string[];
  permissions: string[];
  allowedTools: string[];
  /** Every string value in the frontmatter, with the 1-based SKILL.md line it starts on. */
  fields: { key: string; value: string; line: number }[];
  /** Raw parsed object (plain data) for rules that need more. */
  data: Record<string, unknown>;
}

export type ManifestResult =
  | { ok: true; manifest: Manifest | null }
  | { ok: false; reason: 'manifest_parse_error' | 'manifest_parse_limit'; message: string };

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export function parseManifest(text: string, limits: Limits): ManifestResult {
  if (!/^\uFEFF?---/.test(text)) return { ok: true, manifest: null };
  const prefix = text.slice(0, limits.manifestPrefixBytes);
  const m = FRONTMATTER.exec(prefix);
  if (!m || m[1] === undefined) {
    const why = text.length > limits.manifestPrefixBytes ? 'manifest_parse_limit' : 'manifest_parse_error';
    return { ok: false, reason: why, message: 'SKILL.md starts a frontmatter block that is not closed within the parser bounds.' };
  }
  try {
    return parseYaml(m[1], (m[0].startsWith('\uFEFF') ? 1 : 0) + 1, limits);
  } catch (err) {
    return { ok: false, reason: 'manifest_parse_error', message: `SKILL.md frontmatter is not valid YAML: ${(err as Error).message.split('\n')[0]}` };
  }
}

function parseYaml(body: string, firstLine: number, limits: Limits): ManifestResult {
  const doc = parseDocument(body, { uniqueKeys: true, schema: 'core', prettyErrors: false });
  if (doc.errors.length > 0) {
    return { ok: false, reason: 'manifest_parse_error', message: `SKILL.md frontmatter is not valid YAML: ${doc.errors[0]?.message.split('\n')[0] ?? 'error'}` };
  }
  let nodes = 0;
  let tooDeep = false;
  visit(doc, (_key, _node, path) => {
    nodes += 1;
    if (path.length > limits.manifestMaxDepth) tooDeep = true;
    if (nodes > limits.manifestMaxNodes || tooDeep) return visit.BREAK;
    return undefined;
  });
  if (nodes > limits.manifestMaxNodes || tooDeep) {
    return { ok: false, reason: 'manifest_parse_limit', message: `SKILL.md frontmatter exceeds ${limits.manifestMaxNodes} nodes or depth ${limits.manifestMaxDepth}.` };
  }
  if (doc.contents !== null && !isMap(doc.contents)) {
    return { ok: false, reason: 'manifest_parse_error', message: 'SKILL.md frontmatter is not a YAML mapping.' };
  }
  const data = (doc.toJS({ maxAliasCount: limits.manifestMaxAliases }) ?? {}) as Record<string, unknown>;
  const lineOf = lineMapper(body, firstLine);
  const fields: Manifest['fields'] = [];
  visit(doc, {
    Pair(_k, pair, path) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      collectStrings(pair.value, key || keyPath(path), lineOf, fields);
      return undefined;
    },
  });
  return { ok: true, manifest: project(data, fields) };
}

function keyPath(path: readonly unknown[]): string {
  return String(path.length);
}

function collectStrings(node: unknown, key: string, lineOf: (off: number) => number, out: Manifest['fields']): void {
  if (isScalar(node) && typeof node.value === 'string') {
    out.push({ key, value: node.value, line: lineOf(node.range?.[0] ?? 0) });
  } else if (isSeq(node)) {
    for (const item of node.items) if (isScalar(item)) collectStrings(item, key, lineOf, out);
  }
}

function lineMapper(body: string, firstLine: number): (offset: number) => number {
  const index = new LineIndex(body);
  return (offset) => firstLine + index.lineOf(offset);
}

function stringList(v: unknown): string[] {
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(v)) return v.filter((x): x is string | number => typeof x === 'string' || typeof x === 'number').map(String);
  if (isPlainObject(v)) return enabledKeys(v);
  return [];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{ network: true, shell: false }`: the keys switched on. */
function enabledKeys(v: Record<string, unknown>): string[] {
  return Object.entries(v).filter(([, on]) => on !== false && on !== null && on !== 'false' && on !== 0).map(([k]) => k);
}

const MAX_TOOLS = 256;
const MAX_TOOL_CHARS = 512;

/**
 * Splits one `allowed-tools` string the way Claude Code reads it: entries separated by commas and/or
 * whitespace, except inside parentheses, so `Read Grep Bash(git log:*)`, `Read, Write` and
 * `Read,Bash(npx *eas-cli@*)` all give one entry per tool and a scoped `Bash(stripe docs *)` stays whole.
 * Linear in the string.
 */
export function splitTools(s: string, out: string[] = []): string[] {
  let depth = 0;
  let start = -1;
  const push = (end: number): void => {
    if (start >= 0 && out.length < MAX_TOOLS) {
      const entry = s.slice(start, end).trim().replace(/^["']|["']$/g, '');
      if (entry) out.push(entry.slice(0, MAX_TOOL_CHARS));
    }
    start = -1;
  };
  for (let i = 0; i < s.length && out.length < MAX_TOOLS; i += 1) {
    const ch = s.charCodeAt(i);
    const sep = depth === 0 && (ch === 44 /* , */ || ch === 32 || ch === 9 || ch === 10 || ch === 13);
    if (sep) {
      push(i);
      continue;
    }
    if (ch === 40 /* ( */) depth += 1;
    else if (ch === 41 /* ) */ && depth > 0) depth -= 1;
    if (start < 0) start = i;
  }
  push(s.length);
  return out;
}

/**
 * `allowed-tools` in every form skills write it: a YAML list (whose items may themselves hold several
 * tools), a comma- or space-separated string, scoped entries (`Bash(node *)`, `Bash(git:*)`), MCP tool
 * names (`mcp__server__tool`), or a mapping of tool names to true/false.
 */
export function toolList(v: unknown): string[] {
  const out: string[] = [];
  if (typeof v === 'string') return splitTools(v, out);
  if (Array.isArray(v)) {
    for (const x of v) {
      if (out.length >= MAX_TOOLS) break;
      if (typeof x === 'string') splitTools(x, out);
      else if (isPlainObject(x)) for (const k of enabledKeys(x)) splitTools(k, out);
    }
    return out;
  }
  if (isPlainObject(v)) for (const k of enabledKeys(v)) splitTools(k, out);
  return out;
}

function project(data: Record<string, unknown>, fields: Manifest['fields']): Manifest {
  const m: Manifest = {
    triggers: stringList(data.triggers),
    permissions: stringList(data.permissions),
    allowedTools: toolList(data['allowed-tools'] ?? data.allowed_tools ?? data.allowedTools),
    fields,
    data,
  };
  if (typeof data.name === 'string') m.name = data.name;
  if (typeof data.description === 'string') m.description = data.description;
  return m;
}
