import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scan } from '../engine/scan.js';
import type { ScanReport } from '../report/types.js';
import { buildFixtures } from './test-support.js';
import type { Fixtures } from './test-support.js';
import { isSafeToInstall, toVerdict } from './verdict.js';

const VERDICT_KEYS = [
  'analysis_completeness', 'execution_successful', 'finding_counts', 'findings', 'findings_omitted', 'findings_total', 'llm_calls',
  'llm_model', 'llm_used', 'recommendation', 'report', 'risk_score', 'safe_to_install', 'scan_mode', 'severity', 'suppressed_count',
  'target', 'version',
];

describe('mcp verdict', () => {
  let fx: Fixtures;
  let clean: ScanReport;
  let malicious: ScanReport;

  before(() => {
    fx = buildFixtures();
    clean = scan({ target: fx.benign });
    malicious = scan({ target: fx.malicious });
  });
  after(() => fx.cleanup());

  function variant(base: ScanReport, edit: (r: ScanReport) => void): ScanReport {
    const copy = structuredClone(base);
    edit(copy);
    return copy;
  }

  it('has the CONTRACT §8 fields plus the counts, copied from the report', () => {
    const v = toVerdict(clean, 'given/target', 'BODY');
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
    assert.equal(v.analysis_completeness.status, clean.analysis_completeness.status);
    assert.equal(v.analysis_completeness.coverage_percent, clean.analysis_completeness.coverage_percent);
    assert.equal(v.safe_to_install, true);
  });

  it('without a rendered report, `report` is the compact summary of the same verdict', () => {
    const v = toVerdict(malicious, 't');
    assert.match(v.report, /^DO NOT INSTALL: risk \d+\/100 \(\w+\); safe_to_install false\.\n/);
    assert.match(v.report, new RegExp(`^${v.findings_total} active findings: ${v.finding_counts.CRITICAL} CRITICAL, `, 'm'));
    assert.match(v.report, /call scan_skill again with output_format "json"/);
  });

  it('the LLM fields are read from the report metadata, not assumed', () => {
    const llm = variant(clean, (r) => {
      Object.assign(r.metadata, { scan_mode: 'static+llm', llm_requested: true, llm_used: true, llm_calls: 3, llm_model: 'gpt-4o-2024-08-06' });
    });
    const v = toVerdict(llm, 't', '');
    assert.deepEqual([v.scan_mode, v.llm_used, v.llm_calls, v.llm_model], ['static+llm', true, 3, 'gpt-4o-2024-08-06']);
    assert.match(toVerdict(llm, 't').report, /^Analysis: static \+ LLM \(3 requests, model gpt-4o-2024-08-06\)\.$/m);
    const degraded = variant(llm, (r) => {
      r.metadata.llm = { degraded: true } as NonNullable<ScanReport['metadata']['llm']>;
    });
    assert.match(toVerdict(degraded, 't').report, /^Analysis: static \+ LLM \(3 requests, model gpt-4o-2024-08-06\); the LLM review was degraded\.$/m);
    assert.match(toVerdict(clean, 't').report, /^Analysis: static only\.$/m);
    // Requested but every reply failed: the mode says LLM, llm_used says it did not help.
    const failed = variant(clean, (r) => {
      Object.assign(r.metadata, { scan_mode: 'static+llm', llm_requested: true, llm_used: false, llm_calls: 2, llm_model: 'gpt-4o' });
    });
    const f = toVerdict(failed, 't', '');
    assert.deepEqual([f.scan_mode, f.llm_used, f.llm_calls], ['static+llm', false, 2]);
  });

  it('findings are the active issues only (suppressed ones are counted, not listed)', () => {
    const withSuppressed = { ...malicious, issues: malicious.issues.slice(1), suppressed: malicious.issues.slice(0, 1), suppressed_count: 1 };
    const v = toVerdict(withSuppressed, 't', '');
    assert.equal(v.findings_total, malicious.issues.length - 1);
    assert.equal(v.suppressed_count, 1);
    const suppressed = malicious.issues[0];
    assert.ok(suppressed);
    assert.ok(!v.findings.some((f) => f.id === suppressed.id && f.file === suppressed.location.file && f.line === suppressed.location.start_line));
    assert.match(toVerdict(withSuppressed, 't').report, /1 suppressed \(baseline or trusted inline comments\)/);
  });

  it('safe_to_install is exactly recommendation === SAFE, whatever the score', () => {
    for (const recommendation of ['SAFE', 'CAUTION', 'DO_NOT_INSTALL'] as const) {
      for (const score of [0, 50, 51, 100]) {
        const r = variant(clean, (x) => {
          x.risk_assessment.recommendation = recommendation;
          x.risk_assessment.score = score;
        });
        assert.equal(isSafeToInstall(r), recommendation === 'SAFE', `${recommendation} ${score}`);
        assert.equal(toVerdict(r, 't', '').safe_to_install, recommendation === 'SAFE');
      }
    }
  });

  it('a zero score with CAUTION (incomplete) or a failed execution is never safe', () => {
    const incomplete = variant(clean, (r) => {
      r.risk_assessment.recommendation = 'CAUTION';
      r.analysis_completeness.is_complete = false;
    });
    assert.equal(toVerdict(incomplete, 't', '').safe_to_install, false);
    const failed = variant(clean, (r) => {
      r.risk_assessment.recommendation = 'CAUTION';
      r.execution_successful = false;
      r.analysis_completeness.execution_successful = false;
    });
    const v = toVerdict(failed, 't', '');
    assert.equal(v.safe_to_install, false);
    assert.equal(v.execution_successful, false);
  });

  it('real scans: safe_to_install agrees with the recommendation on every fixture', () => {
    const seen = new Set<string>();
    for (const target of [fx.benign, fx.malicious, fx.incomplete, fx.collision]) {
      const r = scan({ target });
      seen.add(r.risk_assessment.recommendation);
      assert.equal(toVerdict(r, target, '').safe_to_install, r.risk_assessment.recommendation === 'SAFE', target);
    }
    assert.deepEqual([...seen].sort(), ['CAUTION', 'DO_NOT_INSTALL', 'SAFE']);
  });
});
