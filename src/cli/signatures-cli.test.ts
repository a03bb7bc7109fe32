// `scan --rules-dir DIR` and `skillspector rules` for the signature rules, through the CLI as users run it.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ScanReport } from '../report/types.js';
import { RULES } from '../rules/index.js';
import { cli, writeTree } from '../../test/helpers/tree.js';
import { loadCustomSignatures } from './scan-command.js';
import { rulesJson, rulesText } from './rules-command.js';

const SKILL = '---\nname: notes\ndescription: Keeps meeting notes.\n---\n# Notes\n\nRun scripts/save.py.\n';
const ACME = [
  'rule acme_internal_token : internal',
  '{',
  '  meta:',
  '    severity = "HIGH"',
  '    confidence = "0.9"',
  '  strings:',
  '    $t = "ACME-INTERNAL-" nocase',
  '  condition:',
  '    $t',
  '}',
  '',
].join('\n');

function skill(): string {
  return writeTree({ 'SKILL.md': SKILL, 'scripts/save.py': 'KEY = "acme-internal-5521"\nprint("saved")\n' });
}

test('scan --rules-dir: a custom signature reports YR-CUSTOM with its meta severity and confidence', () => {
  const rules = writeTree({ 'acme.yar': ACME, 'nested/more.yara': 'rule never_here { strings: $a = "zzqqxx" condition: $a }\n', 'README.txt': 'not a rule file' });
  const r = cli(['scan', skill(), '--rules-dir', rules, '-f', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as ScanReport;
  const issue = report.issues.find((i) => i.id === 'YR-CUSTOM');
  assert.deepEqual(
    [issue?.severity, issue?.confidence, issue?.pattern, issue?.location],
    ['HIGH', 0.9, 'acme_internal_token', { file: 'scripts/save.py', start_line: 1, end_line: 1 }],
  );
  assert.equal(report.risk_assessment.recommendation, 'CAUTION');
  // Without --rules-dir the same bundle has no signature finding.
  const plain = JSON.parse(cli(['scan', skill(), '-f', 'json']).stdout) as ScanReport;
  assert.deepEqual(plain.issues.filter((i) => i.id.startsWith('YR')), []);
});

test('scan --rules-dir: a rule file that does not parse is exit 2 with one stderr line naming file and line, and no report', () => {
  const rules = writeTree({ 'ok.yar': ACME, 'sub/broken.yar': 'rule broken\n{\n  strings:\n    $a = "x"\n  condition:\n    $a and\n}\n' });
  const r = cli(['scan', skill(), '--rules-dir', rules, '-f', 'json']);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0] ?? '', /signature file .*sub\/broken\.yar, line 7, column \d+: /);
});

test('scan --rules-dir: a missing directory, a file instead of a directory and a directory without rule files are exit 2', () => {
  const base = writeTree({ 'file.yar': ACME, 'empty/README.md': '# none\n' });
  for (const [dir, message] of [[join(base, 'nope'), /does not exist/], [join(base, 'file.yar'), /not a directory/], [join(base, 'empty'), /no \*\.yar or \*\.yara/]] as const) {
    const r = cli(['scan', skill(), '--rules-dir', dir]);
    assert.equal(r.code, 2, dir);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
});

test('loadCustomSignatures: nested rule files load in path order, a symlinked *.yar is never followed', () => {
  const dir = writeTree({ 'a.yar': ACME });
  mkdirSync(join(dir, 'more'));
  writeFileSync(join(dir, 'more', 'real.yar'), 'rule second { strings: $b = "QQZZ-SECOND" condition: $b }\n');
  symlinkSync('/etc/hostname', join(dir, 'linked.yar'));
  const set = loadCustomSignatures(dir);
  assert.deepEqual(set.rules.map((r) => r.name), ['acme_internal_token', 'second']);
});

test('skillspector rules lists YR1–YR4 and YR-CUSTOM with the bundled signature names under each id (text and JSON)', () => {
  const text = rulesText(RULES);
  for (const id of ['YR1', 'YR2', 'YR3', 'YR4', 'YR-CUSTOM']) assert.match(text, new RegExp(`^${id} `, 'm'));
  assert.match(text, /^YR1 [^\n]*\n[^\n]*\n\s+Signatures: [^\n]*eicar_test_file/m);
  assert.match(text, /^YR4 [^\n]*\n[^\n]*\n\s+Signatures: [^\n]*reverse_shell_bash_dev_tcp/m);
  assert.match(text, /^YR-CUSTOM [^\n]*\n[^\n]*\n\s+Signatures: your own, from scan --rules-dir DIR/m);
  const rows = JSON.parse(rulesJson(RULES)) as { id: string; signatures?: string[] }[];
  const byId = new Map(rows.map((r) => [r.id, r.signatures]));
  assert.ok(byId.get('YR1')?.includes('eicar_test_file'));
  assert.ok(byId.get('YR2')?.includes('aspx_webshell_request_exec'));
  assert.ok(byId.get('YR3')?.includes('crypto_stratum_url'));
  assert.ok(byId.get('YR4')?.includes('reverse_shell_netcat'));
  assert.deepEqual(byId.get('YR-CUSTOM'), []);
  assert.equal(byId.get('P1'), undefined, 'other rules carry no signatures field');
  const run = cli(['rules', '--format', 'json']);
  assert.equal(run.code, 0);
  assert.ok((JSON.parse(run.stdout) as { id: string }[]).some((r) => r.id === 'YR-CUSTOM'));
});
