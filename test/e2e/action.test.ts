// The GitHub Action (action.yml) run end to end by the local runner substitute (scripts/run-action.ts):
// real bash steps against the CLI from src/, `uses:` steps recorded. Exit 0, 1 and 2, outputs, the job
// summary, the SARIF file and its upload.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Log } from 'sarif';
import { runAction } from '../../scripts/run-action.js';
import type { ActionRun, StepRecord } from '../../scripts/run-action.js';
import { buildZip } from '../helpers/zip-builder.js';

const REPO = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'skillspector-action-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A workspace as actions/checkout leaves it: a git checkout holding the skill under `skill/`. */
function workspace(name: string, example: string): string {
  const ws = join(root, name);
  mkdirSync(join(ws, '.git'), { recursive: true });
  cpSync(join(REPO, 'examples', example), join(ws, 'skill'), { recursive: true });
  return ws;
}

function run(ws: string, inputs: Record<string, string>, github: Record<string, string> = {}): ActionRun {
  return runAction({ fromSource: true, skipSteps: ['Install SkillSpector'], workspace: ws, inputs: { target: 'skill', ...inputs }, github });
}

function step(result: ActionRun, name: string): StepRecord {
  const found = result.steps.find((s) => s.name === name);
  assert.ok(found, `no step ${name}`);
  return found;
}

function sarifAt(ws: string, file: string): Log {
  return JSON.parse(readFileSync(join(ws, file), 'utf8')) as Log;
}

describe('action.yml under the local runner', () => {
  it('a DO_NOT_INSTALL skill: outputs, summary and SARIF, upload with the category, then the gate fails with exit 1', () => {
    const ws = workspace('malicious', 'malicious-skill');
    const result = run(ws, { 'fail-on-severity': 'high', category: 'skills/malicious', exclude: '  scripts/collect.py \r\n  \n*.txt' }, { action_repository: 'acme/skillspector', action_ref: 'v1' });
    assert.equal(result.exitCode, 1);
    assert.deepEqual(result.outputs, { recommendation: 'DO_NOT_INSTALL', score: '100', sarif: 'skillspector.sarif', 'exit-code': '1' });
    assert.deepEqual(result.steps.map((s) => [s.name, s.outcome]), [
      ['actions/setup-node@v4', 'recorded'], ['Install SkillSpector', 'skipped'], ['Scan', 'success'], ['Upload SARIF', 'recorded'], ['Gate', 'failure'],
    ]);
    assert.deepEqual(step(result, 'Upload SARIF').with, { sarif_file: 'skillspector.sarif', category: 'skills/malicious' });
    assert.equal(step(result, 'Gate').exitCode, 1);
    const scan = step(result, 'Scan');
    assert.match(scan.stdout, /^::error title=SkillSpector::exit 1: /m);
    // The scanner's output sits between stop-commands and the resume token.
    const token = /^::stop-commands::([0-9a-f]{32})$/m.exec(scan.stdout)?.[1];
    assert.ok(token);
    const [, inside = ''] = scan.stdout.split(`::stop-commands::${token}`);
    assert.match(inside.split(`::${token}::`)[0] ?? '', /DO NOT INSTALL/);
    assert.match(result.summary, /DO NOT INSTALL|DO_NOT_INSTALL/);
    assert.match(result.summary, /^#/m, 'the Markdown report');
    const log = sarifAt(ws, 'skillspector.sarif');
    const uris = (log.runs[0]?.results ?? []).map((r) => r.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '');
    assert.ok(uris.length > 0 && uris.every((u) => u.startsWith('skill/')), 'paths from the repository root');
    assert.ok(!uris.includes('skill/scripts/collect.py'), 'the exclude input reached the scan');
    assert.ok(uris.includes('skill/scripts/setup.sh'));
    const p1 = log.runs[0]?.tool.driver.rules?.find((r) => r.id === 'P1');
    assert.equal(p1?.helpUri, 'https://github.com/acme/skillspector/blob/v1/docs/RULES.md#p1');
  });

  it('a SAFE skill passes: exit 0, no error annotation, no upload when upload-sarif is false', () => {
    const ws = workspace('benign', 'benign-skill');
    const result = run(ws, { 'upload-sarif': 'false', 'sarif-file': 'out/scan.sarif' });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs['recommendation'], 'SAFE');
    assert.equal(result.outputs['sarif'], 'out/scan.sarif');
    assert.ok(existsSync(join(ws, 'out', 'scan.sarif')));
    assert.equal(step(result, 'Upload SARIF').outcome, 'skipped');
    assert.equal(step(result, 'Gate').outcome, 'success');
    assert.doesNotMatch(step(result, 'Scan').stdout, /::error/);
    assert.equal(sarifAt(ws, 'out/scan.sarif').runs[0]?.tool.driver.rules?.[0]?.helpUri, undefined, 'no docs link outside GitHub');
  });

  it('exit 2 with a report (a fatal ledger exception): the SARIF is still uploaded and the failure is annotated', () => {
    const ws = workspace('collision', 'benign-skill');
    // A directory named `bundle.zip!` shadows the member `payload.txt` of bundle.zip: the scan cannot be trusted.
    mkdirSync(join(ws, 'skill', 'bundle.zip!'));
    writeFileSync(join(ws, 'skill', 'bundle.zip!', 'payload.txt'), 'hi\n');
    writeFileSync(join(ws, 'skill', 'bundle.zip'), buildZip([{ name: 'payload.txt', data: 'x\n' }]));
    const result = run(ws, {});
    assert.equal(result.exitCode, 2);
    assert.equal(result.outputs['exit-code'], '2');
    assert.equal(result.outputs['sarif'], 'skillspector.sarif');
    assert.equal(step(result, 'Upload SARIF').outcome, 'recorded');
    assert.equal(step(result, 'Gate').exitCode, 2);
    assert.match(step(result, 'Scan').stdout, /^::error title=SkillSpector could not complete the scan \(exit 2\)::.*The verdict is unknown; the SARIF report lists what failed\.$/m);
    assert.equal(sarifAt(ws, 'skillspector.sarif').runs[0]?.invocations?.[0]?.executionSuccessful, false);
  });

  it('exit 2 without a report (a bad input): nothing to upload, not even a stale file; the reason in the annotation and the summary', () => {
    const ws = workspace('usage', 'benign-skill');
    writeFileSync(join(ws, 'skillspector.sarif'), '{"stale": "from an earlier run"}');
    const result = run(ws, { 'fail-on-severity': 'EXTREME' });
    assert.equal(existsSync(join(ws, 'skillspector.sarif')), false, 'a stale report is never uploaded as this run\'s');
    assert.equal(result.exitCode, 2);
    assert.deepEqual(result.outputs, { recommendation: '', score: '', sarif: '', 'exit-code': '2' });
    assert.equal(step(result, 'Upload SARIF').outcome, 'skipped');
    assert.match(step(result, 'Scan').stdout, /^::error title=SkillSpector could not complete the scan \(exit 2\)::--fail-on-severity expects one of .*"EXTREME".*The verdict is unknown\.$/m);
    assert.match(result.summary, /could not complete the scan \(exit 2\); no report was written/);
  });
});
