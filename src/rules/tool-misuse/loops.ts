// Runaway loops in scripts, for TM1: an endless loop (`while True:`, `while (true)`, `for (;;)`,
// `while true; do`) whose body has no way out (break/return/exit/raise) and no pause or blocking wait
// (sleep, wait, join, accept, recv, input, read …), and that keeps spawning processes or threads,
// allocating memory, filling the disk or sending requests. Plus recursive shell fork bombs under any name.
// A polling loop that sleeps, a server loop that blocks in accept(), a worker that waits for its child:
// none of these is runaway. Bodies are bounded (MAX_BODY_LINES / MAX_BODY_CHARS), so the scan is linear.
import { activeLimits, noteActiveLimit } from '../../analysis/kernel.js';
import { viewsOf } from '../../analysis/views.js';
import { gateOpen, walkGate, type WalkGate } from '../kit/walk-gates.js';
import type { FileView } from '../../model/bundle.js';
import type { FlowHit, Lang } from './flows.js';
import { LANG_EXTS, langOf } from './flows.js';

const MAX_BODY_LINES = 80;
const MAX_BODY_CHARS = 8_000;
const HEAD_CAP = 400;

const PY_LOOP = /^(\s*)while\s+(?:True|1|not\s+False)\s*:\s*(.*)$/;
const BRACE_LOOP = /\b(?:while\s*\(\s*(?:true|1|!0|!false|TRUE|\$true)\s*\)|for\s*\(\s*;\s*;\s*\))\s*(\{)?/;
const SHELL_LOOP = /(?:^|[;&|]|\bthen|\belse)\s*(?:while\s+(?:true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))|until\s+(?:false|!\s*:))\s*;?\s*(?:do\b|$)/;

const LOOP_WORDS: Record<Lang, readonly string[]> = {
  python: ['while'],
  shell: ['while', 'until'],
  js: ['while', 'for'],
  php: ['while', 'for'],
  ruby: ['while', 'for'],
};
// Whole-text forms of the loop heads, a necessary condition for the walk: each is a prefix of PY_LOOP,
// SHELL_LOOP or BRACE_LOOP (which the walk tests on the first HEAD_CAP characters of one line) with `\s`
// narrowed to `[^\S\n]` (a line holds no line break; it also keeps `^`/`\s*` from running across blank lines).
// A line head that matches the full pattern matches the prefix at the same offset of the text.
const PY_LOOP_ANY = /^[^\S\n]*while[^\S\n]+(?:True|1|not[^\S\n]+False)/m;
const SHELL_LOOP_ANY = /(?:^|[;&|]|\bthen|\belse)[^\S\n]*(?:while[^\S\n]+(?:true|:|\[[^\S\n]*1[^\S\n]*\]|\(\([^\S\n]*1[^\S\n]*\)\))|until[^\S\n]+(?:false|![^\S\n]*:))/m;
const BRACE_LOOP_ANY = /\b(?:while[^\S\n]*\([^\S\n]*(?:true|1|!0|!false|TRUE|\$true)[^\S\n]*\)|for[^\S\n]*\([^\S\n]*;[^\S\n]*;[^\S\n]*\))/;
const LOOP_ANY: Record<Lang, RegExp> = { python: PY_LOOP_ANY, shell: SHELL_LOOP_ANY, js: BRACE_LOOP_ANY, php: BRACE_LOOP_ANY, ruby: BRACE_LOOP_ANY };
const LOOP_GATES = Object.fromEntries(
  (Object.keys(LOOP_WORDS) as Lang[]).map((lang) => [lang, walkGate(`TM1 runaway loop (${lang})`, [LOOP_WORDS[lang]], { exts: LANG_EXTS[lang], pattern: LOOP_ANY[lang] })]),
) as Record<Lang, WalkGate>;

