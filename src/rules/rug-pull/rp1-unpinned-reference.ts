import { LineIndex } from '../../analysis/lines.js';
import { defineRule } from '../types.js';
import type { RuleContext, RuleHit } from '../types.js';
import { dockerImage, npxOperand, pipUnpinned, uvxOperand, words, type Launcher } from './commands.js';

const COMMAND = /(?:^|[\s`'"(;|&>])(npx|uvx|uv[ \t]+tool[ \t]+run|(?:python3?[ \t]+-m[ \t]+)?pip3?[ \t]+install|uv[ \t]+pip[ \t]+install|docker[ \t]+(?:run|pull|create))[ \t]+/g;
// Human-facing project docs: what a maintainer runs, not what the agent is told to run.
const HUMAN_DOCS = /(?:^|\/)(?:README|CHANGELOG|CHANGES|HISTORY|CONTRIBUTING)(?:\.[a-z]+)?$/i;
const MAX_HITS = 256;

interface Verdict {
  launcher: Launcher;
  operand: string;
  confidence: number;
  severity?: 'LOW';
  label: string;
}

function judge(launcher: string, ws: string[]): Verdict | null {
  if (launcher === 'npx') {
    const o = npxOperand(ws);
    return o && !o.pinned ? { launcher: 'npx', operand: o.operand, confidence: 0.7, label: 'npx package without an exact version' } : null;
  }
  if (launcher === 'uvx' || launcher.startsWith('uv ') || /^uv[ \t]+tool/.test(launcher)) {
    if (/pip/.test(launcher)) return pipVerdict(ws);
    const o = uvxOperand(ws);
    return o && !o.pinned ? { launcher: 'uvx', operand: o.operand, confidence: 0.65, label: 'uvx package without an exact version' } : null;
  }
  if (launcher.includes('pip')) return pipVerdict(ws);
  const o = dockerImage(ws);
  return o && !o.pinned ? { launcher: 'docker', operand: o.operand, confidence: 0.75, label: 'Docker image without a fixed tag or digest' } : null;
}

function pipVerdict(ws: string[]): Verdict | null {
  const unpinned = pipUnpinned(ws);
  if (unpinned.length === 0) return null;
  const mcp = unpinned.some((p) => /mcp/i.test(p));
  return { launcher: 'pip', operand: unpinned.join(' '), confidence: mcp ? 0.6 : 0.4, severity: 'LOW', label: 'pip install without an exact version' };
}

function lineScan(text: string, out: RuleHit[]): void {
  let idx: LineIndex | undefined;
  COMMAND.lastIndex = 0;
  for (let m = COMMAND.exec(text); m !== null && out.length < MAX_HITS; m = COMMAND.exec(text)) {
    const launcher = m[1] ?? '';
    const start = m.index + m[0].indexOf(launcher);
    const restStart = m.index + m[0].length;
    let end = text.indexOf('\n', restStart);
    if (end === -1) end = text.length;
    let rest = text.slice(restStart, Math.min(end, restStart + 512));
    // Multi-line docker invocations continue with a trailing backslash.
    for (let n = 0; n < 8 && rest.trimEnd().endsWith('\\') && end < text.length && rest.length < 2048; n += 1) {
      const next = text.indexOf('\n', end + 1);
      const stop = next === -1 ? text.length : next;
      rest = `${rest.trimEnd().slice(0, -1)} ${text.slice(end + 1, Math.min(stop, end + 513))}`;
      end = stop;
    }
    const v = judge(launcher, words(rest));
    if (!v) continue;
    idx ??= new LineIndex(text);
    const line = idx.lineOf(start);
    const tick = rest.indexOf('`');
    out.push(hitOf(v, line, start - idx.lineStart(line), `${launcher} ${(tick === -1 ? rest : rest.slice(0, tick)).trim()}`.slice(0, 200)));
  }
}

function hitOf(v: Verdict, line: number, column: number, matched: string): RuleHit {
  const hit: RuleHit = { line, column, matched, label: v.label, confidence: v.confidence, tags: [`launcher:${v.launcher}`], evidence: { launcher: v.launcher, operand: v.operand } };
  if (v.severity) hit.severity = v.severity;
  return hit;
}

/** MCP server entries written as data: `{"command": "npx", "args": ["-y", "pkg"]}` (JSON configs, frontmatter). */
function structured(root: unknown, text: string, out: RuleHit[]): void {
  let idx: LineIndex | undefined;
  const stack: { node: unknown; depth: number }[] = [{ node: root, depth: 0 }];
  for (let visited = 0; stack.length > 0 && visited < 10_000 && out.length < MAX_HITS; visited += 1) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== 'object' || depth > 32) continue;
    const values = Array.isArray(node) ? node : Object.values(node as Record<string, unknown>);
    for (const v of values.slice(0, 1_000)) if (v !== null && typeof v === 'object') stack.push({ node: v, depth: depth + 1 });
    if (Array.isArray(node)) continue;
    const rec = node as Record<string, unknown>;
    if (typeof rec.command !== 'string' || !Array.isArray(rec.args)) continue;
    const cmd = (rec.command.split(/[\\/]/).pop() ?? '').replace(/\.(?:cmd|exe)$/i, '');
    const args = rec.args.filter((a): a is string => typeof a === 'string').slice(0, 64);
    let launcher = cmd;
    let ws = args;
    if (cmd === 'docker') {
      if (!['run', 'pull', 'create'].includes(args[0] ?? '')) continue;
      ws = args.slice(1);
    } else if (cmd === 'uv' && args[0] === 'tool' && args[1] === 'run') {
      launcher = 'uvx';
      ws = args.slice(2);
    } else if (cmd !== 'npx' && cmd !== 'uvx') continue;
    const v = judge(launcher, ws);
    if (!v) continue;
    idx ??= new LineIndex(text);
    const at = text.indexOf(v.operand);
    const line = at === -1 ? 1 : idx.lineOf(at);
    out.push(hitOf(v, line, at === -1 ? 0 : at - idx.lineStart(line), `${cmd} ${args.join(' ')}`.slice(0, 200)));
  }
}

function parseJson(text: string): unknown {
  if (text.length > 2 * 1024 * 1024 || !text.includes('"command"')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const rp1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'RP1',
    category: 'Rug Pull',
    severity: 'MEDIUM',
    confidence: 0.7,
    title: 'Unpinned External Package or Server',
    description:
      'A command or MCP server entry that fetches code by name without fixing the release: `npx pkg` without an exact `@x.y.z`, `uvx pkg` without `==`, `pip install pkg` without `==` (LOW), or a Docker image without a tag or digest (floating tags such as `latest` count as unpinned). Whoever controls the package can change what the skill runs at any time, after it was reviewed. Reported as LOW in README/CHANGELOG-style human docs.',
    remediation: 'Pin every fetched dependency to an exact version (`npx pkg@1.2.3`, `uvx pkg==1.2.3`, `pip install pkg==1.2.3`) and images to a digest (`image@sha256:…`).',
  },
  check(ctx: RuleContext) {
    const out: RuleHit[] = [];
    const text = ctx.file.text;
    if (/npx|uvx|uv|pip|docker/.test(text)) lineScan(text, out);
    if (ctx.file.type === 'json') structured(parseJson(text), text, out);
    if (ctx.file.isManifest && ctx.bundle.manifest) structured(ctx.bundle.manifest.data, text, out);
    if (HUMAN_DOCS.test(ctx.file.path)) for (const h of out) h.severity = 'LOW';
    return out;
  },
});
