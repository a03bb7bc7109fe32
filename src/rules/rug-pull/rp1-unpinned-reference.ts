import { LineIndex, type LineList } from '../../analysis/lines.js';
import { placeOf, sectionOf } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import type { FileView } from '../../model/bundle.js';
import { defineRule } from '../types.js';
import { gateOpen, walkGate } from '../kit/walk-gates.js';
import type { RuleContext, RuleHit } from '../types.js';
import { segmentOrigin, urlsIn } from '../supply-chain/remote-fetch.js';
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
    // `Bash(npx pkg *)`: a tool-permission pattern, not a command. `npx cache: …`, `npx 403 errors`: prose.
    if (/\bBash\($/i.test(text.slice(Math.max(0, start - 5), start))) continue;
    const first = rest.trimStart().split(/\s/, 1)[0] ?? '';
    if (/[^:]:$/.test(first) || /^\d+$/.test(first)) continue;
    const v = judge(launcher, words(rest));
    if (!v) continue;
    idx ??= new LineIndex(text);
    const line = idx.lineOf(start);
    const tick = rest.indexOf('`');
    out.push(hitOf(v, line, start - idx.lineStart(line), `${launcher} ${(tick === -1 ? rest : rest.slice(0, tick)).trim()}`.slice(0, 200)));
  }
}