const EXIT = /\b(?:break|return|exit|sys\.exit|os\._exit|process\.exit|raise|throw|quit|die)\b/;
// A pause or a wait for someone else: the loop runs at the pace of time, a child, a client or a queue.
const PACING = /\b(?:sleep|usleep|nanosleep|Start-Sleep|setTimeout|wait|waitpid|waitFor|join|communicate|accept|recv\w{0,8}|select|poll|epoll_wait|input|readline|read|getline|gets|fgets|getch|serve_forever|handle_request|inotifywait)\b|\.get\s*\(\s*(?:block|timeout)|\bq(?:ueue)?\.get\s*\(/;

interface Kinds { spawn: RegExp; bomb: RegExp; alloc: RegExp; fill: RegExp; request: RegExp; unawaited?: RegExp }

const KINDS: Record<Lang, Kinds> = {
  python: {
    spawn: /\bos\.fork\s*\(|\bos\.spawn\w*\s*\(|\bmultiprocessing\.Process\s*\(|\bProcess\s*\([^\n]{0,160}\)\s*\.start\s*\(|\bThread\s*\([^\n]{0,160}\)\s*\.start\s*\(|\bsubprocess\.Popen\s*\(|\bos\.popen\s*\(|\.start\s*\(\s*\)/,
    bomb: /\bos\.fork\s*\(/,
    alloc: /\bbytearray\s*\(\s*(?:\d{7,}|10\s*\*\*\s*\d|\d+\s*\*\s*1024\s*\*\s*1024)|\*\s*(?:\d{7,}|10\s*\*\*\s*[6-9])|\.append\s*\([^\n)]{0,80}\*\s*(?:\d{5,}|10\s*\*\*)/,
    fill: /\.(?:append|extend|write)\s*\(/,
    request: /\brequests\.\w+\s*\(|\burlopen\s*\(|\bhttpx\.\w+\s*\(|\bsocket\.socket\s*\(|\.(?:sendto|sendall|send)\s*\(|\.(?:get|post|put)\s*\(\s*(?:url|target|["']https?:)/,
  },
  js: {
    spawn: /\bchild_process\.(?:fork|spawn|exec|execFile)\s*\(|(?<![\w.$])(?:fork|spawn|exec|execFile)\s*\(|\bcluster\.fork\s*\(|\bnew\s+Worker\s*\(/,
    bomb: /(?<![\w.$])fork\s*\(|\b(?:cluster|child_process)\.fork\s*\(/,
    alloc: /\bBuffer\.(?:alloc|allocUnsafe)\s*\(\s*(?:\d{7,}|\d+e\d|\d+\s*\*\s*1024\s*\*\s*1024)|\bnew\s+(?:ArrayBuffer|Array)\s*\(\s*(?:\d{7,}|\d+e\d)|\.repeat\s*\(\s*(?:\d{7,}|\d+e\d)/,
    fill: /\.push\s*\(|\.(?:write|appendFileSync|writeFileSync)\s*\(/,
    request: /\bfetch\s*\(|\baxios(?:\.\w+)?\s*\(|\bhttps?\.(?:get|request)\s*\(|\bnew\s+WebSocket\s*\(|\.send\s*\(/,
    // A request that is not awaited starts another one at once: unbounded concurrency.
    unawaited: /(?<!await\s{1,4})(?<![\w.])(?:fetch|axios(?:\.\w+)?)\s*\(/,
  },
  shell: {
    spawn: /[^&|>]&[ \t]*(?:$|;|\n|\bdone\b)|\bnohup\b|\bsetsid\b/,
    bomb: /[^&|>]&[ \t]*(?:$|;|\n|\bdone\b)/,
    alloc: /\bdd\s+if=\/dev\/(?:zero|urandom)\b|\bfallocate\b|\byes\b[^\n|]{0,40}>|\bcat\s+\/dev\/(?:zero|urandom)\b[^\n]{0,40}>/,
    fill: />>\s*\S|\bcp\b|\bdd\b/,
    request: /\b(?:curl|wget|nc|ncat|hping3?|ab|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b/,
  },
  php: {
    spawn: /\bpcntl_fork\s*\(|\b(?:exec|shell_exec|system|passthru|popen|proc_open)\s*\([^\n]{0,160}&\s*["']/,
    bomb: /\bpcntl_fork\s*\(/,
    alloc: /\bstr_repeat\s*\([^\n)]{0,80}(?:\d{7,}|\d+\s*\*\s*1024\s*\*\s*1024)/,
    fill: /\[\]\s*=|\bfwrite\s*\(|\bfile_put_contents\s*\(/,
    request: /\bcurl_exec\s*\(|\bfile_get_contents\s*\(\s*["']https?:|\bfsockopen\s*\(/,
  },
  ruby: {
    spawn: /\bfork\b|\bProcess\.spawn\b|\bThread\.new\b|\bspawn\s*\(/,
    bomb: /\bfork\b/,
    alloc: /\*\s*(?:\d{7,}|10\s*\*\*\s*[6-9])/,
    fill: /<<\s*\S|\.push\s*\(|\.write\s*\(/,
    request: /\bNet::HTTP\b|\bopen-uri\b|\bHTTParty\b|\bURI\.open\b/,
  },
};

/** The body of a Python `while True:` at `line`: following lines indented deeper (or the inline statement). */
function pyBody(index: { count: number; lineText(n: number): string }, line: number, indent: string, inline: string): string {
  if (inline.trim() !== '' && !inline.trim().startsWith('#')) return inline;
  const parts: string[] = [];
  let chars = 0;
  for (let l = line + 1; l <= Math.min(index.count, line + MAX_BODY_LINES); l += 1) {
    const t = index.lineText(l).slice(0, HEAD_CAP);
    if (t.trim() === '' || t.trim().startsWith('#')) continue;
    const ind = /^\s*/.exec(t)?.[0] ?? '';
    if (ind.length <= indent.length) break;
    parts.push(t);
    chars += t.length;
    if (chars > MAX_BODY_CHARS) break;
  }
  return parts.join('\n');
}

/** A `{…}` body starting at `from` in `text`, by brace count (strings are not parsed; bodies are bounded). */
function braceBody(text: string, from: number): string {
  let depth = 0;
  const end = Math.min(text.length, from + MAX_BODY_CHARS);
  for (let i = from; i < end; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 123) depth += 1;
    else if (c === 125) {
      depth -= 1;
      if (depth === 0) return text.slice(from + 1, i);
    }
  }
  return text.slice(from + 1, end);
}

/** A shell `do … done` body starting after `from`, counting nested do/done. */
function shellBody(text: string, from: number): string {
  const end = Math.min(text.length, from + MAX_BODY_CHARS);
  const re = /\b(?:do|done)\b/g;
  re.lastIndex = from;
  let depth = 0;
  let start = -1;
  for (let m = re.exec(text); m !== null && m.index < end; m = re.exec(text)) {
    if (m[0] === 'do') {
      depth += 1;
      if (start === -1) start = m.index + 2;
    } else {
      depth -= 1;
      if (depth === 0 && start !== -1) return text.slice(start, m.index);
    }
  }
  return start === -1 ? '' : text.slice(start, end);
}

function judge(lang: Lang, body: string): { label: string; severity: 'CRITICAL' | 'HIGH'; confidence: number; kind: string } | null {
  if (body.trim() === '' || EXIT.test(body) || PACING.test(body)) return null;
  const k = KINDS[lang];
  if (k.bomb.test(body)) return { label: 'Endless loop that keeps forking (fork bomb)', severity: 'CRITICAL', confidence: 0.9, kind: 'fork' };
  if (k.spawn.test(body)) return { label: 'Endless loop that keeps starting processes or threads, with no exit or pause', severity: 'CRITICAL', confidence: 0.85, kind: 'spawn' };
  if (k.alloc.test(body)) return { label: 'Endless loop that keeps allocating large blocks (memory or disk exhaustion)', severity: 'CRITICAL', confidence: 0.85, kind: 'alloc' };
  if (k.unawaited?.test(body)) return { label: 'Endless loop of requests that are never awaited (unbounded concurrency)', severity: 'CRITICAL', confidence: 0.85, kind: 'request' };
  if (k.request.test(body)) return { label: 'Endless request loop with no exit or delay (flood)', severity: 'HIGH', confidence: 0.8, kind: 'request' };
  if (k.fill.test(body)) return { label: 'Endless loop that keeps growing data with no exit or pause', severity: 'HIGH', confidence: 0.7, kind: 'fill' };
  return null;
}

// A shell function that pipes into itself in the background: `:(){ :|:& };:` under any name.
const SHELL_FN = /(?:^|[;&\s])([A-Za-z_:.][\w:.-]{0,30})\s*\(\)\s*\{([^}\n]{1,160})\}/g;

function shellForkBombs(text: string, index: ReturnType<typeof viewsOf>['raw']['index']): FlowHit[] {
  const out: FlowHit[] = [];
  const re = new RegExp(SHELL_FN.source, 'g');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const name = m[1] ?? '';
    const body = (m[2] ?? '').replace(/\s+/g, '');
    if (!body.includes(`${name}|${name}`) || !body.includes('&')) continue;
    const at = m.index + m[0].indexOf(name);
    const line = index.lineOf(at);
    out.push({
      line, column: at - index.lineStart(line), matched: m[0].trim().slice(0, 200),
      label: 'Fork bomb (a shell function that spawns itself twice in the background)', severity: 'CRITICAL', confidence: 0.95,
      evidence: { function: name.slice(0, 40) },
    });
    if (out.length >= 16) break;
  }
  return out;
}

/** Runaway loops and fork bombs in one script. */
export function findRunawayLoops(file: FileView): FlowHit[] {
  const lang = langOf(file);
  if (!lang) return [];
  const text = file.text;
  const index = viewsOf(text).raw.index;
  const out: FlowHit[] = [];
  const push = (line: number, column: number, matched: string, body: string): void => {
    const v = judge(lang, body);
    if (v) out.push({ line, column, matched: matched.slice(0, 200), label: v.label, severity: v.severity, confidence: v.confidence, evidence: { loop: v.kind } });
  };
  if (lang === 'shell') out.push(...shellForkBombs(text, index));
  // Every loop pattern starts with one of these words; most files hold none, and the line walk is skipped.
  if (!gateOpen(viewsOf(text).raw, LOOP_GATES[lang])) return out;
  let loops = 0;
  // Loop heads examined per file (src/limits): each body costs up to MAX_BODY_CHARS, so this bounds the scan.
  const maxLoops = activeLimits().maxLoopHeadsPerFile;
  for (let n = 1; n <= index.count && out.length < 64; n += 1) {
    if (loops >= maxLoops) {
      noteActiveLimit({ what: 'loop heads', observed: loops + 1, limit: maxLoops });
      break;
    }
    const head = index.lineText(n).slice(0, HEAD_CAP);
    if (lang === 'python') {
      const m = PY_LOOP.exec(head);
      if (m) loops += 1;
      if (m) push(n, (m[1] ?? '').length, head.trim(), pyBody(index, n, m[1] ?? '', m[2] ?? ''));
      continue;
    }
    if (lang === 'shell') {
      const m = SHELL_LOOP.exec(head);
      if (m) loops += 1;
      if (m) push(n, m.index, head.trim(), shellBody(text, index.lineStart(n) + m.index));
      continue;
    }
    const m = BRACE_LOOP.exec(head);
    if (!m) continue;
    loops += 1;
    const start = index.lineStart(n) + m.index;
    const brace = text.indexOf('{', start + m[0].length - (m[1] ? 1 : 0));
    // `while (true) stmt;` without braces: the statement up to the end of its line.
    const body = m[1] || (brace !== -1 && /^\s*$/.test(text.slice(start + m[0].length, brace)))
      ? braceBody(text, brace)
      : head.slice(m.index + m[0].length);
    push(n, m.index, head.trim(), body);
  }
  return out;
}
