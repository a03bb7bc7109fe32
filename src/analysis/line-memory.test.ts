// Issue 9, item 13: a file's views must not multiply memory. A file of 16 M newlines used to keep a
// `text.split('\n')` array (16 M strings, 128 MB+) beside its line index; the lines are now sliced on
// demand. These tests fail if any view, or any rule, builds an array with one entry per line again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FileAnalyzer } from './runner.js';
import { LineIndex, LineList } from './lines.js';
import { beginFile, releaseViews } from './views.js';
import { typeFromPath } from '../discovery/classify.js';
import { defaultLimits } from '../limits/index.js';
import type { BundleView, FileView } from '../model/bundle.js';
import { RULES } from '../rules/index.js';

const LINES = 200_000;

test('LineList reads exactly what text.split("\\n") gives, without wrapping negative indexes', () => {
  for (const text of ['', '\n', 'a', 'a\n', '\na\r\nb\n\nc', 'x\n'.repeat(5)]) {
    const lines = new LineList(new LineIndex(text));
    const split = text.split('\n');
    assert.equal(lines.length, split.length);
    for (let i = -2; i < split.length + 2; i += 1) assert.equal(lines.at(i), i < 0 ? undefined : split[i]);
    assert.deepEqual(lines.slice(0), split);
    assert.deepEqual(lines.slice(1, 3), split.slice(1, 3));
  }
});

/** The largest array reachable from `root` (objects, arrays, maps and sets; strings and typed arrays are leaves). */
function largestArray(root: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let largest = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v) || ArrayBuffer.isView(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) largest = Math.max(largest, v.length);
    if (v instanceof Map || v instanceof Set) for (const x of v.values()) stack.push(x);
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  return largest;
}

test('no per-line array is kept by a file\'s shared views, whatever is asked of them', () => {
  for (const text of ['\n'.repeat(LINES), 'a\n'.repeat(LINES), 'caf\u00e9\u200b\n'.repeat(LINES)]) {
    const views = beginFile(text);
    for (const v of views.all) {
      void v.lower;
      void v.keywords;
      void v.index;
      const lines = v.lines;
      assert.ok(!Array.isArray(lines), 'lines is a lazy list, not an array');
      assert.equal(lines.length, LINES + 1);
      for (let i = 0; i < lines.length; i += 1) lines.at(i);
    }
    assert.ok(views.security ?? !/[^\n a]/.test(text), 'the non-ASCII text has a security view too');
    assert.ok(largestArray(views) < LINES / 10, `an array of ${largestArray(views)} entries is reachable from the views`);
    releaseViews();
  }
});

test('no rule splits a whole file into an array of its lines', () => {
  // Every rule of the catalogue runs the way the engine runs it, over many-line files of each type that a
  // line-walking rule handles; any String.prototype.split that returns an entry per line is caught.
  const split = String.prototype.split;
  let largest = 0;
  String.prototype.split = function (this: string, ...args: Parameters<typeof split>) {
    const out = split.apply(this, args);
    largest = Math.max(largest, out.length);
    return out;
  } as typeof split;
  try {
    const body = 'x = 1\n'.repeat(LINES / 2) + '\n'.repeat(LINES / 2);
    for (const path of ['notes.md', 'notes.txt', 'run.py', 'run.sh', 'app.js', 'config.json', 'config.yaml', 'requirements.txt', 'pyproject.toml', 'setup.py', 'Pipfile']) {
      const file: FileView = { path, type: typeFromPath(path), text: body, executable: path.endsWith('.sh'), hidden: false, localOnly: false, isManifest: false };
      const bundle: BundleView = { paths: [path], manifest: null, manifestPath: null, bytecode: [], inventory: [] };
      const analyzer = new FileAnalyzer(file, defaultLimits());
      for (const rule of RULES) {
        largest = 0;
        if (rule.kind === 'bundle') rule.check(bundle, [file]);
        else if (rule.kind === 'signature' || rule.kind === 'llm') continue;
        else if ((!rule.meta.fileTypes || rule.meta.fileTypes.includes(file.type)) && (!rule.appliesTo || rule.appliesTo(file))) {
          if (rule.kind === 'pattern') analyzer.runPatternRule(rule);
          else analyzer.runCustomRule(rule, { file, bundle, views: analyzer.views });
        }
        assert.ok(largest < LINES / 10, `${rule.meta.id} on ${path} split the text into ${largest} pieces`);
      }
      releaseViews();
    }
  } finally {
    String.prototype.split = split;
  }
});