function hitOf(v: Verdict, line: number, column: number, matched: string, source: 'command' | 'server-entry' = 'command'): RuleHit {
  const hit: RuleHit = { line, column, matched, label: v.label, confidence: v.confidence, tags: [`launcher:${v.launcher}`], evidence: { launcher: v.launcher, operand: v.operand, source } };
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
    out.push(hitOf(v, line, at === -1 ? 0 : at - idx.lineStart(line), `${cmd} ${args.join(' ')}`.slice(0, 200), 'server-entry'));
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

// Instructions the agent is told to fetch from a URL and follow when it runs: the reviewed skill hands its
// behaviour to a document that can change at any time. A fetch verb, an instruction noun, a follow verb aimed
// at what was fetched, and a URL, within one line and its neighbours. Reading documentation is not this.
const FETCH_VERB = /\b(?:fetch|download|load|retrieve|pull|get|read|curl|wget|request|sync)\b/i;
const INSTRUCTION_NOUN = /\b(?:instructions?|prompts?|system prompt|rules|rule ?set|directives?|playbook|persona|guidelines|orders|commands|tasks|steps)\b/i;
const FOLLOW_VERB =
  /\b(?:follow|obey|execute|carry out|apply|comply with|act on|adopt)\s{1,4}(?:the|its|their|all|every|each|them|it|whatever|what|those|these)\b|\b(?:treat|use)\s{1,4}(?:it|them|this|that|the\s{1,4}\w{1,20})\s{1,4}as\s{1,4}(?:your|the)\b|\b(?:replaces?|overrides?)\s{1,4}(?:your|these|the|any)\s{1,4}(?:instructions|rules|defaults?|guidance|prompt)\b|\btakes?\s{1,4}precedence\b/i;
// Read at run time, not once at setup: "every session", "before each task", "the latest", "always".
const RUNTIME_CUE = /\b(?:every|each|always|whenever|before (?:each|every|any|starting)|at (?:the )?start of|on (?:each|every) (?:run|start|call|task|session)|latest|current|updated|newest|live|at run ?time|periodically|hourly|daily)\b/i;
const LINE_HEAD = 2_000;
// Necessary literals of a remote-instructions line: it holds a URL (`://`), and its window an INSTRUCTION_NOUN
// (instruction, prompt, rule, directive, playbook, persona, guidelines, orders, commands, tasks, steps).
// FOLLOW_VERB adds nothing a gate can use: `use … as` makes it pass every text.
const URL_WORDS = ['://'];
const INSTRUCTION_WORDS = ['instruction', 'prompt', 'rule', 'directive', 'playbook', 'persona', 'guidelines', 'orders', 'commands', 'tasks', 'steps'];
const REMOTE_GATE = walkGate('RP1 remote instructions', [URL_WORDS, INSTRUCTION_WORDS]);

function remoteInstructions(file: FileView, lines: LineList, index: LineIndex, out: RuleHit[]): void {
  let found = 0;
  for (let i = 0; i < lines.length && found < 32; i += 1) {
    const text = (lines.at(i) ?? '').slice(0, LINE_HEAD);
    if (!text.includes('://')) continue;
    const urls = urlsIn(text);
    if (urls.length === 0) continue;
    const line = i + 1;
    if (sectionOf(index, line) === 'install') continue;
    const window = lines.slice(Math.max(0, i - 1), i + 2).map((l) => l.slice(0, LINE_HEAD)).join('\n');
    if (!FETCH_VERB.test(window) && !/\b(?:at|from)\s{1,4}\S{0,8}https?:\/\//i.test(text)) continue;
    if (!INSTRUCTION_NOUN.test(window) || !FOLLOW_VERB.test(window)) continue;
    const o = segmentOrigin(urls.slice(0, 8).join(' '), undefined, false);
    const runtime = RUNTIME_CUE.test(text);
    let severity: 'CRITICAL' | 'HIGH' | 'MEDIUM' = 'MEDIUM';
    let confidence = 0.6;
    if (o.origin === 'anonymous') {
      severity = 'CRITICAL';
      confidence = 0.85;
    } else if (o.origin === 'unknown') {
      severity = runtime ? 'HIGH' : 'MEDIUM';
      confidence = runtime ? 0.8 : 0.65;
    }
    found += 1;
    out.push({
      line, column: 0, matched: text.trim().slice(0, 200), severity, confidence,
      label: `Instructions fetched from a remote URL${runtime ? ' at run time' : ''} and followed`,
      tags: ['remote-instructions'], evidence: { technique: 'remote-instructions', host: o.host, origin: o.origin, runtime },
    });
  }
}

// A whole-line comment in code (`# usage: npx tool`, `// npx tsx run.ts`): documentation, not a command.
const COMMENT_LINE: Readonly<Record<string, RegExp>> = {
  python: /^\s{0,40}#(?!!)/, shell: /^\s{0,40}#(?!!)/, ruby: /^\s{0,40}#/, powershell: /^\s{0,40}#/,
  javascript: /^\s{0,40}(?:\/\/|\*|\/\*)/, typescript: /^\s{0,40}(?:\/\/|\*|\/\*)/, go: /^\s{0,40}\/\//, rust: /^\s{0,40}\/\//,
};
// A document that is a setup guide by its name or folder: every command in it is a setup step.
const SETUP_DOC = /(?:^|\/)(?:setup|set-up|install|installation|installing|getting[-_ ]started|quick[-_ ]?start|prerequisites|bootstrap|onboarding)(?:[-_.][\w.-]{0,40})?(?:\/|\.(?:md|markdown|txt|rst)$)/i;
const RANK = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 } as const;

/**
 * Setup steps, setup guides, code comments and frontmatter mentions are LOW (a package the skill's author
 * controls is the rug-pull case itself, so a package named after the skill is not excused); then one finding
 * per package per file (the strongest, with the
 * count and first lines of the rest), so a page that uses one CLI forty times reports it once.
 */
function calibrate(file: FileView, hits: RuleHit[], index: LineIndex, lines: LineList): RuleHit[] {
  const comment = COMMENT_LINE[file.type];
  const setupDoc = !file.isManifest && SETUP_DOC.test(file.path);
  const best = new Map<string, { hit: RuleHit; lines: number[] }>();
  const order: string[] = [];
  for (const h of hits) {
    const ev = h.evidence ?? {};
    if (ev.technique === 'remote-instructions') {
      const key = `remote\u001f${h.line}`;
      best.set(key, { hit: h, lines: [h.line] });
      order.push(key);
      continue;
    }
    const operand = String(ev.operand ?? '');
    if (h.severity !== 'LOW') {
      let why: string | null = null;
      // Frontmatter prose ("description: uses npx …") mentions a command; the MCP server entries the
      // frontmatter declares are read as data (source: server-entry) and keep their severity.
      if (ev.source === 'command' && placeOf(file, index, h.line) === 'frontmatter') why = 'mentioned in the frontmatter';
      else if (ev.source === 'command' && (setupDoc || sectionOf(index, h.line) === 'install')) why = 'setup step';
      else if (comment?.test((lines.at(h.line - 1) ?? '').slice(0, 200))) why = 'in a comment';
      if (why) {
        h.severity = 'LOW';
        h.label = `${h.label ?? ''} (${why})`;
      }
    }
    const name = ev.launcher === 'docker' ? operand.replace(/[:@][^/]*$/, '') : operand.replace(/(?!^)[@=<>~!].*$/, '').replace(/\[.*$/, '');
    const key = `${String(ev.launcher)}\u001f${name.toLowerCase()}`;
    const cur = best.get(key);
    if (!cur) {
      best.set(key, { hit: h, lines: [h.line] });
      order.push(key);
      continue;
    }
    cur.lines.push(h.line);
    if (RANK[h.severity ?? 'MEDIUM'] > RANK[cur.hit.severity ?? 'MEDIUM']) cur.hit = h;
  }
  return order.map((k) => {
    const { hit, lines: at } = best.get(k) as { hit: RuleHit; lines: number[] };
    if (at.length > 1) hit.evidence = { ...hit.evidence, occurrences: at.length, lines: at.slice(0, 10) };
    return hit;
  });
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
      'A command or MCP server entry that fetches code by name without fixing the release: `npx pkg` without an exact `@x.y.z`, `uvx pkg` without `==`, `pip install pkg` without `==` (LOW), or a Docker image without a tag or digest (floating tags such as `latest` count as unpinned). Whoever controls the package can change what the skill runs at any time, after it was reviewed. Also instructions the agent is told to fetch from a URL and follow (HIGH when read at run time from an unknown host, CRITICAL from a paste site, shortener, raw IP or tunnel). Reported once per package per file; LOW in installation/setup sections and setup guides, code comments, frontmatter mentions and README/CHANGELOG-style human docs.',
    remediation: 'Pin every fetched dependency to an exact version (`npx pkg@1.2.3`, `uvx pkg==1.2.3`, `pip install pkg==1.2.3`) and images to a digest (`image@sha256:…`). Ship the instructions the agent follows inside the skill, where they are reviewed with it.',
  },
  check(ctx: RuleContext) {
    const out: RuleHit[] = [];
    const text = ctx.file.text;
    if (/npx|uvx|uv|pip|docker/.test(text)) lineScan(text, out);
    if (ctx.file.type === 'json') structured(parseJson(text), text, out);
    if (ctx.file.isManifest && ctx.bundle.manifest) structured(ctx.bundle.manifest.data, text, out);
    if (HUMAN_DOCS.test(ctx.file.path)) for (const h of out) h.severity = 'LOW';
    const views = ctx.views ?? viewsOf(text);
    if (gateOpen(views.raw, REMOTE_GATE)) remoteInstructions(ctx.file, views.raw.lines, views.raw.index, out);
    return calibrate(ctx.file, out, views.raw.index, views.raw.lines);
  },
});
