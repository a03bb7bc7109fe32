// Paths a skill's text points at, as bundle-relative candidates. Discovery uses them to read files the
// walk would skip (dependency folders) and to flag links the skill relies on. Only candidates that
// exist are acted on, so prose that merely looks like a path costs a failed lookup and nothing else.

const MAX_TOKEN_SIDE = 512;
// Delimiters of a path token (as in AE1's reference finder): whitespace, quotes, brackets, separators.
const DELIMITERS = new Set([...' \t\r\n\f\v`\'"()<>[]{}|,;*']);
const PATH_TOKEN = /[^\s`'"()<>[\]{}|,;*]{2,512}/g;

/** Visitor for resolved candidates; return false to stop the search (a bound was reached). */
export type CandidateSink = (path: string) => boolean;

/** Resolves `raw` against bundle directory `baseDir` ('' = root); null for URLs, absolute paths and escapes. */
export function resolveAgainst(raw: string, baseDir: string): string | null {
  let p = raw.replace(/[.:!?]+$/, '');
  if (/^[a-z][\w+.-]*:/i.test(p) || p.startsWith('/') || p.startsWith('~') || p.startsWith('\\')) return null;
  p = p.replace(/[#?].*$/, '');
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      return null;
    }
  }
  const out = baseDir === '' ? [] : baseDir.split('/');
  for (const seg of p.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.length > 0 ? out.join('/') : null;
}

function isDelimiter(ch: string | undefined): boolean {
  return ch === undefined || DELIMITERS.has(ch);
}

function tokenBounds(text: string, at: number, end: number): [number, number] {
  let l = at;
  while (l > 0 && at - l < MAX_TOKEN_SIDE && !isDelimiter(text[l - 1])) l -= 1;
  let r = end;
  while (r < text.length && r - end < MAX_TOKEN_SIDE && !isDelimiter(text[r])) r += 1;
  return [l, r];
}

function emit(sink: CandidateSink, raw: string, dirs: readonly string[]): boolean {
  for (const dir of dirs) {
    const p = resolveAgainst(raw, dir);
    if (p !== null && !sink(p)) return false;
  }
  return true;
}

/**
 * Mentions of a path segment named one of `names` followed by more path (`node_modules/x/y.js`), read
 * from the bundle root and from `fromDir`, both as written and from the segment on (so
 * `$DIR/node_modules/x` and `NODE_PATH=node_modules/x` count).
 */
export function segmentMentions(text: string, names: readonly string[], fromDir: string, sink: CandidateSink): boolean {
  const dirs = fromDir === '' ? [''] : ['', fromDir];
  for (const name of names) {
    for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
      const before = text[at - 1];
      const after = text[at + name.length];
      if (!(isDelimiter(before) || before === '/' || before === '\\' || before === '=')) continue;
      if (after !== '/' && after !== '\\') continue;
      const [l, r] = tokenBounds(text, at, at + name.length);
      if (!emit(sink, text.slice(l, r), dirs) || !emit(sink, text.slice(at, r), dirs)) return false;
    }
  }
  return true;
}

/** Relative specifiers (`./lib/x.js`, `../util`) resolved against `fromDir`, as `require` and shells read them. */
export function relativeMentions(text: string, fromDir: string, sink: CandidateSink): boolean {
  for (let at = text.indexOf('./'); at !== -1; at = text.indexOf('./', at + 2)) {
    const [l, r] = tokenBounds(text, at, at + 2);
    const token = text.slice(l, r);
    if (!token.startsWith('./') && !token.startsWith('../')) continue;
    if (!emit(sink, token, [fromDir])) return false;
  }
  return true;
}

/**
 * Every path-like token, resolved from each of `dirs` (default: the bundle root, how SKILL.md names
 * bundle files; a file's own directory is how code and nested documents name their neighbours).
 */
export function pathTokens(text: string, sink: CandidateSink, dirs: readonly string[] = ['']): boolean {
  PATH_TOKEN.lastIndex = 0;
  for (let m = PATH_TOKEN.exec(text); m !== null; m = PATH_TOKEN.exec(text)) {
    if (!emit(sink, m[0], dirs)) return false;
  }
  return true;
}
