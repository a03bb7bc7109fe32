import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBundleRule } from '../../../test/helpers/rule-harness.js';
import { skillBundle } from './test-support.js';
import { tp2 } from './tp2-unicode-deception.js';

function run(md: string) {
  const { files, bundle } = skillBundle(md);
  return runBundleRule(tp2, files, bundle);
}

test('TP2 fires on a homoglyph name (Cyrillic letters inside a Latin word)', () => {
  const f = run('---\nname: gith\u0443b-h\u0435lper\ndescription: Manage repositories.\n---\n');
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'TP2');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(f[0]?.confidence, 0.9);
});

test('TP2 fires on a bidi override anywhere and on mixed scripts in a trigger', () => {
  const f = run('---\nname: report\ndescription: "Totals \u202eexe.fdp\u202c here"\ntriggers:\n  - "summarise d\u0436ata"\n---\n');
  assert.deepEqual(f.map((x) => [x.startLine, x.confidence]), [[3, 0.95], [5, 0.85]]);
});

test('TP2 fires on a soft hyphen hidden in a parameter name', () => {
  const f = run('---\nname: x\nparameters:\n  - name: "out\u00adput"\n    description: Output path.\n---\n');
  assert.equal(f.length, 1);
  assert.equal(f[0]?.startLine, 4);
  assert.equal(f[0]?.confidence, 0.8);
});

test('TP2 does not fire on legitimate non-Latin metadata that is not mixed within one word', () => {
  const md = '---\nname: データ分析\ndescription: CSVファイルを読み込み、PDF レポートを作成します。\ntriggers:\n  - отчёт по продажам\n  - Ελληνικά κείμενα\n  - PDFファイル\nname_en: ok\n---\n';
  assert.equal(run(md).length, 0);
});

test('TP2 does not fire on emoji presentation selectors in a name', () => {
  assert.equal(run('---\nname: "⚠️ alerts"\ndescription: Alerting helper.\n---\n').length, 0);
});
