// Regex strings. Every accepted pattern must compile on V8's linear-time engine (the `l` flag): that check
// rejects backreferences, lookaround and large bounded repetitions. Matching then uses the ordinary
// (backtracking, fast) engine with V8's automatic fallback: once a single exec exceeds
// BACKTRACKS_BEFORE_FALLBACK backtracks, V8 re-runs it on the linear engine, so the worst case stays linear
// in the input while ordinary inputs run at normal speed (the linear engine alone measured ~250 ms per MiB
// per pattern; the backtracking engine ~0.3 ms). Both need process-wide V8 flags, set once, lazily, the
// first time a regex string is compiled (deps.md §2):
//   --enable-experimental-regexp-engine                       (the `l` flag, for the compile-time check)
//   --enable-experimental-regexp-engine-on-excessive-backtracks
//   --regexp-backtracks-before-fallback=BACKTRACKS_BEFORE_FALLBACK
// These change no match result anywhere in the process; they only bound the time of linear-compatible
// patterns (the product's own rule regexes benefit too). The wiring engineer may prefer to set them at
// startup in the CLI.
//
// The input is the scanned bytes as a latin1 string (one char per byte), so `.`, `\w`, `\xHH` work per
// byte. Accepted: literals, escapes (\d \w \s \D \W \S \b \B \xHH \. etc.), classes, groups `(…)`,
// non-capturing `(?:…)`, alternation, `* + ?` and small `{n,m}` (as far as the linear engine accepts).
// Rejected with a message: backreferences, lookaround, named groups, non-ASCII characters in the pattern
// (write \xHH), and anything the linear engine refuses (large bounded repetitions: write `*`/`+`).
// `nocase` / `/i`: the linear engine in Node 20 has no `i` flag (a pattern with it could not fall back), so
// ASCII letters are rewritten to both cases (`a` → `[aA]`, `[a-f]` → `[a-fA-F]`) and no `i` flag is used.
import { setFlagsFromString } from 'node:v8';

/**
 * Backtracks one exec may take before V8 re-runs it on the linear engine. The flag is process-wide, so it
 * also governs every rule regex. At one million, ordinary regexes over multi-megabyte texts crossed it and
 * the linear engine, whose memory grows with the subject, took a 16 MB file's scan to 14.8 GB RSS; at
 * 100 million that scan stays under 400 MB, and a catastrophic pattern still falls back within about a
 * second (docs/PERFORMANCE.md).
 */
export const BACKTRACKS_BEFORE_FALLBACK = 100_000_000;

let linearReady: boolean | null = null;
/** The linear-engine flag, held in a variable so linters do not judge it against the default engine. */
const LINEAR = 'l';

function linearEngine(): boolean {
  if (linearReady !== null) return linearReady;
  try {
    setFlagsFromString('--enable-experimental-regexp-engine');
    setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
    setFlagsFromString(`--regexp-backtracks-before-fallback=${BACKTRACKS_BEFORE_FALLBACK}`);
    new RegExp('a', LINEAR);
    linearReady = true;
  } catch {
    linearReady = false;
  }
  return linearReady;
}

