// Realistic text for the bench workloads: pieces (paragraphs, code units, sentences, JSON fields) cut from the
// benign corpus, so that the rules' keyword prefilters fire as often as they do on real skills. Whole files
// are never copied: generators shuffle pieces from many files together.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The shared benign corpus, beside the repository (override with SKILLSPECTOR_BENIGN_CORPUS). */
export const CORPUS_ROOT = process.env.SKILLSPECTOR_BENIGN_CORPUS ?? join(REPO_ROOT, '../shared/corpus/benign');

export type CodeKind = 'py' | 'js' | 'sh';

export interface Vocabulary {
  /** Where the pieces came from, for the bench header. */
  source: string;
  files: number;
  /** Markdown blocks: paragraphs, lists, tables, whole fenced code blocks. */
  markdown: string[];
  /** Prose sentences (30–300 characters). */
  sentences: string[];
  /** Top-level code units (a function, a class, an import block), by language. */
  code: Record<CodeKind, string[]>;
  /** Real `description:` lines of SKILL.md frontmatter. */
  descriptions: string[];
  /** Key/value pairs seen in real JSON files (primitive values only). */
  jsonFields: [string, string | number | boolean][];
}

const MAX_FILE_BYTES = 256 * 1024;
const MAX_PIECE_CHARS = 6_000;
const CODE_EXT: Record<string, CodeKind> = { '.py': 'py', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.sh': 'sh', '.bash': 'sh' };

function walk(root: string): string[] {
  const out: string[] = [];
  const stack = [root];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile() && /\.(?:md|py|m?js|cjs|sh|bash|json)$/i.test(e.name) && statSync(p).size <= MAX_FILE_BYTES) out.push(p);
    }
  }
  // Sorted by relative path, so the vocabulary (and so every workload) does not depend on directory order.
  return out.sort((a, b) => (relative(root, a) < relative(root, b) ? -1 : 1));
}

/** Long pieces are cut at line boundaries so one piece never dominates a file. */
function capped(piece: string): string[] {
  if (piece.length <= MAX_PIECE_CHARS) return [piece];
  const out: string[] = [];
  let cur = '';
  for (const line of piece.split('\n')) {
    if (cur.length + line.length > MAX_PIECE_CHARS && cur !== '') {
      out.push(cur);
      cur = '';
    }
    cur += (cur === '' ? '' : '\n') + line.slice(0, MAX_PIECE_CHARS);
  }
  if (cur !== '') out.push(cur);
  return out;
}

/** Blank-line separated blocks, keeping each fenced code block whole. Frontmatter is dropped. */
export function markdownBlocks(text: string): string[] {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
  const blocks: string[] = [];
  let cur: string[] = [];
  let fenced = false;
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === '') {
      if (cur.length > 0) blocks.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length > 0 && !fenced) blocks.push(cur.join('\n'));
  return blocks.flatMap(capped);
}

/** Per-line state of a rough lexer: enough to know when a file is back at top level (not a parser). */
class TopLevel {
  private depth = 0;
  private triple: string | undefined;
  private heredoc: string | undefined;
  private backticks = 0;
  private cases = 0;
  constructor(private readonly kind: CodeKind) {}

