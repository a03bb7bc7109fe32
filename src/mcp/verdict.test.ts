import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scan } from '../engine/scan.js';
import type { ScanReport } from '../report/types.js';
import { buildFixtures } from './test-support.js';
import type { Fixtures } from './test-support.js';
import { isSafeToInstall, toVerdict } from './verdict.js';

const VERDICT_KEYS = [
  'analysis_completeness', 'execution_successful', 'findings', 'llm_calls', 'llm_model', 'llm_used', 'recommendation', 'report', 'risk_score',
  'safe_to_install', 'scan_mode', 'severity', 'target', 'version',
];

describe('mcp verdict', () => {
  let fx: Fixtures;
  let clean: ScanReport;

  before(() => {
    fx = buildFixtures();
    clean = scan({ target: fx.benign });
  });
  after(() => fx.cleanup());

  function variant(edit: (r: ScanReport) => void): ScanReport {
    const copy = structuredClone(clean);
    edit(copy);
    return copy;
  }

  it('has exactly the CONTRACT §8 fields, copied from the report', () => {
    const v = toVerdict(clean, { target: 'given/target', rendered: 'BODY' });
    assert.deepEqual(Object.keys(v).sort(), VERDICT_KEYS);
    assert.equal(v.target, 'given/target');
    assert.equal(v.report, 'BODY');
    assert.equal(v.risk_score, clean.risk_assessment.score);
    assert.equal(v.severity, clean.risk_assessment.severity);
    assert.equal(v.recommendation, clean.risk_assessment.recommendation);
    assert.equal(v.version, clean.tool.version);
    assert.equal(v.scan_mode, 'static-only');
    assert.equal(v.llm_used, false);
    assert.equal(v.llm_calls, 0);
    assert.equal(v.llm_model, null);
    assert.deepEqual(v.analysis_completeness, clean.analysis_completeness);
    assert.equal(v.safe_to_install, true);
  });

  it('the LLM fields are read from the report metadata, not assumed', () => {
    const llm = variant((r) => {
      Object.assign(r.metadata, { scan_mode: 'static+llm', llm_requested: true, llm_used: true, llm_calls: 3, llm_model: 'gpt-4o-2024-08-06' });
    });
    const v = toVerdict(llm, { target: 't', rendered: '' });
    assert.deepEqual([v.scan_mode, v.llm_used, v.llm_calls, v.llm_model], ['static+llm', true, 3, 'gpt-4o-2024-08-06']);
    // Requested but every reply failed: the mode says LLM, llm_used says it did not help.
    const failed = variant((r) => {
      Object.assign(r.metadata, { scan_mode: 'static+llm', llm_requested: true, llm_used: false, llm_calls: 2, llm_model: 'gpt-4o' });
    });
    const f = toVerdict(failed, { target: 't', rendered: '' });
    assert.deepEqual([f.scan_mode, f.llm_used, f.llm_calls], ['static+llm', false, 2]);
  });

  it('findings are the active issues only (suppressed ones are left out)', () => {
    const report = scan({ target: fx.malicious });
    const withSuppressed = { ...report, suppressed: [...report.issues], suppressed_count: report.issues.length };
    const v = toVerdict(withSuppressed, { target: 't', rendered: '' });
    assert.deepEqual(v.findings, report.issues);
  });

  it('a score of exactly 50 is still installable, 51 is not', () => {
    assert.equal(isSafeToInstall(variant((r) => { r.risk_assessment.score = 50; })), true);
    assert.equal(isSafeToInstall(variant((r) => { r.risk_assessment.score = 51; })), false);
  });

  it('is fail-closed on every other condition, even with a zero score', () => {
    const failed = variant((r) => {
      r.execution_successful = false;
      r.analysis_completeness.execution_successful = false;
    });
    assert.equal(isSafeToInstall(failed), false);
    assert.equal(toVerdict(failed, { target: 't', rendered: '' }).execution_successful, false);
    assert.equal(isSafeToInstall(variant((r) => { r.analysis_completeness.execution_successful = false; })), false);
    assert.equal(isSafeToInstall(variant((r) => { r.analysis_completeness.entirely_uninspected_files = 1; })), false);
    assert.equal(isSafeToInstall(variant((r) => { r.analysis_completeness.is_complete = false; })), false);
  });

  it('real scans: malicious, incomplete and collision bundles are never safe', () => {
    for (const target of [fx.malicious, fx.incomplete, fx.collision]) {
      assert.equal(isSafeToInstall(scan({ target })), false, target);
    }
  });
});
