// The exit code and the one stderr line that says which condition decided it (CONTRACT §2 order).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exception, handReport, issue } from '../../test/helpers/report-fixtures.js';
import type { ScanReport } from '../report/types.js';
import { exitCodeFor, exitVerdict, gatesFromConfig } from './exit-codes.js';

const NO_GATES = { failOnIncomplete: false, failOnFindings: false };

function withScore(report: ScanReport, score: number): ScanReport {
  const recommendation = score > 50 ? 'DO_NOT_INSTALL' : report.risk_assessment.recommendation;
  return { ...report, risk_assessment: { ...report.risk_assessment, score, recommendation } };
}

describe('exitVerdict', () => {
  const findings = [issue({ severity: 'HIGH' }), issue({ id: 'P2', severity: 'HIGH', finding_id: 'f2' }), issue({ id: 'LP3', severity: 'LOW', finding_id: 'f3' })];

  it('names the --fail-on-severity gate, the floor and how many findings are at or above it', () => {
    const v = exitVerdict(handReport({ issues: findings }), { ...NO_GATES, failOnSeverity: 'HIGH' });
    assert.deepEqual(v, { code: 1, reason: 'exit 1: --fail-on-severity HIGH: 2 findings at or above HIGH' });
    const one = exitVerdict(handReport({ issues: findings }), { ...NO_GATES, failOnSeverity: 'LOW' });
    assert.equal(one.reason, 'exit 1: --fail-on-severity LOW: 3 findings at or above LOW');
  });

  it('a severity floor above every finding does not fire', () => {
    assert.deepEqual(exitVerdict(handReport({ issues: findings }), { ...NO_GATES, failOnSeverity: 'CRITICAL' }), { code: 0, reason: null });
  });

  it('names the risk threshold with the recommendation and the score', () => {
    const v = exitVerdict(withScore(handReport({ issues: findings }), 59), NO_GATES);
    assert.deepEqual(v, { code: 1, reason: 'exit 1: DO_NOT_INSTALL (risk 59 > 50)' });
    assert.deepEqual(exitVerdict(withScore(handReport({ issues: findings }), 50), NO_GATES), { code: 0, reason: null }, '50 is not above 50');
  });

  it('names --fail-on-findings with the count, in the singular for one', () => {
    assert.equal(exitVerdict(handReport({ issues: [issue()] }), { ...NO_GATES, failOnFindings: true }).reason, 'exit 1: --fail-on-findings: 1 active finding');
    assert.equal(exitVerdict(handReport(), { ...NO_GATES, failOnFindings: true }).reason, null);
  });

  it('names --fail-on-incomplete with the status and what made it incomplete', () => {
    const report = handReport({ exceptions: [exception('archive_encrypted', 'x.zip!/a')], limitations: ['no SKILL.md'] });
    const v = exitVerdict(report, { ...NO_GATES, failOnIncomplete: true });
    assert.deepEqual(v, { code: 1, reason: 'exit 1: --fail-on-incomplete: the analysis is incomplete (status partial: 1 ledger exception, 1 limitation)' });
    assert.equal(exitVerdict(report, NO_GATES).code, 0, 'incomplete alone exits 0 without the gate');
  });

  it('a failed execution is exit 2 and names the first fatal reason and its path (sanitised)', () => {
    const report = handReport({ exceptions: [exception('archive_member_withheld', 'b.zip'), exception('artifact_path_collision', 'b.zip!/p\u001b[31m.txt')] });
    const v = exitVerdict(report, { failOnIncomplete: true, failOnFindings: true, failOnSeverity: 'LOW' });
    assert.deepEqual(v, { code: 2, reason: 'exit 2: execution failed: 1 fatal inspection error (first: artifact_path_collision at b.zip!/p.txt)' });
  });

  it('reports the first condition in contract order when several hold', () => {
    const report = withScore(handReport({ issues: findings, limitations: ['x'] }), 80);
    const all = { failOnIncomplete: true, failOnFindings: true, failOnSeverity: 'LOW' as const };
    assert.match(exitVerdict(report, all).reason ?? '', /--fail-on-incomplete/);
    assert.match(exitVerdict(report, { ...all, failOnIncomplete: false }).reason ?? '', /risk 80 > 50/);
    assert.match(exitVerdict(withScore(report, 10), { ...all, failOnIncomplete: false }).reason ?? '', /--fail-on-findings/);
  });

  it('exitCodeFor is the code of exitVerdict', () => {
    const report = handReport({ issues: findings });
    for (const gates of [NO_GATES, { ...NO_GATES, failOnFindings: true }, { ...NO_GATES, failOnSeverity: 'CRITICAL' as const }]) {
      assert.equal(exitCodeFor(report, gates), exitVerdict(report, gates).code);
    }
  });

  it('says when the gate that fired was set in the configuration file, and not when a flag set it', () => {
    const report = handReport({ issues: findings, limitations: ['x'] });
    const fromConfig = { file: '.skillspector.yaml', gates: ['failOnSeverity', 'failOnFindings', 'failOnIncomplete'] as const };
    assert.equal(exitVerdict(report, { ...NO_GATES, failOnSeverity: 'HIGH', fromConfig }).reason, 'exit 1: --fail-on-severity HIGH (set in .skillspector.yaml): 2 findings at or above HIGH');
    assert.equal(exitVerdict(report, { ...NO_GATES, failOnFindings: true, fromConfig }).reason, 'exit 1: --fail-on-findings (set in .skillspector.yaml): 3 active findings');
    assert.match(exitVerdict(report, { ...NO_GATES, failOnIncomplete: true, fromConfig }).reason ?? '', /^exit 1: --fail-on-incomplete \(set in \.skillspector\.yaml\): the analysis/);
    const flagOnly = { file: 'c\u001b[31m.yaml', gates: ['failOnFindings'] as const };
    assert.equal(exitVerdict(report, { ...NO_GATES, failOnSeverity: 'HIGH', fromConfig: flagOnly }).reason, 'exit 1: --fail-on-severity HIGH: 2 findings at or above HIGH', 'look-alike: the severity gate came from a flag');
    assert.equal(exitVerdict(report, { ...NO_GATES, failOnFindings: true, fromConfig: flagOnly }).reason, 'exit 1: --fail-on-findings (set in c.yaml): 3 active findings', 'the file name is sanitised');
  });
});

describe('gatesFromConfig', () => {
  it('lists the gates that are on only because of the configuration', () => {
    const merged = { failOnIncomplete: true, failOnFindings: true, failOnSeverity: 'high' };
    assert.deepEqual(gatesFromConfig({}, merged, 'c.yaml'), { file: 'c.yaml', gates: ['failOnIncomplete', 'failOnFindings', 'failOnSeverity'] });
    assert.deepEqual(gatesFromConfig({ failOnIncomplete: true, failOnSeverity: 'CRITICAL' }, merged, 'c.yaml'), { file: 'c.yaml', gates: ['failOnFindings'] });
  });

  it('is undefined when no file was read, or every gate came from a flag or is off', () => {
    assert.equal(gatesFromConfig({}, { failOnFindings: true }, undefined), undefined);
    assert.equal(gatesFromConfig({ failOnFindings: true }, { failOnFindings: true }, 'c.yaml'), undefined);
    assert.equal(gatesFromConfig({}, { failOnIncomplete: false, failOnFindings: false }, 'c.yaml'), undefined);
  });
});
