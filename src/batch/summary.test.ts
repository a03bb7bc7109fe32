import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineExitCode } from './gates.js';
import { errorLine } from './line.js';
import type { BatchLine } from './line.js';
import { progressText } from './progress.js';
import { BatchSummary, summaryJson, summaryMarkdown } from './summary.js';

const line = (over: Partial<BatchLine>): BatchLine => ({
  target: 't', recommendation: 'SAFE', score: 0, status: 'scanned', execution_successful: true, is_complete: true, issues: [], duration_ms: 1, ...over,
});
const LOW = { id: 'X1', severity: 'LOW' as const, file: 'SKILL.md', line: 1 };

test('a line exits as a single scan would: failure 2, score over 50 or a gate 1, else 0', () => {
  assert.equal(lineExitCode(line({})), 0);
  assert.equal(lineExitCode(errorLine('t', 'boom', 1)), 2);
  assert.equal(lineExitCode(line({ execution_successful: false })), 2);
  assert.equal(lineExitCode(line({ score: 51, recommendation: 'DO_NOT_INSTALL' })), 1);
  assert.equal(lineExitCode(line({ score: 50, recommendation: 'CAUTION' })), 0);
  assert.equal(lineExitCode(line({ is_complete: false }), { failOnIncomplete: true }), 1);
  assert.equal(lineExitCode(line({ issues: [LOW] }), { failOnFindings: true }), 1);
  assert.equal(lineExitCode(line({ issues: [LOW] }), { failOnSeverity: 'MEDIUM' }), 0);
  assert.equal(lineExitCode(line({ issues: [LOW] }), { failOnSeverity: 'LOW' }), 1);
});

test('the summary counts verdicts, failures, cache hits, timeouts and resumed lines; the worst exit wins', () => {
  const s = new BatchSummary();
  s.add(line({ target: 'a' }));
  s.add(line({ target: 'b', status: 'cached', recommendation: 'CAUTION', is_complete: false }));
  s.add(line({ target: 'c', recommendation: 'DO_NOT_INSTALL', score: 80 }), true);
  s.add(errorLine('d', 'timed out', 5, 'timeout'));
  assert.deepEqual(s.counts, { total: 4, safe: 1, caution: 1, do_not_install: 1, failed: 1, incomplete: 2, cached: 1, timeout: 1, resumed: 1 });
  assert.equal(s.exitCode, 2);
  const j = JSON.parse(summaryJson(s, { durationMs: 2000, produced: 3 })) as { skills_per_second: number; failed: { target: string }[] };
  assert.equal(j.skills_per_second, 1.5);
  assert.deepEqual(j.failed.map((f) => f.target), ['d']);
  assert.match(summaryMarkdown(s, { durationMs: 2000, produced: 3 }), /\| 1 \| 1 \| 1 \| 1 \| 2 \| 1 \| 1 \| 1 \|/);
});

test('the progress bar shows done/total, rate and ETA', () => {
  assert.equal(progressText(50, 200, 10_000), `skillspector: [${'#'.repeat(6)}${'-'.repeat(18)}] 50/200 skills, 5.0 skills/s, ETA 00:30`);
  assert.match(progressText(0, 10, 0), /ETA --:--/);
});
