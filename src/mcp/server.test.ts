// The `scan_skill` tool body and its schemas, without a transport.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod';
import { UsageError } from '../discovery/target.js';
import { scan } from '../engine/scan.js';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { runScanSkill, scanSkillInput, scanSkillOutput } from './server.js';
import { buildFixtures } from './test-support.js';
import type { Fixtures } from './test-support.js';
import type { McpVerdict } from './verdict.js';

const STDIO = { allowLocalTargets: true };
const HTTP = { allowLocalTargets: false };

function errorText(r: CallToolResult): string {
  assert.equal(r.isError, true);
  const first = r.content[0];
  assert.ok(first?.type === 'text');
  assert.ok(!first.text.includes('\n'), first.text);
  return first.text;
}

function verdict(r: CallToolResult): McpVerdict {
  assert.notEqual(r.isError, true, JSON.stringify(r.content));
  return r.structuredContent as unknown as McpVerdict;
}

describe('scan_skill tool body', () => {
  let fx: Fixtures;
  before(() => {
    fx = buildFixtures();
  });
  after(() => fx.cleanup());

  it('input schema: target required, output_format defaults to json and is a closed set', () => {
    assert.deepEqual(scanSkillInput.parse({ target: 'x' }), { target: 'x', output_format: 'json' });
    assert.equal(scanSkillInput.safeParse({}).success, false);
    assert.equal(scanSkillInput.safeParse({ target: 'x', output_format: 'html' }).success, false);
    assert.equal(scanSkillInput.safeParse({ target: 'x', use_llm: 'yes' }).success, false);
    const json = z.toJSONSchema(scanSkillInput) as { required?: string[]; properties?: Record<string, { enum?: string[] }> };
    assert.deepEqual(json.properties?.output_format?.enum?.slice().sort(), ['json', 'markdown', 'sarif', 'terminal']);
  });

  it('every verdict satisfies the advertised output schema', () => {
    for (const target of [fx.benign, fx.malicious, fx.incomplete, fx.collision]) {
      const r = runScanSkill({ target }, STDIO);
      assert.equal(scanSkillOutput.safeParse(r.structuredContent).success, true, target);
    }
  });

  it('the json report is the full CONTRACT §3 report of the same scan', () => {
    const v = verdict(runScanSkill({ target: fx.malicious }, STDIO));
    const report = JSON.parse(v.report) as { risk_assessment: { score: number }; issues: unknown[] };
    assert.equal(report.risk_assessment.score, v.risk_score);
    assert.deepEqual(report.issues, v.findings);
  });

  it('markdown and sarif either render or fail as one sentence (never throw)', () => {
    for (const output_format of ['markdown', 'sarif'] as const) {
      const r = runScanSkill({ target: fx.benign, output_format }, STDIO);
      if (r.isError) assert.match(errorText(r), /^output_format \w+ could not be rendered .*retry with output_format "json"\.$/);
      else assert.ok(verdict(r).report.length > 0);
    }
  });

  it('the same local path is scanned over stdio and refused over HTTP', () => {
    assert.equal(verdict(runScanSkill({ target: fx.benign }, STDIO)).safe_to_install, true);
    assert.match(errorText(runScanSkill({ target: fx.benign }, HTTP)), /^local targets are disabled/);
  });

  it('the policy runs before the scanner: a refused target is never scanned', () => {
    let calls = 0;
    const scanner = (): never => {
      calls += 1;
      throw new Error('must not run');
    };
    errorText(runScanSkill({ target: '/etc' }, { ...HTTP, scanner }));
    assert.equal(calls, 0);
  });

  it('usage errors and unexpected scanner failures become tool errors', () => {
    const usage = runScanSkill({ target: 'x' }, { ...STDIO, scanner: () => { throw new UsageError('target "x" is a symlink; links are never followed, scan the real path'); } });
    assert.equal(errorText(usage), 'target "x" is a symlink; links are never followed, scan the real path.');
    const boom = runScanSkill({ target: 'x' }, { ...STDIO, scanner: () => { throw new TypeError('boom\n  at somewhere'); } });
    assert.equal(errorText(boom), 'internal error while scanning "x": boom at somewhere.');
    const thrownString = runScanSkill({ target: 'x' }, { ...STDIO, scanner: () => { throw 'bare'; } });
    assert.match(errorText(thrownString), /internal error/);
  });

  it('the verdict target is the caller\'s string, the engine gets the resolved path', () => {
    const seen: string[] = [];
    const r = runScanSkill({ target: `file://${fx.benign}` }, { ...STDIO, scanner: (o) => { seen.push(o.target); return scan(o); } });
    assert.deepEqual(seen, [fx.benign]);
    assert.equal(verdict(r).target, `file://${fx.benign}`);
  });
});