  feed(line: string): void {
    if (this.heredoc !== undefined) {
      if (line.trim() === this.heredoc) this.heredoc = undefined;
      return;
    }
    let code = line;
    if (this.kind === 'py') {
      // Toggle on each triple quote; text inside a docstring does not count.
      for (const m of line.matchAll(/"""|'''/g)) this.triple = this.triple === undefined ? m[0] : this.triple === m[0] ? undefined : this.triple;
      if (this.triple !== undefined || /"""|'''/.test(line)) return;
    }
    code = code.replace(/\\./g, '').replace(/"[^"]*"|'[^']*'/g, '""');
    code = code.replace(this.kind === 'js' ? /\/\/.*$/ : /(^|\s)#.*$/, '');
    if (this.kind === 'js') this.backticks += (code.match(/`/g) ?? []).length;
    if (this.kind === 'sh') {
      const here = /<<-?\s*['"]?(\w+)['"]?/.exec(code);
      if (here?.[1] !== undefined) this.heredoc = here[1];
      // Keywords in command position only: `echo done` closes nothing.
      this.depth += (code.match(/(?:^\s*|[;&|]\s*)(?:if|for|while|until|case)\s/g) ?? []).length;
      this.depth -= (code.match(/(?:^\s*|[;&|]\s*)(?:fi|done|esac)\b/g) ?? []).length;
      this.cases += (/(?:^\s*|[;&|]\s*)case\s/.test(code) ? 1 : 0) - (/(?:^\s*|[;&|]\s*)esac\b/.test(code) ? 1 : 0);
      // A case label's `)` closes nothing: count it as opened.
      if (this.cases > 0 && /^\s*\(?[^()\s][^()]*\)/.test(code)) this.depth += 1;
    }
    this.depth += (code.match(/[([{]/g) ?? []).length - (code.match(/[)\]}]/g) ?? []).length;
  }

  get atTop(): boolean {
    return this.depth === 0 && this.triple === undefined && this.heredoc === undefined && this.backticks % 2 === 0;
  }
}

/**
 * Top-level units (a function, a class, an import block): a unit ends at a blank line followed by a column-0
 * line, when the rough lexer says nothing is open. Units that do not close are dropped, so that shuffled
 * units still parse (a parser giving up on a file would make the bench flatter the scanner).
 */
export function codeUnits(text: string, kind: CodeKind): string[] {
  const units: string[] = [];
  let cur: string[] = [];
  let blank = false;
  let lex = new TopLevel(kind);
  for (const line of text.replace(/^#!.*\n/, '').split(/\r?\n/)) {
    if (line.trim() === '') {
      blank = true;
      continue;
    }
    if (blank && /^\S/.test(line) && cur.length > 0 && lex.atTop) {
      units.push(cur.join('\n'));
      cur = [];
      lex = new TopLevel(kind);
    } else if (blank && cur.length > 0) cur.push('');
    blank = false;
    cur.push(line);
    lex.feed(line);
  }
  if (cur.length > 0 && lex.atTop) units.push(cur.join('\n'));
  return units.filter((u) => u.length <= MAX_PIECE_CHARS * 2);
}

function proseSentences(block: string): string[] {
  if (/^\s*(?:```|~~~|\||#|<)/.test(block)) return [];
  return block
    .replace(/\s+/g, ' ')
    .replace(/^[-*>\d.]+\s+/, '')
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .filter((s) => s.length >= 30 && s.length <= 300);
}

function collectJsonFields(value: unknown, out: [string, string | number | boolean][], depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      if (k.length <= 60 && String(v).length <= 400) out.push([k, v]);
    } else collectJsonFields(v, out, depth + 1);
  }
}

function build(root: string, source: string): Vocabulary {
  const v: Vocabulary = { source, files: 0, markdown: [], sentences: [], code: { py: [], js: [], sh: [] }, descriptions: [], jsonFields: [] };
  for (const path of walk(root)) {
    const text = readFileSync(path, 'utf8');
    const ext = extname(path).toLowerCase();
    v.files += 1;
    if (ext === '.md') {
      const desc = /^---\n[\s\S]*?^description:\s*(.{20,400})$/m.exec(text)?.[1];
      if (desc !== undefined) v.descriptions.push(desc.replace(/^["']|["']$/g, ''));
      for (const block of markdownBlocks(text)) {
        v.markdown.push(block);
        v.sentences.push(...proseSentences(block));
      }
    } else if (ext === '.json') {
      try {
        collectJsonFields(JSON.parse(text), v.jsonFields);
      } catch {
        // Not every *.json in the wild parses (comments, templates); skip those.
      }
    } else {
      const kind = CODE_EXT[ext];
      if (kind !== undefined) v.code[kind].push(...codeUnits(text, kind));
    }
  }
  return v;
}

let cached: Vocabulary | undefined;

/** The corpus vocabulary; without the corpus, the repository's own docs/ and examples/ (said in `source`). */
export function vocabulary(): Vocabulary {
  if (cached !== undefined) return cached;
  let v = existsSync(CORPUS_ROOT) ? build(CORPUS_ROOT, `benign corpus ${CORPUS_ROOT}`) : undefined;
  if (v === undefined || v.markdown.length === 0) {
    const docs = build(join(REPO_ROOT, 'docs'), 'repo docs/ + examples/ (benign corpus not found)');
    const examples = build(join(REPO_ROOT, 'examples'), '');
    v = {
      ...docs,
      files: docs.files + examples.files,
      markdown: [...docs.markdown, ...examples.markdown],
      sentences: [...docs.sentences, ...examples.sentences],
      code: { py: [...docs.code.py, ...examples.code.py], js: [...docs.code.js, ...examples.code.js], sh: [...docs.code.sh, ...examples.code.sh] },
      descriptions: [...docs.descriptions, ...examples.descriptions],
      jsonFields: [...docs.jsonFields, ...examples.jsonFields],
    };
  }
  cached = v;
  return v;
}
