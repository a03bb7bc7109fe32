import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assess, band, rawScore } from './score.js';
import type { ScoredFinding } from './score.js';

const f = (ruleId: string, severity: ScoredFinding['severity'], confidence = 1, executable = false): ScoredFinding => ({
  ruleId, severity, confidence, executable,
});
const complete = { isComplete: true, executionSuccessful: true, entirelyUninspected: 0, llmDegraded: false };

test('worked examples from the contract', () => {
  assert.equal(rawScore([f('P1', 'HIGH', 0.9)]), 22);
  // CONTRACT §4: an untriaged CRITICAL at confidence ≥ 0.8 is decisive and floors the score at 51.
  assert.equal(rawScore([f('P5', 'CRITICAL', 1)]), 51);
  assert.equal(rawScore([f('P5', 'CRITICAL', 1, true)]), 65);
  assert.equal(rawScore([f('SC9', 'HIGH', 1, true)]), 32);
  assert.equal(rawScore([f('SC8', 'HIGH', 0.95)]), 51);
});

test('per-rule diminishing weights: 1, 0.5, 0.25, then nothing', () => {
  const four = [f('E1', 'HIGH'), f('E1', 'HIGH'), f('E1', 'HIGH'), f('E1', 'HIGH')];
  assert.equal(rawScore(four), Math.trunc(25 + 12.5 + 6.25));
  assert.equal(rawScore([f('E1', 'LOW'), f('E1', 'HIGH')]), Math.trunc(25 + 2.5), 'worst first');
});

test('score is capped at 100 and bands follow the thresholds', () => {
  assert.equal(rawScore(['A', 'B', 'C', 'D', 'E'].map((id) => f(id, 'CRITICAL'))), 100);
  assert.deepEqual([band(20), band(21), band(50), band(51), band(80), band(81)], ['LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'HIGH', 'CRITICAL']);
});

test('fail-closed floor lifts SAFE to CAUTION without changing the score', () => {
  const r = assess([], { ...complete, isComplete: false });
  assert.equal(r.score, 0);
  assert.equal(r.recommendation, 'CAUTION');
  assert.equal(assess([], { ...complete, executionSuccessful: false }).recommendation, 'CAUTION');
  assert.equal(assess([], { ...complete, entirelyUninspected: 1 }).recommendation, 'CAUTION');
  assert.equal(assess([], complete).recommendation, 'SAFE');
});

test('max_issue_severity reports the worst active finding even when the band is LOW', () => {
  const r = assess([f('P1', 'HIGH', 0.3)], complete);
  assert.equal(r.severity, 'LOW');
  assert.equal(r.max_issue_severity, 'HIGH');
  assert.equal(assess([], complete).max_issue_severity, 'NONE');
});

test('the floor never makes a DO_NOT_INSTALL better', () => {
  const r = assess([f('P5', 'CRITICAL', 1, true)], { ...complete, isComplete: false });
  assert.equal(r.recommendation, 'DO_NOT_INSTALL');
});

test('an active, untriaged CRITICAL at confidence ≥ 0.8 is decisive: it floors the score at 51', () => {
  // Alone it would score 50 × 0.9 = 45 (CAUTION); decisive, it blocks.
  assert.equal(rawScore([f('P5', 'CRITICAL', 0.9)]), 51);
  assert.equal(assess([f('P5', 'CRITICAL', 0.9)], complete).recommendation, 'DO_NOT_INSTALL');
  assert.equal(rawScore([f('P5', 'CRITICAL', 0.8)]), 51);
});

test('a CRITICAL below 0.8 confidence, or one that triage lowered, is not decisive', () => {
  assert.equal(rawScore([f('P5', 'CRITICAL', 0.79)]), 39);
  assert.equal(rawScore([{ ...f('P5', 'CRITICAL', 0.95), triaged: true }]), 47);
  assert.equal(rawScore([f('P1', 'HIGH', 0.95)]), 23);
});

test('the decisive floor never lowers a higher score', () => {
  assert.equal(rawScore([f('P5', 'CRITICAL', 1), f('E1', 'HIGH', 1), f('E2', 'HIGH', 1)]), 100);
});
