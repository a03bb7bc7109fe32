// The accuracy gate itself (scripts/accuracy-lib.ts) must not pass silently: judgeSample fails a missing
// rule id, a too-low verdict and a loud twin, and targetFailures enforces every threshold of
// docs/ACCURACY.md at its exact boundary. Reports here are built by hand; nothing is scanned.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { judgeBenign, judgeSample, loadSamples, tally, targetFailures, TARGETS } from '../../scripts/accuracy-lib.js';
import type { Outcome, Sample, Tally, Verdict } from '../../scripts/accuracy-lib.js';
import type { Issue, ScanReport } from '../../src/report/types.js';
import type { Severity } from '../../src/shared/types.js';
import { handReport, issue } from '../helpers/report-fixtures.js';

function report(verdict: Verdict, issues: Issue[] = []): ScanReport {
  const r = handReport({ issues });
  const score = verdict === 'SAFE' ? 5 : verdict === 'CAUTION' ? 30 : 60;
  return { ...r, risk_assessment: { ...r.risk_assessment, recommendation: verdict, score } };
}

function hit(id: string, severity: Severity = 'HIGH'): Issue {
  return issue({ id, severity, finding_id: `finding-${id}-${severity}` });
}

function malicious(ids: string[], verdict: Verdict = 'DO_NOT_INSTALL'): Sample {
  return { key: 'accuracy/malicious/x-sample', dir: '/nonexistent', kind: 'malicious', class: 'x', ids, verdict, quiet: [] };
}

function twin(quiet: string[], verdict: Verdict = 'SAFE'): Sample {
  return { key: 'accuracy/twins/x-twin', dir: '/nonexistent', kind: 'twin', class: 'x', ids: [], verdict, quiet };
}

describe('judgeSample: malicious', () => {
  it('passes when every id is reported and the verdict is reached', () => {
    const o = judgeSample(malicious(['E1', 'PE3']), report('DO_NOT_INSTALL', [hit('E1'), hit('PE3', 'LOW'), hit('P1')]));
    assert.deepEqual(o.problems, []);
    assert.equal(o.verdict, 'DO_NOT_INSTALL');
  });

  it('fails a missing id, even at the right verdict', () => {
    const o = judgeSample(malicious(['E1', 'PE3']), report('DO_NOT_INSTALL', [hit('E1')]));
    assert.deepEqual(o.problems, ['missing PE3']);
  });

  it('fails a too-low verdict, even with every id', () => {
    assert.deepEqual(judgeSample(malicious(['E1']), report('CAUTION', [hit('E1')])).problems, ['CAUTION < DO_NOT_INSTALL']);
    assert.deepEqual(judgeSample(malicious(['E1']), report('SAFE', [hit('E1')])).problems, ['SAFE < DO_NOT_INSTALL']);
  });

  it('accepts CAUTION only where the expectation says so, and never SAFE', () => {
    assert.deepEqual(judgeSample(malicious(['E1'], 'CAUTION'), report('CAUTION', [hit('E1')])).problems, []);
    assert.deepEqual(judgeSample(malicious(['E1'], 'CAUTION'), report('SAFE', [hit('E1')])).problems, ['SAFE < CAUTION']);
  });

  it('reports both problems at once', () => {
    assert.deepEqual(judgeSample(malicious(['E1']), report('SAFE')).problems, ['missing E1', 'SAFE < DO_NOT_INSTALL']);
  });
});

describe('judgeSample: twins', () => {
  it('passes a SAFE twin whose quiet ids are absent or LOW', () => {
    assert.deepEqual(judgeSample(twin(['E1', 'PE3']), report('SAFE', [hit('E1', 'LOW'), hit('P1', 'MEDIUM')])).problems, []);
  });

  it('fails a loud twin id at MEDIUM or above', () => {
    for (const sev of ['MEDIUM', 'HIGH', 'CRITICAL'] as const) {
      const o = judgeSample(twin(['E1']), report('SAFE', [hit('E1', sev)]));
      assert.equal(o.problems.length, 1, sev);
      assert.match(o.problems[0] ?? '', new RegExp(`^not quiet: E1:${sev}@SKILL\\.md:3$`));
    }
  });

  it('fails a twin above its allowed verdict', () => {
    assert.deepEqual(judgeSample(twin(['E1']), report('CAUTION')).problems, ['CAUTION > SAFE']);
    assert.deepEqual(judgeSample(twin(['E1'], 'CAUTION'), report('CAUTION')).problems, []);
    assert.deepEqual(judgeSample(twin(['E1'], 'CAUTION'), report('DO_NOT_INSTALL')).problems, ['DO_NOT_INSTALL > CAUTION']);
  });

  it('names the rules behind a non-SAFE verdict and an incomplete scan', () => {
    const r = handReport({ issues: [hit('E1'), hit('E1', 'LOW')], limitations: ['something was cut short'] });
    const o = judgeBenign('owner__repo/skill', r);
    assert.deepEqual(o.causes, ['E1:HIGH', 'incomplete(limitation)']);
    assert.deepEqual(o.problems, []);
  });
});

