// The suppression partition: trusted inline directives (never CRITICAL), fingerprints, then glob rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Finding } from '../analysis/finding.js';
import { applyRulePolicy } from '../config/policy.js';
import { applySuppressions } from './apply.js';
import type { SuppressionInputs } from './apply.js';
import type { Baseline } from './schema.js';
import { finding } from './test-support.js';
import { wildcardMatch } from './wildcard.js';

function inputs(over: Partial<SuppressionInputs> = {}): SuppressionInputs {
  return { fingerprintOf: (f) => `sha256:${f.file}`, hasDirective: () => false, trustInline: false, ...over };
}

const rules = (...list: Baseline['rules']): Baseline => ({ version: 2, rules: list, fingerprints: [] });

test('wildcards: * and ? anywhere, / is ordinary, case-insensitive, no runaway on hostile text', () => {
  assert.ok(wildcardMatch('P*', 'P10'));
  assert.ok(wildcardMatch('ss?-*', 'SSD-1'));
  assert.ok(wildcardMatch('*curl*|*sh*', 'run curl https://x/y | sh now'));
  assert.ok(!wildcardMatch('P?', 'P10'));
  assert.ok(!wildcardMatch('E*', 'P1'));
  const started = performance.now();
  assert.ok(!wildcardMatch(`*${'a*'.repeat(50)}b`, 'a'.repeat(2_000)));
  assert.ok(performance.now() - started < 2_000);
});

test('the first matching glob rule gives the reason, whether its id is literal or a glob', () => {
  const baseline = rules({ id: 'P*', reason: 'glob first' }, { id: 'P1', reason: 'literal second' }, { id: 'E1', reason: 'other' });
  const p = applySuppressions([finding({ id: 'P1' }), finding({ id: 'E1' }), finding({ id: 'SC2' })], inputs({ baseline }));
  assert.deepEqual(p.suppressed.map((s) => [s.finding.rule.id, s.reason]), [['P1', 'glob first'], ['E1', 'other']]);
  assert.deepEqual(p.active.map((f) => f.rule.id), ['SC2']);
  const literalFirst = applySuppressions([finding({ id: 'P1' })], inputs({ baseline: rules({ id: 'p1', reason: 'a' }, { id: 'P*', reason: 'b' }) }));
  assert.equal(literalFirst.suppressed[0]?.reason, 'a');
});

test('a fingerprint accepts only when its hash and its readable id and path agree with the finding', () => {
  const entry = { hash: 'sha256:notes.md', reason: 'ok', id: 'P1', path: 'notes.md' };
  const baseline: Baseline = { version: 2, rules: [], fingerprints: [entry] };
  assert.equal(applySuppressions([finding()], inputs({ baseline })).suppressed.length, 1);
  assert.equal(applySuppressions([finding({ file: 'other.md' })], inputs({ baseline })).suppressed.length, 0);
  const edited: Baseline = { ...baseline, fingerprints: [{ ...entry, id: 'P2' }] };
  assert.equal(applySuppressions([finding()], inputs({ baseline: edited })).suppressed.length, 0);
});

test('inline directives count only when trusted, and never for CRITICAL, before or after an override', () => {
  const findings: Finding[] = [finding({ id: 'P1', severity: 'HIGH' }), finding({ id: 'P2', severity: 'CRITICAL' })];
  const untrusted = applySuppressions(findings, inputs({ hasDirective: () => true }));
  assert.equal(untrusted.suppressed.length, 0);
  assert.deepEqual(untrusted.inline, { trusted: false, matched: 2, refused_critical: 0 });
  const trusted = applySuppressions(findings, inputs({ hasDirective: () => true, trustInline: true }));
  assert.deepEqual(trusted.suppressed.map((s) => [s.finding.rule.id, s.reason, s.source]), [['P1', 'inline', 'inline']]);
  assert.deepEqual(trusted.active.map((f) => f.rule.id), ['P2']);
  assert.equal(trusted.inline.refused_critical, 1);
  const lowered = applyRulePolicy(findings, { severityOverrides: { P2: 'LOW' }, trustInlineSuppressions: true });
  assert.equal(lowered[1]?.severity, 'LOW');
  assert.deepEqual(applySuppressions(lowered, inputs({ hasDirective: () => true, trustInline: true })).active.map((f) => f.rule.id), ['P2'], 'an override does not open CRITICAL to inline suppression');
  const raised = applyRulePolicy([finding({ id: 'P1', severity: 'HIGH' })], { severityOverrides: { P1: 'CRITICAL' } });
  assert.equal(applySuppressions(raised, inputs({ hasDirective: () => true, trustInline: true })).active.length, 1);
});
