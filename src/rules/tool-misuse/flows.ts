// Short source→sink flows in scripts, for TM1: user or request input that reaches a code-evaluation sink
// (eval/exec/new Function/vm.run*/shell eval), request data that reaches a command sink, and SQL strings
// built from either. A flow is direct (the source inside the sink's arguments) or goes through one
// variable assigned at most FLOW_WINDOW lines earlier (`code = input()` … `exec(code)`), with one more
// hop for a SQL string built from such a variable (`q = f"… {name}"` … `cur.execute(q)`).
// The behavioural (AST/taint) rules come later; this is the line-level floor. Linear: every line is cut
// to LINE_CAP characters, every regex has bounded gaps, and at most `toolFlowMaxTaintedNames` (src/limits) variables are tracked.
import { activeLimits, noteActiveLimit } from '../../analysis/kernel.js';
import type { FileView } from '../../model/bundle.js';
import type { Severity } from '../../shared/types.js';
import { viewsOf } from '../../analysis/views.js';
import { gateOpen, walkGate, type WalkGate } from '../kit/walk-gates.js';

export type Lang = 'python' | 'js' | 'shell' | 'php' | 'ruby';

export function langOf(file: Pick<FileView, 'type' | 'path'>): Lang | null {
  switch (file.type) {
    case 'python': return 'python';
    case 'javascript':
    case 'typescript': return 'js';
    case 'shell': return 'shell';
    case 'php': return 'php';
    case 'ruby': return 'ruby';
    default: return null;
  }
}

export interface FlowHit {
  line: number;
  column: number;
  matched: string;
  label: string;
  severity: Severity;
  confidence: number;
  evidence: Record<string, unknown>;
}

const LINE_CAP = 4_000;
const ARG_SPAN = 240;
/** How many lines a variable assigned from a source stays tainted. */
export const FLOW_WINDOW = 25;

type Origin = 'local' | 'remote';

interface Sources { local: RegExp; remote: RegExp | null }

