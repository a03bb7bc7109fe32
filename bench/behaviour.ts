// Behavioural analysis figures (issue 10 item 5): a 5,000-file bundle with about 1,000 code files of
// realistic shape, scanned with the full catalogue against the same scan without the tree-reading rules
// (the baseline, in the same run), and the two 1 MB single-line inputs that must parse within budget.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanAsync } from '../src/engine/scan.js';
import { RULES } from '../src/rules/index.js';

const PY = (i: number): string => `#!/usr/bin/env python3
"""Helper ${i}: fetch records from the documented API and summarise them."""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import requests

API = "https://api.example.com/v1"


def load_config(path: str) -> dict:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def fetch(item_id: str) -> dict:
    token = os.environ.get("EXAMPLE_API_KEY", "")
    resp = requests.get(f"{API}/items/{item_id}", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    resp.raise_for_status()
    return resp.json()


def git_revision() -> str:
    return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False).stdout.strip()


def summarise(records: list[dict]) -> dict:
    totals: dict[str, int] = {}
    for rec in records:
        for key, value in rec.items():
            if isinstance(value, int):
                totals[key] = totals.get(key, 0) + value
    return {"count": len(records), "totals": totals, "rev": git_revision()}


def main() -> int:
    parser = argparse.ArgumentParser(description="helper ${i}")
    parser.add_argument("ids", nargs="+")
    parser.add_argument("--config", default=os.environ.get("HELPER_CONFIG", "config.json"))
    args = parser.parse_args()
    cfg = load_config(args.config) if Path(args.config).exists() else {}
    records = [fetch(x) for x in args.ids][: cfg.get("limit", 100)]
    json.dump(summarise(records), sys.stdout, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
`;

const JS = (i: number): string => `// Helper ${i}: render a report from the API.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const API = 'https://api.example.com/v1';

export async function fetchItems(ids) {
  const token = process.env.EXAMPLE_API_KEY ?? '';
  const out = [];
  for (const id of ids) {
    const res = await fetch(\`\${API}/items/\${encodeURIComponent(id)}\`, { headers: { Authorization: \`Bearer \${token}\` } });
    if (!res.ok) throw new Error(\`HTTP \${res.status}\`);
    out.push(await res.json());
  }
  return out;
}

export async function render(path, ids) {
  const template = await readFile(path, 'utf8');
  const items = await fetchItems(ids);
  const { stdout } = await run('git', ['rev-parse', 'HEAD']);
  const rows = items.map((it, n) => \`| \${n + 1} | \${it.name} | \${it.value} |\`).join('\\n');
  await writeFile('report-${i}.md', template.replace('{{rows}}', rows).replace('{{rev}}', stdout.trim()));
  return items.length;
}
`;

const TS = (i: number): string => `// Helper ${i}: typed client.
interface Item { id: string; name: string; value: number }

export class Client${i} {
  constructor(private readonly base: string = 'https://api.example.com/v1', private readonly token = process.env.EXAMPLE_API_KEY ?? '') {}

  async get(id: string): Promise<Item> {
    const res = await fetch(\`\${this.base}/items/\${id}\`, { headers: { Authorization: \`Bearer \${this.token}\` } });
    return (await res.json()) as Item;
  }

  async total(ids: readonly string[]): Promise<number> {
    let sum = 0;
    for (const id of ids) sum += (await this.get(id)).value;
    return sum;
  }
}
`;

const SH = (i: number): string => `#!/usr/bin/env bash
# Helper ${i}: download the latest export and summarise it.
set -euo pipefail
OUT_DIR="\${1:-./out}"
mkdir -p "$OUT_DIR"
curl -fsSL -H "Authorization: Bearer $EXAMPLE_API_KEY" "https://api.example.com/v1/export?n=${i}" -o "$OUT_DIR/export.json"
count=$(jq '.items | length' "$OUT_DIR/export.json")
echo "items: $count"
for f in "$OUT_DIR"/*.json; do
  [ -f "$f" ] || continue
  jq -r '.items[].name' "$f" | sort | uniq -c | head -n 20
done
git -C "$OUT_DIR" status --short 2>/dev/null || true
`;

const PROSE = (i: number): string =>
  `# Notes ${i}\n\nThis reference explains how the helper fetches records from https://api.example.com/v1 and summarises them.\n` +
  'Each record has an id, a name and a value. The summary lists totals per key and the git revision of the checkout.\n'.repeat(12);

