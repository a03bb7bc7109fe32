// The `scan_skill` tool body and its schemas, without a transport.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import * as z from 'zod';
import { openAiReply, startFakeLlm } from '../../test/helpers/fake-llm.js';
import type { FakeLlm } from '../../test/helpers/fake-llm.js';
import { UsageError } from '../discovery/target.js';
import type { LlmScanSettings } from '../engine/llm-stage.js';
import { scan, scanAsync } from '../engine/scan.js';
import type { ScanOptions } from '../engine/scan.js';
import type { ScanReport } from '../report/types.js';
import { mcpLlm } from './command.js';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { FORMATS } from '../report/writers/index.js';
import { OUTPUT_FORMATS, runScanSkill, scanSkillInput, scanSkillOutput } from './server.js';
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

  it('input schema: target required, output_format defaults to compact and is a closed set', () => {
    assert.deepEqual(scanSkillInput.parse({ target: 'x' }), { target: 'x', output_format: 'compact' });
    assert.equal(scanSkillInput.safeParse({}).success, false);
    assert.equal(scanSkillInput.safeParse({ target: 'x', output_format: 'pdf' }).success, false);
    assert.equal(scanSkillInput.safeParse({ target: 'x', use_llm: 'yes' }).success, false);
    const json = z.toJSONSchema(scanSkillInput) as { required?: string[]; properties?: Record<string, { enum?: string[] }> };
    assert.deepEqual(json.properties?.output_format?.enum?.slice().sort(), ['compact', ...FORMATS].sort());
  });

  it('every verdict satisfies the advertised output schema, in every output_format', async () => {
    for (const target of [fx.benign, fx.malicious, fx.incomplete, fx.collision]) {
      for (const output_format of OUTPUT_FORMATS) {
        const r = await runScanSkill({ target, output_format }, STDIO);
        if (r.isError) continue; // a writer that cannot render is its own test below
        const parsed = scanSkillOutput.safeParse(r.structuredContent);
        assert.equal(parsed.success, true, `${target} ${output_format}: ${parsed.error?.message ?? ''}`);
      }
    }
  });

  it('the default reply is compact: summary text in report, the most severe findings with file:line', async () => {
    const v = verdict(await runScanSkill({ target: fx.malicious }, STDIO));
    const { report: full } = await scanAsync({ target: fx.malicious });
    assert.throws(() => JSON.parse(v.report) as unknown, 'report is plain text, not the JSON report');
    assert.match(v.report, /^DO NOT INSTALL: risk/);
    assert.equal(v.findings_total, full.issues.length);
    assert.equal(v.findings.length, Math.min(20, full.issues.length));
    for (const f of v.findings) {
      assert.ok(full.issues.some((i) => i.id === f.id && i.location.file === f.file && i.location.start_line === f.line), `${f.id} ${f.file}:${f.line}`);
      assert.ok(f.title.length > 0 && f.snippet.length > 0);
    }
    const counts = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0 };
    for (const i of full.issues) counts[i.severity] += 1;
    assert.deepEqual(v.finding_counts, counts);
  });

  it('output_format json: report is the full CONTRACT §3 report of the same scan, the rest stays compact', async () => {
    const v = verdict(await runScanSkill({ target: fx.malicious, output_format: 'json' }, STDIO));
    const report = JSON.parse(v.report) as ScanReport;
    assert.equal(report.risk_assessment.score, v.risk_score);
    assert.equal(report.issues.length, v.findings_total);
    assert.deepEqual(report.analysis_completeness.ledger_exceptions.length, v.analysis_completeness.ledger_exceptions_total);
    const compact = verdict(await runScanSkill({ target: fx.malicious }, STDIO));
    assert.deepEqual({ ...v, report: '' }, { ...compact, report: '' });
  });

  it('markdown, sarif, terminal and html either render or fail as one sentence (never throw)', async () => {
    for (const output_format of FORMATS.filter((f) => f !== 'json')) {
      const r = await runScanSkill({ target: fx.benign, output_format }, STDIO);
      if (r.isError) assert.match(errorText(r), /^output_format \w+ could not be rendered .*retry with output_format "json"\.$/);
      else assert.ok(verdict(r).report.length > 0);
    }
  });

  it('the same local path is scanned over stdio and refused over HTTP', async () => {
    assert.equal(verdict(await runScanSkill({ target: fx.benign }, STDIO)).safe_to_install, true);
    assert.match(errorText(await runScanSkill({ target: fx.benign }, HTTP)), /^local targets are disabled/);
  });

  it('the policy runs before the scanner: a refused target is never scanned', async () => {
    let calls = 0;
    const scanner = (): never => {
      calls += 1;
      throw new Error('must not run');
    };
    errorText(await runScanSkill({ target: '/etc' }, { ...HTTP, scanner }));
    assert.equal(calls, 0);
  });

  it('usage errors and unexpected scanner failures become tool errors', async () => {
    const usage = await runScanSkill({ target: 'x' }, { ...STDIO, scanner: () => { throw new UsageError('target "x" is a symlink; links are never followed, scan the real path'); } });
    assert.equal(errorText(usage), 'target "x" is a symlink; links are never followed, scan the real path.');
    const boom = await runScanSkill({ target: 'x' }, { ...STDIO, scanner: () => { throw new TypeError('boom\n  at somewhere'); } });
    assert.equal(errorText(boom), 'internal error while scanning "x": boom at somewhere.');
    const thrownString = await runScanSkill({ target: 'x' }, { ...STDIO, scanner: () => { throw 'bare'; } });
    assert.match(errorText(thrownString), /internal error/);
  });

  it('the verdict target is the caller\'s string, the engine gets the resolved path', async () => {
    const seen: string[] = [];
    const r = await runScanSkill({ target: `file://${fx.benign}` }, { ...STDIO, scanner: (o) => { seen.push(o.target); return scan(o); } });
    assert.deepEqual(seen, [fx.benign]);
    assert.equal(verdict(r).target, `file://${fx.benign}`);
  });
});

