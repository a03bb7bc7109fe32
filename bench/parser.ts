// Parser figures for issue 10 (docs/PERFORMANCE.md): runtime + grammar load time, and parse throughput on
// 1 MB inputs. Run: node --import tsx bench/parser.ts
import { loadParsers, parseCode } from '../src/behaviour/parser.js';
import type { CodeLanguage } from '../src/behaviour/parser.js';
import { defaultLimits } from '../src/limits/index.js';
import { parseBudgetOf } from '../src/behaviour/context.js';

const t0 = performance.now();
await loadParsers(['python']);
const t1 = performance.now();
await loadParsers(['javascript', 'typescript', 'bash']);
const t2 = performance.now();
await loadParsers(['tsx']);
const t3 = performance.now();
console.log(`runtime + python: ${(t1 - t0).toFixed(1)} ms; + javascript, typescript, bash: ${(t2 - t1).toFixed(1)} ms; + tsx: ${(t3 - t2).toFixed(1)} ms`);
console.log(`runtime + 4 grammars (python, javascript, typescript, bash): ${(t2 - t0).toFixed(1)} ms`);

const budget = parseBudgetOf(defaultLimits());
const pyFn = 'def handler_N(event, context):\n    items = [x * 2 for x in event.get("items", []) if x]\n    return {"status": 200, "body": json.dumps(items), "n": len(items)}\n\n';
const inputs: [string, CodeLanguage, string][] = [
  ['1 MB Python (multi-line)', 'python', 'import json\n' + Array.from({ length: Math.ceil(1e6 / pyFn.length) }, (_, i) => pyFn.replace('N', String(i))).join('')],
  ['1 MB Python (single line)', 'python', 'x = [' + '"abc", 123, {"k": (1, 2)}, '.repeat(Math.ceil(1e6 / 27)) + ']\n'],
  ['1 MB minified JS (single line)', 'javascript', 'var a=function(b,c){return b+c*2},d=[1,2,3].map(function(e){return a(e,e)});if(d.length>2){d.push("x")}'.repeat(9_700)],
  ['1 MB bash', 'bash', 'for f in "$@"; do if [ -f "$f" ]; then grep -c "x" "$f" | tee -a log.txt; fi; done\n'.repeat(12_500)],
];
for (const [name, lang, text] of inputs) {
  const runs: number[] = [];
  let status = '';
  for (let i = 0; i < 3; i++) {
    const s = performance.now();
    const out = parseCode(lang, text, budget);
    runs.push(performance.now() - s);
    status = out.ok ? `tree${out.hasError ? ' (with errors)' : ''}` : out.reason;
    if (out.ok) out.tree.delete();
  }
  const best = Math.min(...runs);
  const mb = Buffer.byteLength(text) / 1e6;
  console.log(`${name}: ${mb.toFixed(2)} MB, best of 3 ${best.toFixed(0)} ms (${(mb / (best / 1000)).toFixed(1)} MB/s), ${status}`);
}
