// The one tree-sitter loader (issue 10 item 1). The WASM runtime loads once per process and each grammar
// once, lazily, only for the languages a scan actually holds; parsing is synchronous and bounded by a size
// budget (checked before parsing) and a time budget (enforced through the parse progress callback).
// Trees live in WASM memory: use `withTree` so every tree is deleted after use.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language, Node, Parser, Tree } from '@vscode/tree-sitter-wasm';
import type { FileType } from '../shared/types.js';
import type { CodeTree } from './code-tree.js';

/** The grammars the behavioural analysis reads. `tsx` is TypeScript with JSX (`.tsx` files). */
export const CODE_LANGUAGES = ['python', 'javascript', 'typescript', 'tsx', 'bash'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** The budget one parse may spend. Defaults come from src/limits (`parseMaxBytes`, `parseTimeMs`, `parseMaxErrorRatio`). */
export interface ParseBudget {
  /** Largest text (UTF-8 bytes) handed to the parser; a larger file is not parsed (`runtime_limit`). */
  maxBytes: number;
  /** Wall-clock time one parse may take; past it the parse is cancelled (`runtime_limit`). */
  timeMs: number;
  /** Share of the text inside ERROR nodes above which the tree is useless (`parse_error`). */
  maxErrorRatio: number;
  /** Time source, injectable for tests. */
  clock?: () => number;
}

export type ParseFailureReason = 'parse_error' | 'runtime_limit';

export interface ParseFailure {
  ok: false;
  reason: ParseFailureReason;
  /** One plain sentence for the ledger row. */
  message: string;
  observed?: number;
  limit?: number;
  unit?: 'bytes' | 'seconds';
}

export interface ParseSuccess {
  ok: true;
  tree: Tree;
  /** The parsed text (tree indices are UTF-16 offsets into it). */
  source: string;
  /** The plain-JS copy extractors read, when the engine made it within the parse budget. */
  code?: CodeTree;
  /** Charges time spent on this tree later (fact extraction) to the scan's shared behaviour budget. */
  account?: (ms: number) => void;
  language: CodeLanguage;
  /** True when the tree holds ERROR or MISSING nodes (below the failure threshold). */
  hasError: boolean;
}

export type ParseOutcome = ParseSuccess | ParseFailure;

interface Runtime {
  Parser: typeof Parser;
  Language: typeof Language;
}

const GRAMMAR_FILES: Record<CodeLanguage, string> = {
  python: 'tree-sitter-python.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  bash: 'tree-sitter-bash.wasm',
};

let runtime: Promise<Runtime> | undefined;
let runtimeReady: Runtime | undefined;
const grammars = new Map<CodeLanguage, Promise<Language>>();
const ready = new Map<CodeLanguage, Language>();
const parsers = new Map<CodeLanguage, Parser>();
let runtimeLoads = 0;
let parseCount = 0;

function wasmDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@vscode/tree-sitter-wasm'));
}

function loadRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    runtimeLoads += 1;
    const require = createRequire(import.meta.url);
    // The package ships a UMD/CommonJS build; `require` is the supported way to load it from ESM.
    const mod = require('@vscode/tree-sitter-wasm') as Runtime;
    const dir = wasmDir();
    await mod.Parser.init({ locateFile: (file: string) => join(dir, file) });
    runtimeReady = mod;
    return mod;
  })();
  return runtime;
}

/**
 * Loads the runtime (once per process) and the grammars of `langs` not loaded yet. Idempotent and safe to
 * call concurrently. Call it only when a scan holds code files: a scan with none must not pay for WASM.
 */
export async function loadParsers(langs: Iterable<CodeLanguage>): Promise<void> {
  const wanted = [...new Set(langs)];
  if (wanted.length === 0) return;
  const rt = await loadRuntime();
  await Promise.all(
    wanted.map((lang) => {
      let p = grammars.get(lang);
      if (!p) {
        p = rt.Language.load(readFileSync(join(wasmDir(), GRAMMAR_FILES[lang]))).then((l) => {
          ready.set(lang, l);
          return l;
        });
        grammars.set(lang, p);
      }
      return p;
    }),
  );
}

/** Whether `lang`'s grammar is loaded, so `parseCode` can run synchronously. */
export function parserReady(lang: CodeLanguage): boolean {
  return ready.has(lang);
}

/** Diagnostics for tests and benchmarks: runtime loads, loaded grammars, and parses run in this process. */
export function parserStats(): { runtimeLoads: number; languages: CodeLanguage[]; parses: number } {
  return { runtimeLoads, languages: [...ready.keys()].sort(), parses: parseCount };
}