/** Syntax the subset refuses before V8 sees it; null when fine. */
function refused(source: string): string | null {
  if (/[^\x20-\x7e\t]/.test(source)) return 'non-ASCII or control characters (write them as \\xHH)';
  if (/\\[1-9]|\\k</.test(source)) return 'backreferences are not supported';
  if (/\(\?(?:=|!|<=|<!)/.test(source)) return 'lookaround is not supported';
  if (/\(\?</.test(source)) return 'named groups are not supported';
  if (/\(\?(?!:)/.test(source)) return 'only (?:…) groups are supported';
  return null;
}

function isLetter(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
function other(c: string): string {
  return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
}

/** Rewrites ASCII letters outside escapes to match both cases. */
export function caseFold(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      // An escape is copied whole; `\xHH` keeps its hex digits (they are not letters to fold).
      const n = source[i + 1] === 'x' ? 4 : 2;
      out += source.slice(i, i + n);
      i += n - 1;
      continue;
    }
    if (!inClass && c === '[') {
      inClass = true;
      out += c;
      continue;
    }
    if (inClass && c === ']') {
      inClass = false;
      out += c;
      continue;
    }
    if (!isLetter(c)) {
      out += c;
      continue;
    }
    if (inClass) {
      const hi = source[i + 2];
      if (source[i + 1] === '-' && hi !== undefined && isLetter(hi) && (c <= 'Z') === (hi <= 'Z')) {
        out += `${c}-${hi}${other(c)}-${other(hi)}`;
        i += 2;
      } else out += c + other(c);
    } else out += `[${c}${other(c)}]`;
  }
  return out;
}

/** Builds the global, linear-time RegExp for a regex string, or returns why it is refused. */
export function buildRegex(source: string, nocase: boolean, dotall: boolean): RegExp | string {
  const r = refused(source);
  if (r) return r;
  try {
    new RegExp(source); // plain syntax check first, for a clearer message
  } catch (e) {
    return (e as Error).message.replace(/^Invalid regular expression: /, '');
  }
  if (!linearEngine()) return 'regex strings need the V8 linear-time engine, which is unavailable in this runtime';
  const body = nocase ? caseFold(source) : source;
  const flags = `g${dotall ? 's' : ''}`;
  try {
    new RegExp(body, flags + LINEAR); // linear-compatible, so V8 can fall back to it on excessive backtracking
  } catch {
    return 'cannot run in linear time (avoid large {n,m} repetitions; use * or +, which are safe here)';
  }
  return new RegExp(body, flags);
}

/** Parse-time check: null when the regex is accepted. */
export function checkRegexSource(source: string): string | null {
  // Both case variants must compile (nocase may be added by a modifier after the body).
  for (const nocase of [false, true]) {
    const r = buildRegex(source, nocase, false);
    if (typeof r === 'string') return r;
  }
  return null;
}

/**
 * The longest literal every match must contain (outside groups and classes, not under `* ? {`), or null
 * when there is none or the pattern has a top-level `|`. The matcher runs a regex only on inputs where the
 * automaton saw this literal (case-folded), so most inputs never reach the regex engine.
 */
export function requiredLiteral(source: string): string | null {
  let depth = 0;
  let best = '';
  let run = '';
  const flush = (): void => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      const e = source[i + 1] ?? '';
      if (e === 'x' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 2, i + 4))) {
        if (depth === 0) run += String.fromCharCode(parseInt(source.slice(i + 2, i + 4), 16));
        i += 3;
      } else {
        if (depth === 0 && /[^A-Za-z0-9]/.test(e)) run += e;
        else flush();
        i += 1;
      }
      continue;
    }
    if (c === '[') {
      flush();
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      continue;
    }
    if (c === '(') {
      flush();
      depth++;
    } else if (c === ')') depth--;
    else if (c === '|') {
      if (depth === 0) return null;
    } else if (depth > 0) continue;
    else if (c === '*' || c === '?' || c === '{') {
      run = run.slice(0, -1); // the quantified item is optional
      flush();
      if (c === '{') while (i < source.length && source[i] !== '}') i++;
    } else if (c === '+' || c === '.' || c === '^' || c === '$') flush();
    else run += c;
  }
  flush();
  return best.length > 0 ? best : null;
}

/** Whether `source` has a `|` outside every group and class (then no part of it is required). */
function topLevelAlternation(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * Literals (each ≥ 3 bytes) one of which every match contains, so the regex runs only on inputs where the
 * automaton saw one: the required literal, else the alternatives of a leading plain-word group such as
 * `(xmrig|cpuminer)` or `\b(iex|Invoke-Expression)`. Empty when none is known (the regex always runs).
 */
export function gateLiterals(source: string): string[] {
  const one = requiredLiteral(source);
  if (one !== null && one.length >= 3) return [one];
  const lead = /^(?:\\b)?\(((?:[A-Za-z0-9_-]{3,}\|)+[A-Za-z0-9_-]{3,})\)/.exec(source);
  if (!lead?.[1] || topLevelAlternation(source) || /^[?*{]/.test(source.slice(lead[0].length))) return [];
  return lead[1].split('|');
}