// Where input comes from. Local: the command line, the console, stdin. Remote: the parameters, body,
// headers and cookies of a web request the script serves, or raw socket data.
const SOURCES: Record<Lang, Sources> = {
  python: {
    local: /\b(?:raw_)?input\s*\(|\bsys\.(?:argv|stdin)\b|\bfileinput\.input\b|\bparse_args\s*\(|\bclick\.(?:argument|prompt)\b|\btyper\.(?:Argument|prompt)\b/,
    remote: /\brequest\.(?:args|form|values|json|data|get_json|cookies|headers|files|GET|POST|body|query_params|path_params|query_string)\b|\bself\.(?:path|rfile)\b|\.recv(?:from)?\s*\(|\bparse_qs\s*\(/,
  },
  js: {
    local: /\bprocess\.(?:argv|stdin)\b|\bDeno\.args\b|\bBun\.argv\b|\breadlineSync\b|\b(?:rl|readline)\.question\b|\bprompt\s*\(|\bparseArgs\s*\(|\byargs\b|\bminimist\s*\(/,
    remote: /\breq(?:uest)?\.(?:query|body|params|headers|cookies)\b|\bctx\.(?:query|params|request\.body)\b|\bsearchParams\b|\bparsedUrl\.query\b|\burl\.parse\s*\([^\n)]{0,80}\)\.query\b/,
  },
  shell: {
    // Positional parameters ($1, $@) are added outside functions only (SHELL_POSITIONAL).
    local: /\$\{?REPLY\b|\$\(\s*cat\s*\)|\$\(\s*cat\s+-\s*\)/,
    remote: /\$\{?QUERY_STRING\b/,
  },
  php: {
    local: /\$argv\b|\bSTDIN\b|\breadline\s*\(/,
    remote: /\$_(?:GET|POST|REQUEST|COOKIE|SERVER|FILES)\b|php:\/\/input|\bgetallheaders\s*\(/,
  },
  ruby: {
    local: /\bARGV\b|(?<![\w.])gets\b|\bSTDIN\b|\$stdin\b/,
    remote: /\bparams\s*\[|\brequest\.(?:body|params|query_string)\b|\bcookies\s*\[/,
  },
};

// Sinks that evaluate a string as code.
const CODE_SINKS: Record<Lang, RegExp> = {
  python: /(?<![\w.])(?:eval|exec|compile)\s*\(|\bbuiltins\.(?:eval|exec)\s*\(/g,
  js: /(?<![\w.$])eval\s*\(|\bnew\s+Function\s*\(|(?<![\w.$])Function\s*\(|\bvm\.(?:runInNewContext|runInContext|runInThisContext|compileFunction)\s*\(|\bnew\s+vm\.Script\s*\(/g,
  shell: /(?:^|[;&|({]|\bthen|\bdo|\belse)\s*eval\s+/g,
  php: /(?<![\w>:$])(?:eval|assert|create_function)\s*\(/g,
  ruby: /(?<![\w.])(?:eval|instance_eval|class_eval|module_eval)[\s(]/g,
};

// Sinks that run a string as a shell command: only request data reaching them is reported (a CLI
// wrapper that runs its own arguments is ordinary).
const COMMAND_SINKS: Record<Lang, RegExp | null> = {
  python: /\bos\.(?:system|popen)\s*\(|\bsubprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\s*\(/g,
  js: /\bchild_process\.(?:exec|execSync|spawn|spawnSync)\s*\(|(?<![\w.$])(?:exec|execSync)\s*\(/g,
  shell: null,
  php: /(?<![\w>:$])(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(/g,
  ruby: /(?<![\w.])(?:system|exec|spawn)[\s(]|%x\(|\bOpen3\.\w+\s*\(/g,
};

// Calls that send a string to a database.
const SQL_SINKS: Record<Lang, RegExp | null> = {
  python: /\.(?:execute|executemany|executescript|raw|exec_driver_sql|read_sql(?:_query)?)\s*\(|\bpd\.read_sql\w*\s*\(/g,
  js: /\.(?:query|execute|raw|unsafe|\$queryRawUnsafe|\$executeRawUnsafe)\s*\(|\b(?:db|database|conn|connection|client|pool|sqlite|stmt)\.(?:exec|run|all|get|prepare)\s*\(/g,
  shell: /\b(?:sqlite3|psql|mysql)\s/g,
  php: /\b(?:mysqli_query|mysql_query|pg_query|sqlite_query)\s*\(|->(?:query|exec|prepare|execute)\s*\(/g,
  ruby: /\.(?:execute|exec|query|find_by_sql|where)\s*\(/g,
};

const SQL_WORD = /\b(?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER|CREATE|REPLACE|TRUNCATE|MERGE|GRANT)\b/i;
// A string being built rather than passed whole: f-strings, template literals, `+` concatenation,
// %-formatting, .format(), and in-string interpolation where the language has it (PHP, Ruby, shell).
const BUILT_COMMON = /(?:^|[\s(,=])(?:f|rf|fr|F)["']|\$\{|["'`]\s*\+|\+\s*["'`]|["']\s*%\s*[\w(]|\.format\s*\(/;
const BUILT_EXTRA: Record<Lang, RegExp | null> = {
  python: null,
  js: null,
  shell: /\$\{?[\w@*]/,
  php: /["']\s*\.\s*\$|\$\w+\s*\.\s*["']|"[^"\n]{0,200}\$[A-Za-z_{]/,
  ruby: /#\{/,
};

function built(lang: Lang, text: string): boolean {
  return BUILT_COMMON.test(text) || (BUILT_EXTRA[lang]?.test(text) ?? false);
}

const ASSIGN: Record<Lang, RegExp> = {
  python: /^\s*([A-Za-z_]\w*)\s*(?::\s*[\w[\], .|]{1,60})?=(?!=)\s*([^\n]*)$|^\s*for\s+([A-Za-z_]\w*)\s+in\s+([^\n]*):\s*$/,
  js: /^\s*(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\], |]{1,60})?=(?![=>])\s*([^\n]*)$|^\s*(?:const|let|var)\s*[{[]([^}\]\n]{1,200})[}\]]\s*=\s*([^\n]*)$/,
  shell: /^\s*(?:local\s+|export\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)=([^\n]*)$|^\s*for\s+([A-Za-z_]\w*)\s+in\s+([^\n]*)$/,
  php: /^\s*(\$[A-Za-z_]\w*)\s*(?:\.)?=(?!=)\s*([^\n]*)$|^\s*foreach\s*\(\s*([^\n]{0,200})\s+as\s+(?:\$\w+\s*=>\s*)?(\$[A-Za-z_]\w*)/,
  ruby: /^\s*([A-Za-z_]\w*)\s*=(?!=)\s*([^\n]*)$/,
};
// `read -r -p "Name: " name other`: the variables a shell `read` fills.
const SHELL_READ = /(?:^|[;&|]|\bwhile)\s*read\s+((?:-[a-zA-Z]*[pdtnuN][a-zA-Z]*\s+(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'|\S+)\s+|-[a-zA-Z]+\s+){0,6})([A-Za-z_]\w*(?:\s+[A-Za-z_]\w*){0,7})/;

interface Taint { line: number; origin: Origin; sqlString: boolean }

function escapeRe(s: string): string {
  return s.replace(/[$.*+?^{}()|[\]\\]/g, '\\$&');
}

const VAR_RES = new Map<string, RegExp>();

/** `name` used as a value inside `text` (not as part of a longer identifier or an attribute). */
function usesVar(lang: Lang, text: string, name: string): boolean {
  if (!text.includes(name)) return false;
  const key = `${lang}\u001f${name}`;
  let re = VAR_RES.get(key);
  if (!re) {
    const e = escapeRe(name);
    // An escaped `\$name` in shell is text for a later evaluation, not this variable's value.
    re = lang === 'shell' ? new RegExp(`(?<!\\\\)\\$\\{?${e}(?![\\w])`)
      : lang === 'php' ? new RegExp(`${e}(?![\\w])`)
        : new RegExp(`(?<![\\w.$'"])${e}(?![\\w$'"])`);
    if (VAR_RES.size > 4_096) VAR_RES.clear();
    VAR_RES.set(key, re);
  }
  return re.test(text);
}

/** The script's own arguments; inside a shell function `$1` is that function's argument instead. */
const SHELL_POSITIONAL = /(?<!\\)\$\{?(?:[1-9]|@|\*)(?![\w])/;
const SHELL_FUNCTION = /^\s*(?:function\s+[\w:.-]{1,80}(?:\s*\(\s*\))?|[\w:.-]{1,80}\s*\(\s*\))\s*(?:\{|$)/;

function originOf(lang: Lang, text: string, inFunction = false): Origin | null {
  const src = SOURCES[lang];
  if (src.remote?.test(text)) return 'remote';
  if (src.local.test(text)) return 'local';
  if (lang === 'shell' && !inFunction && SHELL_POSITIONAL.test(text)) return 'local';
  return null;
}

const SOURCE_ANYWHERE = new Map<Lang, RegExp[]>();

// A literal every source pattern of the language needs (lower-case: the keyword prefilter is
// case-insensitive, so it admits a superset of what the patterns match). Most scripts hold none, and
// then no source pattern runs.
const SOURCE_WORDS: Record<Lang, readonly string[]> = {
  python: ['input', 'sys.argv', 'sys.stdin', 'parse_args', 'click.', 'typer.', 'request.', 'self.path', 'self.rfile', '.recv', 'parse_qs'],
  js: ['process.argv', 'process.stdin', 'deno.args', 'bun.argv', 'readlinesync', '.question', 'prompt', 'parseargs', 'yargs', 'minimist', 'req.', 'request.', 'ctx.', 'searchparams', 'parsedurl', 'url.parse'],
  shell: ['$', 'read'],
  php: ['$argv', 'stdin', 'readline', '$_', 'php://input', 'getallheaders'],
  ruby: ['argv', 'gets', 'stdin', 'params', 'request.', 'cookies'],
};
/** The file endings each language's files have, for the gate report. */
export const LANG_EXTS: Record<Lang, readonly string[]> = {
  python: ['.py'], js: ['.js', '.mjs', '.cjs', '.ts', '.tsx', '.jsx'], shell: ['.sh', '.bash', '.zsh'], php: ['.php'], ruby: ['.rb'],
};
const SOURCE_GATES = Object.fromEntries(
  (Object.keys(SOURCE_WORDS) as Lang[]).map((lang) => [lang, walkGate(`TM1 input flow (${lang})`, [SOURCE_WORDS[lang]], {
    exts: LANG_EXTS[lang],
    // Source words are common (`input`, `$`); mayHoldSource then runs the language's source patterns once over
    // the whole text, and the walk needs one of them to match.
    cheap: 'followed by one pass of the source patterns over the text (mayHoldSource) before any walk',
  })]),
) as Record<Lang, WalkGate>;

/**
 * False when no input source occurs anywhere in the file: then no line can start a flow, and the per-line
 * walk is skipped (most scripts read no user input at all).
 */
export function mayHoldSource(lang: Lang, text: string): boolean {
  if (!gateOpen(viewsOf(text).raw, SOURCE_GATES[lang])) return false;
  let res = SOURCE_ANYWHERE.get(lang);
  if (!res) {
    const src = SOURCES[lang];
    const multi = (re: RegExp): RegExp => new RegExp(re.source, re.flags.includes('m') ? re.flags : `${re.flags}m`);
    res = [src.local, ...(src.remote ? [src.remote] : []), ...(lang === 'shell' ? [SHELL_POSITIONAL, SHELL_READ] : [])].map(multi);
    SOURCE_ANYWHERE.set(lang, res);
  }
  return res.some((re) => re.test(text));
}

/** Brace depth change of one shell line: `{` opens, `}` closes, `${…}` is neither. */
function braceDelta(text: string): number {
  let d = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) d += i > 0 && text.charCodeAt(i - 1) === 36 /* $ */ ? 0 : 1;
    else if (c === 125 /* } */) d -= 1;
  }
  // Every `${` opened nothing, but its `}` was counted as a close.
  let params = 0;
  for (let i = text.indexOf('${'); i !== -1; i = text.indexOf('${', i + 2)) params += 1;
  return d + params;
}

const CODE_LABEL: Record<Origin, string> = {
  local: 'Command-line or console input executed as code',
  remote: 'Web request data executed as code',
};

/** What reached a sink: where the input came from, and through which variable if not directly. */
export interface Reach {
  origin: Origin;
  /** The sink's argument text (up to ARG_SPAN characters after the sink). */
  arg: string;
  via?: { name: string; line: number; sqlString: boolean };
}

/** A sink and how a flow into it is reported (null: not reported). */
export interface SinkSpec {
  re: RegExp | null;
  judge(reach: Reach, lang: Lang): Pick<FlowHit, 'label' | 'severity' | 'confidence'> | null;
}

// The evaluated string starts with an expansion: `"$1…`, `$@`, `"${cmd}…`, `"$(…)`.
const SHELL_WRAPPER = /^\s*["']?\$/;
const SHELL_POSITIONAL_FIRST = /^\s*["']?\$(?:\{?[1-9@*]|\()/;

function startsWithVar(arg: string, name: string): boolean {
  const m = /^\s*["']?\$\{?([A-Za-z_]\w*)/.exec(arg);
  return m?.[1] === name;
}

/** TM1's sinks: code evaluation, shell commands (request data only) and SQL built from input. */
function tm1Sinks(lang: Lang): SinkSpec[] {
  return [
    {
      re: CODE_SINKS[lang],
      judge: (r, l) => {
        // `eval "$1"`, `eval "$cmd --flag"`: the input is the whole command, a run-this-command wrapper
        // (retry, timing, logging). It runs what it is given, like the agent's own shell, but a Bash scope
        // that allows only this script then allows anything: MEDIUM. Input embedded in a larger command
        // (`eval "convert $1 out.png"`) is injection: CRITICAL like the other languages.
        if (l === 'shell' && SHELL_WRAPPER.test(r.arg) && (r.via ? startsWithVar(r.arg, r.via.name) : SHELL_POSITIONAL_FIRST.test(r.arg))) {
          return { label: 'Script input run whole as a command through eval (wrapper)', severity: 'MEDIUM', confidence: 0.5 };
        }
        return { label: CODE_LABEL[r.origin], severity: 'CRITICAL', confidence: 0.9 };
      },
    },
    {
      re: COMMAND_SINKS[lang],
      judge: (r) => (r.origin === 'remote' ? { label: 'Web request data run as a shell command', severity: 'CRITICAL', confidence: 0.9 } : null),
    },
    {
      re: SQL_SINKS[lang],
      judge: (r, l) => {
        // The string must be built here, or be a variable that holds a built SQL string.
        const builtHere = SQL_WORD.test(r.arg.slice(0, 200)) && built(l, r.arg);
        if (!builtHere && !r.via?.sqlString) return null;
        return r.origin === 'remote'
          ? { label: 'SQL built from web request parameters', severity: 'CRITICAL', confidence: 0.85 }
          : { label: 'SQL built from command-line or console input', severity: 'HIGH', confidence: 0.8 };
      },
    },
  ];
}

/** Variables a line assigns, with the text they are assigned from. */
function assignmentsOf(lang: Lang, text: string): { names: string[]; rhs: string }[] {
  const assigned: { names: string[]; rhs: string }[] = [];
  const a = ASSIGN[lang].exec(text);
  if (a) {
    if (a[1] !== undefined) assigned.push({ names: [a[1]], rhs: a[2] ?? '' });
    else if (lang === 'php' && a[4] !== undefined) assigned.push({ names: [a[4]], rhs: a[3] ?? '' });
    else if (a[3] !== undefined) {
      // JS destructuring `{ a, b: c }` / `[, , a]` names a and c; Python/shell `for x in …` names x.
      const names = lang === 'js'
        ? a[3].split(',').map((p) => (p.includes(':') ? p.split(':')[1] ?? '' : p).replace(/=.*$/, '').trim()).filter((x) => /^[A-Za-z_$][\w$]*$/.test(x))
        : [a[3]];
      assigned.push({ names, rhs: a[4] ?? '' });
    }
  }
  if (lang === 'shell') {
    const r = SHELL_READ.exec(text);
    if (r?.[2]) assigned.push({ names: r[2].split(/\s+/), rhs: '$REPLY' });
  }
  return assigned;
}

/** Tracks shell function bodies line by line: inside one, `$1` is the function's argument. */
class ShellScope {
  private depth = 0;
  private funcDepth: number | null = null;
  private entered = false;

  /** Feeds one line; true when the line belongs to a function body. */
  step(text: string): boolean {
    const header = this.funcDepth === null && SHELL_FUNCTION.test(text);
    if (header) {
      this.funcDepth = this.depth;
      this.entered = false;
    }
    this.depth += braceDelta(text);
    if (this.funcDepth === null) return false;
    if (this.depth > this.funcDepth) this.entered = true;
    // Closed on this line (its last line, or a one-line `f() { …; }`): later lines are outside.
    else if (this.entered || (header && text.includes('{'))) this.funcDepth = null;
    return true;
  }
}

/** Source→sink flows in one script, for TM1. */
export function findFlows(file: FileView): FlowHit[] {
  const lang = langOf(file);
  return lang ? scanFlows(file, tm1Sinks(lang)) : [];
}

/** Flows from user or request input into the given sinks, at most one hit per line. */
export function scanFlows(file: FileView, sinks: readonly SinkSpec[]): FlowHit[] {
  const lang = langOf(file);
  if (!lang || !mayHoldSource(lang, file.text)) return [];
  const index = viewsOf(file.text).raw.index;
  const tainted = new Map<string, Taint>();
  const out: FlowHit[] = [];
  const seen = new Set<number>();
  const emit = (hit: FlowHit): void => {
    if (seen.has(hit.line)) return;
    seen.add(hit.line);
    out.push(hit);
  };
  const compiled = sinks.map((k) => (k.re ? new RegExp(k.re.source, k.re.flags.includes('g') ? k.re.flags : `${k.re.flags}g`) : null));

  // Shell function bodies: where `$1` is a function argument, not the script's input.
  const scope = lang === 'shell' ? new ShellScope() : null;

  for (let n = 1; n <= index.count; n += 1) {
    const text = index.lineText(n).slice(0, LINE_CAP);
    if (text.trim() === '' || /^\s*(?:#|\/\/|\*|\/\*)/.test(text)) continue;
    const inFunction = scope?.step(text) ?? false;
    // Expire stale taints so a variable reused much later does not carry an old source.
    if (tainted.size > 0) for (const [k, t] of tainted) if (n - t.line > FLOW_WINDOW) tainted.delete(k);

    const live = (argText: string): { name: string; t: Taint } | null => {
      for (const [name, t] of tainted) if (usesVar(lang, argText, name)) return { name, t };
      return null;
    };

    // Sinks first: `code = input(); exec(code)` on one line still works, and an assignment on a sink line
    // (`x = eval(code)`) is judged as the sink it is.
    sinks.forEach((sink, i) => {
      const g = compiled[i];
      if (!g) return;
      g.lastIndex = 0;
      for (let m = g.exec(text); m !== null; m = g.exec(text)) {
        if (m[0].length === 0) g.lastIndex += 1;
        const arg = text.slice(m.index + m[0].length, m.index + m[0].length + ARG_SPAN);
        const direct = originOf(lang, arg, inFunction);
        const via = direct ? null : live(arg);
        const origin = direct ?? via?.t.origin;
        if (!origin) continue;
        const reach: Reach = { origin, arg };
        if (via) reach.via = { name: via.name, line: via.t.line, sqlString: via.t.sqlString };
        const verdict = sink.judge(reach, lang);
        if (!verdict) continue;
        const evidence: Record<string, unknown> = via ? { via: via.name, source_line: via.t.line, origin } : { direct: true, origin };
        emit({ line: n, column: m.index, matched: text.slice(m.index, m.index + 200), ...verdict, evidence });
        break;
      }
    });

    // Then the line's own assignments: which variables now hold input.
    const assigned = assignmentsOf(lang, text);
    for (const { names, rhs } of assigned) {
      const direct = originOf(lang, rhs, inFunction);
      const via = direct ? null : live(rhs);
      const origin = direct ?? via?.t.origin;
      const sqlString = SQL_WORD.test(rhs.slice(0, 300)) && built(lang, rhs);
      for (const name of names) {
        if (origin) {
          const max = activeLimits().toolFlowMaxTaintedNames;
          if (tainted.size >= max && !tainted.has(name)) {
            noteActiveLimit({ what: 'variables holding tool input', observed: tainted.size + 1, limit: max });
            continue;
          }
          tainted.set(name, { line: n, origin, sqlString: sqlString || (via?.t.sqlString ?? false) });
        } else {
          tainted.delete(name);
        }
      }
    }
  }
  return out;
}