function t(total: number, SAFE: number, DO_NOT_INSTALL: number): Tally {
  return { total, SAFE, DO_NOT_INSTALL, CAUTION: total - SAFE - DO_NOT_INSTALL };
}

const OK_MALICIOUS = t(100, 0, 100);

describe('targetFailures', () => {
  it('the thresholds are the ones docs/ACCURACY.md states', () => {
    assert.deepEqual(TARGETS, {
      benignMaxDoNotInstall: 0.02, benignMinSafe: 0.85, maliciousMaxSafe: 0, maliciousMinDoNotInstall: 0.9, minMaliciousSamples: 80,
    });
  });

  it('passes when every target is met, at the boundary', () => {
    assert.deepEqual(targetFailures(t(100, 85, 2), t(80, 0, 72), []), []);
  });

  it('fails benign DO_NOT_INSTALL above 2 %', () => {
    assert.deepEqual(targetFailures(t(100, 90, 3), OK_MALICIOUS, []), ['benign DO_NOT_INSTALL 3.0 % > 2 %']);
  });

  it('fails benign SAFE below 85 %', () => {
    assert.deepEqual(targetFailures(t(100, 84, 0), OK_MALICIOUS, []), ['benign SAFE 84.0 % < 85 %']);
  });

  it('fails a single SAFE malicious sample', () => {
    assert.deepEqual(targetFailures(null, t(100, 1, 99), []), ['1 malicious samples SAFE (want 0)']);
  });

  it('fails malicious DO_NOT_INSTALL below 90 %', () => {
    assert.deepEqual(targetFailures(null, t(100, 0, 89), []), ['malicious DO_NOT_INSTALL 89.0 % < 90 %']);
  });

  it('fails too small a malicious set, even a perfect one', () => {
    assert.deepEqual(targetFailures(null, t(79, 0, 79), []), ['only 79 malicious samples (want ≥ 80)']);
  });

  it('fails every per-sample problem, even when the rates are met', () => {
    const bad: Outcome = { name: 'accuracy/twins/x', verdict: 'SAFE', score: 0, status: 'complete', causes: [], problems: ['not quiet: E1:HIGH@a:1'] };
    assert.deepEqual(targetFailures(t(100, 100, 0), OK_MALICIOUS, [bad]), ['accuracy/twins/x: not quiet: E1:HIGH@a:1']);
  });

  it('an empty malicious set never passes', () => {
    assert.ok(targetFailures(null, t(0, 0, 0), []).length > 0);
  });

  it('tally counts each verdict once', () => {
    const o = (verdict: Verdict): Outcome => ({ name: verdict, verdict, score: 0, status: 'complete', causes: [], problems: [] });
    assert.deepEqual(tally([o('SAFE'), o('CAUTION'), o('DO_NOT_INSTALL'), o('SAFE')]), { total: 4, SAFE: 2, CAUTION: 1, DO_NOT_INSTALL: 1 });
  });
});

describe('loadSamples', () => {
  it('finds the declared samples with no orphan directory or dangling expectation', () => {
    const { samples, errors } = loadSamples();
    assert.deepEqual(errors, []);
    assert.ok(samples.some((s) => s.kind === 'malicious' && s.key.startsWith('fixtures/malicious/')));
    for (const s of samples) {
      if (s.kind === 'malicious') assert.ok(s.ids.length > 0 && s.verdict !== 'SAFE', `${s.key} expects nothing`);
      else assert.ok(s.quiet.length > 0, `${s.key} names no quiet id`);
    }
  });
});
