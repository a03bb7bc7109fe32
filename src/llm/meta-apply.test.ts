// The judge's power, as a property: whatever verdict arrives, a finding keeps its place, never loses
// severity or confidence, and a HIGH or CRITICAL is not touched by anything but a confirm or a raise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { Finding } from '../analysis/finding.js';
import { SEVERITIES, severityRank } from '../shared/types.js';
import { applyVerdict } from './meta-apply.js';
import type { MetaVerdict } from './meta-prompt.js';

const severity = fc.constantFrom(...SEVERITIES);

const findingArb = fc.record({ severity, confidence: fc.double({ min: 0, max: 1, noNaN: true }), tags: fc.subarray(['contextual-triage', 'normalized-view']) }).map(
  ({ severity: s, confidence, tags }): Finding => ({
    rule: { id: 'P4', category: 'Prompt Injection', severity: 'MEDIUM', confidence: 0.7, title: 'Behaviour steering', description: 'Steers the agent.', remediation: 'Remove it.' },
    file: 'SKILL.md', startLine: 3, endLine: 3, matched: 'always recommend X', label: 'steering', severity: s, confidence, tags, evidence: {},
  }),
);

const verdictArb = fc.record({
  finding_index: fc.integer({ min: 0, max: 3 }),
  verdict: fc.constantFrom('confirm', 'false_positive', 'raise') as fc.Arbitrary<MetaVerdict['verdict']>,
  severity: fc.option(severity, { nil: null }),
  explanation: fc.string({ maxLength: 3000 }),
  remediation: fc.option(fc.string({ maxLength: 100 }), { nil: null }),
});

test('no verdict lowers a severity or a confidence, and none changes where a finding is', () => {
  fc.assert(fc.property(findingArb, verdictArb, (finding, verdict) => {
    const { finding: after } = applyVerdict(finding, verdict);
    assert.ok(severityRank(after.severity) >= severityRank(finding.severity));
    assert.ok(after.confidence >= finding.confidence);
    assert.deepEqual([after.rule.id, after.file, after.startLine, after.endLine, after.matched], [finding.rule.id, finding.file, finding.startLine, finding.endLine, finding.matched]);
    for (const tag of finding.tags) assert.ok(after.tags.includes(tag));
    assert.ok(String(after.evidence.llm_explanation ?? '').length <= 2000);
  }), { numRuns: 500 });
});

test('a HIGH or CRITICAL finding called a false positive, or asked to go lower, stays exactly as it was', () => {
  fc.assert(fc.property(findingArb, verdictArb, (finding, verdict) => {
    if (severityRank(finding.severity) < severityRank('HIGH')) return;
    const lowers = verdict.severity !== null && severityRank(verdict.severity) < severityRank(finding.severity);
    if (verdict.verdict !== 'false_positive' && !lowers) return;
    const applied = applyVerdict(finding, verdict);
    assert.equal(applied.finding, finding);
    assert.equal(applied.outcome, 'refused_downgrade');
  }), { numRuns: 500 });
});
