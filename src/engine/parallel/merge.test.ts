import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BehaviourBudget } from '../../behaviour/context.js';
import { Ledger } from '../../ledger/index.js';
import type { FileView } from '../../model/bundle.js';
import type { RuleMeta } from '../../rules/types.js';
import type { AnalysisState } from '../analyze.js';
import { OrderedMerge } from './merge.js';
import type { Batch } from './merge.js';
import type { AnalysisTaskResult, FileOutcome } from './protocol.js';

const META = { id: 'T1', category: 'Malware', severity: 'HIGH', confidence: 0.9, title: 'T', description: '', remediation: '' } as const satisfies RuleMeta;
const paths = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md'];
const files: FileView[] = paths.map((path) => ({ path, type: 'markdown', text: '', executable: false, hidden: false, localOnly: true, isManifest: false }));
const batches: Batch[] = [{ start: 0, end: 2 }, { start: 2, end: 4 }, { start: 4, end: 6 }];

function outcome(path: string, extra: Partial<FileOutcome> = {}): FileOutcome {
  return {
    findings: [{ ruleId: 'T1', file: path, startLine: 1, endLine: 1, matched: path, label: 'T', severity: 'HIGH', confidence: 0.9, tags: [], evidence: {} }],
    ops: [{ op: 'exception', input: { phase: 'analysis', reason: 'output_limit', path } }],
    cut: false, failedRules: [], behaviourSkipped: false, behaviourMs: 1, ...extra,
  };
}

function setup(): { merge: OrderedMerge; state: AnalysisState; ledger: Ledger; progress: number[] } {
  const state: AnalysisState = { findings: [], failedRules: new Set(), behaviourBudget: new BehaviourBudget(1_000) };
  const ledger = new Ledger();
  for (const path of paths) ledger.addInventory({ path, content_kind: 'text', disposition: 'analyzed', size_bytes: 0, hidden: false, local_only: true });
  const progress: number[] = [];
  const merge = new OrderedMerge(files, batches, new Map([['T1', META]]), state, ledger, (done) => progress.push(done));
  return { merge, state, ledger, progress };
}

const full = (k: number): AnalysisTaskResult => ({ outcomes: paths.slice(k * 2, k * 2 + 2).map((p) => outcome(p)), expiredBefore: false });

describe('OrderedMerge', () => {
  test('results arriving out of order are merged in file order, with the rule metadata object re-attached', () => {
    const { merge, state, ledger, progress } = setup();
    merge.add(2, full(2));
    assert.equal(state.findings.length, 0, 'batch 2 waits for batches 0 and 1');
    merge.add(0, full(0));
    merge.add(1, full(1));
    assert.ok(merge.complete);
    assert.deepEqual(state.findings.map((f) => f.file), paths);
    assert.ok(state.findings.every((f) => f.rule === META));
    assert.deepEqual(ledger.exceptions.map((e) => e.path), paths);
    assert.deepEqual(progress, [1, 2, 3, 4, 5, 6]);
    assert.equal(state.behaviourBudget.spentMs, 6);
    assert.equal(merge.stoppedAt, undefined);
  });

  test('a file cut by the deadline is kept and ends the analysis: later files count for nothing', () => {
    const { merge, state, ledger } = setup();
    merge.add(2, full(2));
    merge.add(1, { outcomes: [outcome('c.md', { cut: true, failedRules: ['T1'] })], expiredBefore: false });
    merge.add(0, full(0));
    assert.ok(merge.complete);
    assert.equal(merge.stoppedAt, 'c.md');
    assert.deepEqual(state.findings.map((f) => f.file), ['a.md', 'b.md', 'c.md']);
    assert.deepEqual(ledger.exceptions.map((e) => e.path), ['a.md', 'b.md', 'c.md']);
    assert.deepEqual([...state.failedRules], ['T1']);
  });

  test('a deadline that passed before a file started stops at that file, which is not analysed', () => {
    const { merge, state } = setup();
    merge.add(0, full(0));
    merge.add(1, { outcomes: [outcome('c.md')], expiredBefore: true });
    assert.ok(merge.complete);
    assert.equal(merge.stoppedAt, 'd.md');
    assert.deepEqual(state.findings.map((f) => f.file), ['a.md', 'b.md', 'c.md']);
  });

  test('ledger degradations replay on the scan ledger; a behaviour-budget skip is kept in file order', () => {
    const { merge, state, ledger } = setup();
    merge.add(0, { outcomes: [outcome('a.md'), outcome('b.md', { behaviourSkipped: true, ops: [{ op: 'degrade', path: 'b.md', disposition: 'partial', reason: 'runtime_limit' }] })], expiredBefore: false });
    assert.equal(ledger.getInventory('b.md')?.disposition, 'partial');
    assert.deepEqual(state.behaviourBudget.skipped, ['b.md']);
  });

  test('stops() says whether a batch ended the analysis', () => {
    assert.equal(OrderedMerge.stops(full(0)), false);
    assert.equal(OrderedMerge.stops({ outcomes: [], expiredBefore: true }), true);
    assert.equal(OrderedMerge.stops({ outcomes: [outcome('a.md', { cut: true })], expiredBefore: false }), true);
  });

  test('a finding for a rule the scan does not run is an error, not a silent drop', () => {
    const { merge } = setup();
    const bad = outcome('a.md');
    (bad.findings[0] as { ruleId: string }).ruleId = 'NOPE';
    assert.throws(() => merge.add(0, { outcomes: [bad], expiredBefore: false }), /NOPE/);
  });
});