/** Real Markdown/JSON/YAML/text files of the benign corpus, when it is present (the shared checkout or SKILLSPECTOR_BENIGN_CORPUS). */
function realDocuments(): string[] {
  const root = process.env.SKILLSPECTOR_BENIGN_CORPUS ?? join(dirname(fileURLToPath(import.meta.url)), '../../shared/corpus/benign');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile() && /\.(?:md|json|txt|ya?ml)$/i.test(e.name) && statSync(p).size < 200_000) out.push(p);
    }
  }
  return out.sort();
}

/**
 * 5,000 files: about 1,000 code files (Python, JS, TS, shell), the rest Markdown and JSON. With `docs`, the
 * non-code files are copies of those real documents (cycled) instead of generated prose: generated prose
 * slips past the pattern rules' prefilters and makes the rest of the scan unrealistically cheap.
 */
export function generateCodeBundle(files = 5_000, docs: readonly string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'skillspector-bench-code-'));
  writeFileSync(join(root, 'SKILL.md'), '---\nname: bench-code\ndescription: generated\n---\n# Bench\nCalls https://api.example.com/v1 with the scripts.\n');
  for (let i = 0; i < files - 1; i += 1) {
    const dir = join(root, `pkg${i % 40}`, `mod${i % 9}`);
    mkdirSync(dir, { recursive: true });
    const slot = i % 20;
    if (docs.length > 0 && slot % 5 !== 0) {
      const doc = docs[i % docs.length] as string;
      copyFileSync(doc, join(dir, `d${i}${extname(doc)}`));
      continue;
    }
    const [name, body] =
      slot === 0 ? [`h${i}.py`, PY(i)] : slot === 5 ? [`h${i}.mjs`, JS(i)] : slot === 10 ? [`h${i}.ts`, TS(i)] : slot === 15 ? [`h${i}.sh`, SH(i)]
        : slot % 3 === 0 ? [`d${i}.json`, JSON.stringify({ id: i, items: Array.from({ length: 20 }, (_, n) => ({ n, name: `item-${n}` })) })]
          : [`n${i}.md`, PROSE(i)];
    writeFileSync(join(dir, name), body);
  }
  return root;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

export interface BenchRow { name: string; medianMs: number; baselineMs?: number; note?: string }

async function compare(name: string, bundle: string, runs: number): Promise<BenchRow> {
  const withoutTrees = RULES.filter((r) => !r.meta.usesTree);
  await scanAsync({ target: bundle }); // warm: grammars loaded, regexes compiled
  const full: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await scanAsync({ target: bundle, rules: withoutTrees });
    base.push(performance.now() - t);
    t = performance.now();
    await scanAsync({ target: bundle });
    full.push(performance.now() - t);
  }
  const f = median(full);
  const b = median(base);
  return { name, medianMs: f, baselineMs: b, note: `baseline: same scan without the tree-reading rules; behaviour adds ${(((f - b) / b) * 100).toFixed(0)} %` };
}

export async function benchBehaviour(runs = 3): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const docs = realDocuments();
  if (docs.length > 0) {
    const real = generateCodeBundle(5_000, docs);
    try {
      rows.push(await compare('engine scan, 5,000 files: 1,000 code + 4,000 real corpus documents', real, runs));
    } finally {
      rmSync(real, { recursive: true, force: true });
    }
  }
  // Generated prose is cheap for the pattern rules and inflates the share: only without the corpus.
  if (docs.length === 0) {
    const bundle = generateCodeBundle();
    try {
      rows.push(await compare('engine scan, 5,000 files: 1,000 code + 4,000 generated documents (no corpus found)', bundle, runs));
    } finally {
      rmSync(bundle, { recursive: true, force: true });
    }
  }
  const oneLine: [string, string, string][] = [
    ['1 MB minified JS (one line)', 'bundle.min.js', 'var a=function(b,c){return b+c*2},d=[1,2,3].map(function(e){return a(e,e)});if(d.length>2){d.push("x")}'.repeat(9_700)],
    ['1 MB Python (one line)', 'blob.py', 'x = [' + '"abc", 123, {"k": (1, 2)}, '.repeat(Math.ceil(1e6 / 27)) + ']\n'],
  ];
  for (const [name, file, text] of oneLine) {
    const dir = mkdtempSync(join(tmpdir(), 'skillspector-bench-line-'));
    try {
      writeFileSync(join(dir, 'SKILL.md'), '---\nname: line\ndescription: one big file\n---\nRuns the script.\n');
      writeFileSync(join(dir, file), text);
      const xs: number[] = [];
      let outcome = '';
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const { report } = await scanAsync({ target: dir });
        xs.push(performance.now() - t);
        const row = report.analysis_completeness.ledger_exceptions.find((e) => e.path === file);
        outcome = row ? `${row.reason_code} (over budget)` : 'parsed within the budget';
      }
      rows.push({ name: `engine scan, ${name}`, medianMs: median(xs), note: outcome });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}
