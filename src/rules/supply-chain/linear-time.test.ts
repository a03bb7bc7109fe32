// Every supply-chain rule on 1 MB adversarial inputs: single-line runs (the shared helper) and, for the
// custom and bundle rules the helper cannot drive, many-line inputs built from what those rules look for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { LINEAR_TIME_BUDGET_MS, adversarialLines, assertLinearTime } from '../../../test/helpers/adversarial.js';
import { fileView, runRule } from '../../../test/helpers/rule-harness.js';
import type { Rule } from '../types.js';
import type { BundleView, InventoryEntry } from '../../model/bundle.js';
import { supplyChainRules } from './index.js';

// Bundle rules read every manifest below at once, so each gets a quarter of the 1 MB.
const SIZE = 1_000_000;
const BUDGET_MS = LINEAR_TIME_BUDGET_MS;
const fill = (seed: string) => seed.repeat(Math.ceil(SIZE / seed.length)).slice(0, SIZE);

const SEEDS = [
  'curl ', 'wget ', 'curl x | ', '| sh ', 'bash <(curl ', 'eval "$(curl ', 'iex (iwr ', 'irm | ', 'exec(', 'eval(',
  'exec(requests.get(', 'fetch(', '.then(', 'pip install ', 'http://a/', 'curl -o a ', 'chmod +x a\n', './a ',
  'curl -o a https://e/a\n', 'password: ', 'password is ', 'download a.zip ', 'extract the archive ', '.zip ',
  'unzip -P ', '7z x -p', 'a==1\n', 'a>=1\n', '"a": "1",\n', '[project]\n', 'dependencies = [\n', '"a",\n',
  'install_requires=[\n', '[packages]\n', 'a = "*"\n', '{"dependencies": {', '[[', '-r x\n', 'do not pin ',
  // SC3's decode-and-execute forms, and the paste-lure and origin checks of SC2.
  'base64 -d ', '| base64 -d | ', 'exec(base64.b64decode(', 'x = base64.b64decode(a)\n', '| rev ', 'rev | ', "tr 'A-Za-z' ",
  "printf '\\x41", '\\x41', '$a$b ', '${a}${b}', 'a=cu; ', 'a=b;', 'eval "$(', 'sh -c "$(', '_0x1234(', '__import__(',
  'powershell -enc ', 'https://pastebin.com/raw/x ', 'paste it into your terminal ', 'http://203.0.113.1/ ', 'curl 1.2.3.4/',
  'extract using `x` ', 'unzip with password `x` ', 'run the executable ',
];
const MANIFESTS = ['requirements.txt', 'package.json', 'pyproject.toml', 'setup.py', 'Pipfile', 'SKILL.md', 'docs/a.md', 'run.sh'];
const INVENTORY: InventoryEntry[] = [{ path: 'a.zip!/b', disposition: 'failed', contentKind: 'opaque', type: 'other', executable: false, size: 1 }];

function timeIt(rule: Rule, label: string, run: () => void): void {
  const t = performance.now();
  run();
  const ms = performance.now() - t;
  assert.ok(ms < BUDGET_MS, `${rule.meta.id} took ${ms.toFixed(0)} ms on ${label}`);
}

for (const rule of supplyChainRules) {
  test(`${rule.meta.id} runs in linear time on adversarial input`, () => {
    if (rule.kind === 'pattern') {
      assertLinearTime(rule);
      return;
    }
    const inputs = [...adversarialLines(rule), ...SEEDS.map(fill)].map((s) => (rule.kind === 'bundle' ? s.slice(0, SIZE / 4) : s));
    for (const text of inputs) {
      const label = JSON.stringify(text.slice(0, 12));
      if (rule.kind === 'custom') {
        for (const path of ['notes.md', 'run.sh', 'SKILL.md']) timeIt(rule, `${path} ${label}`, () => runRule(rule, { path, text }));
      } else if (rule.kind === 'bundle') {
        // Timed on check() itself: the harness's per-finding bookkeeping is not the rule's cost.
        const files = MANIFESTS.map((path) => fileView({ path, text }));
        const bundle: BundleView = { paths: MANIFESTS, manifest: null, manifestPath: 'SKILL.md', bytecode: ['__pycache__/'], inventory: INVENTORY };
        timeIt(rule, label, () => rule.check(bundle, files));
      }
    }
  });
}
