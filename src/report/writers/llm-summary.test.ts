import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handReport, issue, llmIssue, llmReport } from '../../../test/helpers/report-fixtures.js';
import type { LlmStopReason } from '../types.js';
import { isLlmIssue, llmExplanation, llmReviewNote, llmSummary, oneLine } from './llm-summary.js';

describe('oneLine', () => {
  it('keeps short text and folds whitespace runs, line breaks included', () => {
    assert.equal(oneLine('  a\n\tb\r\n  c  ', 10), 'a b c');
  });

  it('cuts at max characters with an ellipsis, counting astral characters once', () => {
    assert.equal(oneLine('abcdef', 4), 'abc…');
    assert.equal(oneLine('😀😀😀😀😀', 3), '😀😀…');
    assert.equal(oneLine('abcd', 4), 'abcd');
  });

  it('reads only a bounded prefix of a huge reply and still marks the cut', () => {
    const huge = 'x'.repeat(4 * 1024 * 1024);
    const started = process.hrtime.bigint();
    const out = oneLine(huge, 300);
    assert.ok(process.hrtime.bigint() - started < 200_000_000n, 'well under 200 ms');
    assert.equal([...out].length, 300);
    assert.ok(out.endsWith('…'));
  });

  it('marks a cut even when the examined prefix shrinks below max after stripping escapes', () => {
    const out = oneLine(`${'\u001b[31m'.repeat(100)}tail`, 100);
    assert.ok(out.endsWith('…'));
    assert.ok(!out.includes('tail'));
  });
});

describe('llmSummary', () => {
  it('a static-only scan has only the mode', () => {
    assert.deepEqual(llmSummary(handReport().metadata), { mode: 'static only' });
  });

  it('an old report without the usage fields still renders', () => {
    const { metadata } = llmReport();
    const old = { scan_mode: metadata.scan_mode, llm_requested: false, llm_used: true, duration_ms: 1, has_executable_scripts: false, target_kind: 'directory' as const, rules_run: 1 };
    assert.equal(llmSummary(old).mode, 'static + LLM (unknown model, 0 calls, 0 in / 0 out tokens)');
  });

  it('says "degraded" for a degraded block without failure rows, and counts calls at least as failures', () => {
    assert.equal(llmSummary(llmReport({ llm: { degraded: true } }).metadata).degraded?.headline, 'LLM review degraded: SAFE is not claimed');
    const failures = [1, 2].map(() => ({ analyzer: 'llm-semantic' as const, kind: 'network', message: 'reset' }));
    assert.equal(llmSummary(llmReport({ calls: 1, llm: { degraded: true, failures } }).metadata).degraded?.headline, 'LLM review degraded: network on 2 of 2 calls: SAFE is not claimed');
  });

  it('falls back to a generic stop sentence for a stop reason it does not know (a newer report)', () => {
    const report = llmReport({ llm: { stopped: { reason: 'wall_clock' as LlmStopReason, files_unreviewed: 1 } } });
    assert.equal(llmSummary(report.metadata).stopped, 'LLM review stopped early: 1 file not reviewed by the LLM');
  });

  it('reports no activity when the LLM was requested but not used', () => {
    assert.equal(llmSummary(llmReport({ used: false }).metadata).activity, undefined);
  });
});

describe('issue notes', () => {
  it('only the llm tag makes an issue LLM-origin', () => {
    assert.equal(isLlmIssue(llmIssue()), true);
    assert.equal(isLlmIssue(issue({ id: 'SSD-1' })), false);
    assert.equal(isLlmIssue(issue({ tags: ['llm-confirmed'] })), false);
  });

  it('ignores an explanation that is not a string or is blank', () => {
    assert.equal(llmExplanation(issue({ evidence: { llm_explanation: 42 } })), null);
    assert.equal(llmExplanation(issue({ evidence: { llm_explanation: ' \n ' } })), null);
  });

  it('names only a real previous severity', () => {
    assert.equal(llmReviewNote(issue({ tags: ['llm-raised'], evidence: { llm_previous_severity: 'LOW' } })), 'LLM raised the severity from LOW');
    assert.equal(llmReviewNote(issue({ tags: ['llm-raised'], evidence: { llm_previous_severity: 'LOW\u001b[2J' } })), 'LLM raised the severity');
    assert.equal(llmReviewNote(issue({ tags: ['contextual-triage'] })), null);
  });
});