describe('scan_skill use_llm', () => {
  let fx: Fixtures;
  let fake: FakeLlm;
  let llm: LlmScanSettings;
  before(async () => {
    fx = buildFixtures();
    fake = await startFakeLlm();
    const provider = mcpLlm({ SKILLSPECTOR_PROVIDER: 'openai', SKILLSPECTOR_MODEL: 'gpt-4o', SKILLSPECTOR_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-test-mcp-0123456789' });
    assert.ok('llm' in provider && provider.llm);
    llm = provider.llm;
  });
  beforeEach(() => {
    fake.reset();
    // One reply shape both passes accept: no semantic findings, no verdicts.
    fake.respondWith(() => openAiReply({ findings: [], verdicts: [] }));
  });
  after(async () => {
    await fake.close();
    fx.cleanup();
  });

  for (const use_llm of [undefined, true] as const) {
    it(`a server with a provider runs LLM analysis when use_llm is ${String(use_llm)}`, async () => {
      const v = verdict(await runScanSkill({ target: fx.malicious, ...(use_llm === undefined ? {} : { use_llm }) }, { ...STDIO, llm }));
      assert.equal(v.scan_mode, 'static+llm');
      assert.equal(v.llm_used, true);
      assert.ok(fake.requests.length >= 2, 'semantic and meta requests');
      assert.equal(v.llm_calls, fake.requests.length);
      assert.equal(v.llm_model, 'fake-model');
      assert.equal(scanSkillOutput.safeParse(v).success, true);
    });
  }

  it('use_llm false on a server with a provider is static-only and sends nothing', async () => {
    const v = verdict(await runScanSkill({ target: fx.malicious, use_llm: false }, { ...STDIO, llm }));
    assert.equal(fake.requests.length, 0);
    assert.equal(v.scan_mode, 'static-only');
    assert.equal(v.llm_used, false);
    assert.equal(v.llm_calls, 0);
    assert.equal(v.llm_model, null);
  });

  it('use_llm true on a server without a provider is a one-sentence tool error, and nothing is scanned', async () => {
    let scanned = 0;
    const scanner = (o: ScanOptions): ScanReport => {
      scanned += 1;
      return scan(o);
    };
    const text = errorText(await runScanSkill({ target: fx.benign, use_llm: true }, { ...STDIO, scanner }));
    assert.match(text, /^LLM analysis was requested \(use_llm: true\) but this server has no LLM provider configured;.*SKILLSPECTOR_PROVIDER.*\.$/);
    assert.equal(scanned, 0);
  });

  it('without a provider, use_llm omitted or false scans statically and the engine gets no LLM settings', async () => {
    const seen: (LlmScanSettings | undefined)[] = [];
    const scanner = (o: ScanOptions): ScanReport => {
      seen.push(o.llm);
      return scan(o);
    };
    for (const args of [{ target: fx.benign }, { target: fx.benign, use_llm: false }]) {
      const v = verdict(await runScanSkill(args, { ...STDIO, scanner }));
      assert.equal(v.scan_mode, 'static-only');
      assert.equal(v.safe_to_install, true);
    }
    assert.deepEqual(seen, [undefined, undefined]);
    assert.equal(fake.requests.length, 0);
  });

  it('the use_llm description states the three cases', () => {
    const json = z.toJSONSchema(scanSkillInput) as { properties?: Record<string, { description?: string }> };
    const text = json.properties?.use_llm?.description ?? '';
    assert.match(text, /true: require it/);
    assert.match(text, /false: a static-only scan/);
    assert.match(text, /omitted: used exactly when the server has a provider/);
    assert.doesNotMatch(text, /static-only: the verdict reports llm_used=false/);
  });
});
