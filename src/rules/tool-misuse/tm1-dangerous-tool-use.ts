import { placeOf } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import type { Place } from '../../model/place.js';
import { bestPerLine } from '../kit/scan-helpers.js';
import type { PatternSpec, RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import { findFlows } from './flows.js';
import { findRunawayLoops } from './loops.js';
import { isCodeFile, scanSpecs } from './scan.js';

// `rm` with a recursive flag anywhere among up to three flags each side: rm -rf, rm -r -f, rm --recursive --force.
const RM = String.raw`\brm\s+(?:-{1,2}[\w-]+\s+){0,3}(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)\s+(?:-{1,2}[\w-]+\s+){0,3}["']?`;
const END = '(?=["\'`]?(?:\\s|$|[;&|)`]))';
const SYSTEM_DIRS = 'etc|usr|bin|sbin|lib|lib64|boot|home|root|var|opt|srv|sys|proc|dev|Users|System|Library|Applications';
const CLEANUP = String.raw`(?:/tmp/|/var/tmp/|/var/lib/apt/lists|/var/cache/|/usr/share/(?:doc|man|locale)|/root/\.(?:cache|npm|m2|gradle)|(?:~|\$\{?HOME\}?)/\.(?:cache|npm|m2|gradle|yarn|pnpm-store|cargo/registry)|/usr/local/(?:lib/python[\d.]+|src)/)`;

/** Ordered most severe first: one hit per line, the first matching spec wins. */
export const TM1_SPECS: readonly PatternSpec[] = [
  {
    re: new RegExp(`${RM}(?:/\\*?|(?:~|\\$\\{?HOME\\}?)/?\\*?|/(?:${SYSTEM_DIRS})/?\\*?)${END}`),
    keywords: ['rm '],
    label: 'Recursive delete of the root, home or a system directory',
    confidence: 0.85,
  },
  {
    re: new RegExp(`${RM}${CLEANUP}`),
    keywords: ['rm '],
    label: 'Recursive delete of a temporary or cache directory (cleanup idiom)',
    severity: 'LOW',
    confidence: 0.15,
  },
  {
    // One level below home (~/.ssh, ~/Documents): a whole user area, not a tool's own sub-folder.
    re: new RegExp(`${RM}(?:~|\\$\\{?HOME\\}?)/[\\w.-]{1,60}/?\\*?${END}`),
    keywords: ['rm '],
    label: 'Recursive delete of a top-level home directory',
    confidence: 0.65,
  },
  {
    re: new RegExp(`${RM}(?:~|\\$\\{?HOME\\}?)/[\\w.-]`),
    keywords: ['rm '],
    label: 'Recursive delete of a path inside the home directory',
    severity: 'MEDIUM',
    confidence: 0.4,
  },
  {
    re: new RegExp(`${RM}/[\\w.-]`),
    keywords: ['rm '],
    label: 'Recursive delete of an absolute path',
    severity: 'MEDIUM',
    confidence: 0.45,
  },
  {
    // The classic fork bomb has no legitimate use anywhere: an instruction to run it is sabotage.
    re: /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/,
    keywords: [':()'],
    label: 'Fork bomb',
    severity: 'CRITICAL',
    confidence: 0.9,
  },
  {
    re: /\bmkfs(?:\.\w+)?\s+[^\n]{0,40}\/dev\/|\bdd\s[^\n]{0,120}\bof=\/dev\/(?:sd|hd|nvme|disk|mmcblk|xvd)/,
    keywords: ['mkfs', 'of=/dev/'],
    label: 'Disk wipe',
    confidence: 0.85,
  },
  {
    re: /\bgit\s+push\b[^\n;&|]{0,120}?\s(?:--force(?![-\w])|-f(?![\w-]))/,
    keywords: ['git'],
    label: 'git force push',
    confidence: 0.7,
  },
  {
    re: /\b(?:subprocess\.\w+|os\.popen|Popen)\(\s*(?:f["']|[^\n]{0,120}?(?:\.format\(|["']\s*[+%]\s*\w))[^\n]{0,200}?\bshell\s*=\s*True\b/,
    keywords: ['shell'],
    label: 'shell=True with a command built from variables',
    confidence: 0.75,
  },
  {
    re: /\(\s*["'][^"'\n{}%$]{0,200}["']\s*,\s*shell\s*=\s*True\b/,
    keywords: ['shell'],
    label: 'shell=True with a constant command',
    severity: 'MEDIUM',
    confidence: 0.4,
  },
  {
    // A `#` or `//` comment that merely mentions the flag is not a call.
    re: /\bshell\s*=\s*True\b(?<!(?:#|\/\/)[^\n]{0,200}shell\s*=\s*True)/,
    keywords: ['shell'],
    label: 'subprocess with shell=True',
    confidence: 0.6,
  },
  {
    re: /\bgit\s+(?:commit|push|merge|rebase|am)\b[^\n;&|]{0,150}?\s--no-verify\b/,
    keywords: ['--no-verify'],
    label: 'git hooks skipped with --no-verify',
    // Skips a local check (lint, secret scan) but destroys nothing: a weakened safeguard, like curl -k.
    severity: 'MEDIUM',
    confidence: 0.55,
  },
  {
    re: /\bcurl\b[^\n|;]{0,200}?\s(?:--insecure\b|-(?!-)[a-zA-Z]*k[a-zA-Z]*(?=\s|$))|\bwget\b[^\n|;]{0,200}?\s--no-check-certificate\b/,
    keywords: ['curl', 'wget'],
    label: 'TLS verification disabled on download',
    severity: 'MEDIUM',
    confidence: 0.55,
  },
  {
    re: /\.(?:execute|executemany|raw)\s*\(\s*(?:f["'](?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER)\b[^\n]{0,200}?\{|["'](?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER)\b[^"'\n]{0,200}["']\s*(?:%\s*[\w(]|\+\s*\w|\.format\())/i,
    keywords: ['select', 'insert', 'update', 'delete', 'drop', 'alter'],
    label: 'SQL built from parameters by string formatting',
    confidence: 0.7,
  },
  {
    re: /\.(?:query|execute|raw|exec)\s*\(\s*`(?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER)\b[^`\n]{0,200}?\$\{/i,
    keywords: ['query', 'execute', 'raw', 'exec'],
    label: 'SQL built from parameters in a template literal',
    confidence: 0.65,
  },
  {
    // JavaScript/PHP concatenation: .query("SELECT … " + id), mysqli_query($db, "SELECT … " . $id), "… $id".
    re: /(?:\.(?:query|execute|exec|raw)|->(?:query|exec)|\b(?:mysqli_query|mysql_query|pg_query))\s*\([^\n]{0,80}?["'](?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER)\b[^"'\n]{0,200}(?:["']\s*(?:\+|\.)\s*\$?\w|\$[A-Za-z_{])/i,
    keywords: ['query', 'execute', 'exec', 'raw'],
    label: 'SQL built from parameters by concatenation',
    confidence: 0.65,
  },
];

/** Patterns for a vulnerability in a program (an injectable call), as opposed to a destructive action. */
const VULNERABILITY_LABELS: ReadonlySet<string> = new Set([
  'shell=True with a command built from variables', 'shell=True with a constant command', 'subprocess with shell=True',
  'SQL built from parameters by string formatting', 'SQL built from parameters in a template literal', 'SQL built from parameters by concatenation',
]);

const CODE_COMMENT = /^\s*(?:#(?!!)|\/\/|\/\*|\*(?:\s|\/|$)|--\s|REM\s|::)/i;
// A print-like call whose quoted argument holds the match: the command is shown to a person, not run.
const MESSAGE_CALL = /(?:\becho|\bprintf|\bprint|\bputs|\bconsole\.\w+|\blog(?:ger)?(?:\.\w+|_\w+)?|\bWrite-(?:Host|Output|Warning|Error)|\b(?:warn|info|error|die|fail|msg|hint|note|usage))\s*\(?\s*(?:-[a-zA-Z]{1,3}\s+)*[fbr]?$/i;
const RUNS_STRING = /\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\beval\b|\bexec\b|\bsource\b/;
// Regular-expression syntax inside the quoted string: the text describes a pattern to look for.
const REGEX_SYNTAX = /\\[().[\]sdwSbB+*?|]|\.\*|\(\?[:i!=<]/;
// The quoted string is an operand of a comparison or a search (`grep -q '…'`, `[[ $c == *"…"* ]]`,
// `case … in`, `"…" in cmd`, `.includes("…")`, `re.search(r"…")`): a hook or guard looking for the command.
const MATCH_OPERAND = /(?:\bgrep\b[^|;\n]{0,80}|=~|[=!]=|\bcase\b[^\n]{0,80}|\b(?:includes|match|test|search|startsWith|endsWith|startswith|endswith|indexOf|fnmatch|findall|contains)\s*\(|\bre\.\w+\s*\(|\*)\s*[([]?\s*[fbr]?$/;
const IN_OPERAND = /^["'`]\s*(?:in|not\s+in)\b|^["'`]\*\s*(?:\)|\]\])/;

/** The quoted string that contains `column` on `line`: [open quote index, close index) or null. */
function quotedSpan(line: string, column: number): { open: number; close: number } | null {
  let open = -1;
  let quote = '';
  for (let i = 0; i < Math.min(line.length, column); i += 1) {
    const c = line.charAt(i);
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (open === -1 && (c === '"' || c === "'" || c === '`')) {
      open = i;
      quote = c;
    } else if (open !== -1 && c === quote) {
      open = -1;
    }
  }
  if (open === -1) return null;
  let close = line.indexOf(quote, column);
  if (close === -1) close = Math.min(line.length, column + 300);
  return { open, close };
}

/**
 * How the place and the syntax around a hit change it. Destructive actions keep their severity wherever
 * they are (an instruction to `rm -rf ~` is as bad as a script doing it). Vulnerability patterns (an
 * injectable `shell=True`, SQL built by formatting) are flaws of a program: at full severity only in code,
 * MEDIUM in fenced code blocks of SKILL.md and documentation (which calibration lowers further in reference
 * docs), LOW when prose names them. In code and in fenced code blocks, a comment, a message printed to the user, or a
 * regular expression that describes the pattern is not an invocation: LOW.
 */
function adjust(hit: RuleHit, place: Place, lineText: string): RuleHit {
  const label = hit.label ?? '';
  const column = hit.column ?? 0;
  // Code, and code shown in fenced blocks: a comment, a printed message or a pattern string is not a call.
  if (place === 'code' || place === 'manifest-code' || place === 'doc-code') {
    if (CODE_COMMENT.test(lineText.slice(0, 200))) return { ...hit, severity: 'LOW', confidence: 0.2, label: `${label} (in a comment)` };
    const span = quotedSpan(lineText.slice(0, 4_000), column);
    if (span) {
      const inside = lineText.slice(span.open, span.close + 1);
      const before = lineText.slice(Math.max(0, span.open - 120), span.open).trimEnd();
      const after = lineText.slice(span.close, span.close + 40);
      if (REGEX_SYNTAX.test(inside) || /(?:^|[^\w])r$/.test(lineText.slice(Math.max(0, span.open - 2), span.open))
        || MATCH_OPERAND.test(before) || IN_OPERAND.test(after)) {
        return { ...hit, severity: 'LOW', confidence: 0.2, label: `${label} (in a pattern string)` };
      }
      if (MESSAGE_CALL.test(lineText.slice(Math.max(0, span.open - 60), span.open).trimEnd()) && !RUNS_STRING.test(lineText.slice(0, 4_000))) {
        return { ...hit, severity: 'LOW', confidence: 0.2, label: `${label} (in a message, not run)` };
      }
      // An injectable call written inside a string literal is text (a label, a help string), not the call.
      if (VULNERABILITY_LABELS.has(label) && !RUNS_STRING.test(lineText.slice(0, 4_000))) {
        return { ...hit, severity: 'LOW', confidence: 0.2, label: `${label} (in a string)` };
      }
    }
    if (place === 'code') return hit;
  }
  if (!VULNERABILITY_LABELS.has(label) || hit.severity === 'LOW') return hit;
  // Prose names a call (`subprocess.run(shell=True)`, "shell=True with interpolation"); it contains no program.
  if (place === 'instructions' || place === 'doc-prose' || place === 'frontmatter') {
    return { ...hit, severity: 'LOW', confidence: 0.3, label: `${label} (mentioned in prose)` };
  }
  return { ...hit, severity: 'MEDIUM', confidence: Math.min(hit.confidence ?? 0.6, 0.6) };
}

export const tm1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'TM1',
    category: 'Tool Misuse',
    severity: 'HIGH',
    confidence: 0.75,
    title: 'Dangerous Tool Invocation',
    description:
      'Destructive or unsafe uses of ordinary tools: recursive delete of /, ~ or system directories, disk wipes and fork bombs, forced git pushes, `shell=True` with built command strings, and SQL assembled from parameters. In scripts it also follows short input flows: user input (`input()`, `sys.argv`, stdin, `process.argv`, `$1`/`read`) or web request data reaching `eval`/`exec`/`new Function`/`vm.run*`/shell `eval` is CRITICAL 0.9 (the reference\'s TT5; model output reaching those sinks is OH1), request data reaching a shell command CRITICAL 0.9, SQL built from request parameters CRITICAL 0.85 and from command-line input HIGH 0.8; a flow is direct or goes through one variable assigned at most 25 lines earlier. Endless loops in scripts with no exit and no pause that keep forking or starting processes, allocating large blocks or firing un-awaited requests are CRITICAL, request floods HIGH (resource exhaustion is a destructive use of the machine, so TM1 rather than EA4, which is about the agent\'s own unbounded retries). Cleanup of temporary and cache directories is LOW (0.15); deeper absolute or home paths, `shell=True` with a constant command, `--no-verify` and `curl -k` (weakened safeguards) MEDIUM. Injectable calls are program flaws: full severity in code, MEDIUM in fenced code blocks of SKILL.md and documentation, LOW when prose names them. In code and fenced code blocks, matches in comments, printed messages or regular expressions are LOW. Confidence is 0.1 higher in code files.',
    remediation:
      'Delete only paths the skill created, under a fixed prefix; never evaluate input as code; pass argument lists instead of shell strings; use parameterised queries; bound every loop and pause between retries; never force-push or skip hooks; keep TLS verification.',
  },
  check(ctx) {
    const { file } = ctx;
    const code = isCodeFile(file);
    const index = viewsOf(file.text).raw.index;
    const hits: RuleHit[] = scanSpecs(file, TM1_SPECS).map((h) => {
      const placed = adjust(h, placeOf(file, index, h.line), index.lineText(h.line));
      if (!code || (placed.severity ?? 'HIGH') !== 'HIGH') return placed;
      return { ...placed, confidence: Math.min(0.95, Math.round(((placed.confidence ?? 0.75) + 0.1) * 100) / 100) };
    });
    if (code) {
      for (const f of [...findFlows(file), ...findRunawayLoops(file)]) {
        hits.push({ line: f.line, column: f.column, matched: f.matched, label: f.label, severity: f.severity, confidence: f.confidence, evidence: f.evidence });
      }
    }
    return bestPerLine(hits, 'HIGH');
  },
});