/** The grammar for a file, from its type and (for `.tsx`) its extension; null for non-code files. */
export function languageOf(type: FileType, path: string): CodeLanguage | null {
  switch (type) {
    case 'python':
      return 'python';
    case 'javascript':
      return 'javascript';
    case 'typescript':
      return /\.tsx$/i.test(path) ? 'tsx' : 'typescript';
    case 'shell':
      // fish is not bash; its syntax would only yield error trees.
      return /\.fish$/i.test(path) ? null : 'bash';
    default:
      return null;
  }
}

function parserFor(lang: CodeLanguage): Parser {
  let p = parsers.get(lang);
  if (!p) {
    const language = ready.get(lang);
    if (!language || !runtimeReady) throw new Error(`parseCode: grammar ${lang} not loaded; await loadParsers first`);
    p = new runtimeReady.Parser();
    p.setLanguage(language);
    parsers.set(lang, p);
  }
  return p;
}

/**
 * Parses `text` synchronously within `budget`. The caller owns a successful tree and must delete it
 * (prefer `withTree`). Throws only when the grammar was not loaded (a programming error).
 */
export function parseCode(lang: CodeLanguage, text: string, budget: ParseBudget): ParseOutcome {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > budget.maxBytes) {
    return {
      ok: false, reason: 'runtime_limit', observed: bytes, limit: budget.maxBytes, unit: 'bytes',
      message: `File is larger than the ${budget.maxBytes}-byte parse budget; behavioural analysis did not parse it.`,
    };
  }
  const parser = parserFor(lang);
  parseCount += 1;
  const clock = budget.clock ?? (() => performance.now());
  const started = clock();
  let cancelled = false;
  let tree: Tree | null;
  try {
    let calls = 0;
    tree = parser.parse(text, null, {
      // Called very often; reading the clock on every 16th call is plenty for a budget in milliseconds.
      progressCallback: () => {
        if ((++calls & 15) === 0 && clock() - started > budget.timeMs) cancelled = true;
        return cancelled;
      },
    });
  } finally {
    // A cancelled parse leaves state behind; reset so the next parse starts clean.
    if (cancelled) parser.reset();
  }
  if (tree === null) {
    if (cancelled) {
      const seconds = Math.round(clock() - started) / 1000;
      return {
        ok: false, reason: 'runtime_limit', observed: seconds, limit: budget.timeMs / 1000, unit: 'seconds',
        message: `Parsing exceeded its ${budget.timeMs} ms time budget; behavioural analysis did not read this file.`,
      };
    }
    return { ok: false, reason: 'parse_error', message: `The ${lang} parser returned no tree for this file.` };
  }
  const root = tree.rootNode;
  if (!root.hasError) return { ok: true, tree, source: text, language: lang, hasError: false };
  const errorBytes = errorByteCount(root);
  const total = Math.max(1, root.endIndex - root.startIndex);
  if (errorBytes / total > budget.maxErrorRatio) {
    tree.delete();
    const pct = Math.round((errorBytes / total) * 100);
    return { ok: false, reason: 'parse_error', message: `The ${lang} parser could not make sense of ${pct}% of this file; behavioural analysis did not read it.` };
  }
  return { ok: true, tree, source: text, language: lang, hasError: true };
}

/** Bytes covered by ERROR nodes (outermost only); subtrees without errors are skipped. */
function errorByteCount(root: Node): number {
  let total = 0;
  const cursor = root.walk();
  try {
    // Iterative pre-order walk that descends only into subtrees that contain an error.
    for (;;) {
      const node = cursor.currentNode;
      let descend = false;
      if (node.isError) total += node.endIndex - node.startIndex;
      else if (node.hasError) descend = true;
      if (descend && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return total;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Runs `fn` on a successful parse and always deletes the tree; returns the failure unchanged otherwise. */
export function withTree<T>(
  lang: CodeLanguage, text: string, budget: ParseBudget, fn: (tree: Tree, outcome: ParseSuccess) => T,
): { ok: true; value: T } | ParseFailure {
  const outcome = parseCode(lang, text, budget);
  if (!outcome.ok) return outcome;
  try {
    return { ok: true, value: fn(outcome.tree, outcome) };
  } finally {
    outcome.tree.delete();
  }
}

export type { Node as SyntaxNode, Tree as SyntaxTree } from '@vscode/tree-sitter-wasm';
