// Writers are pure functions of the report: rule descriptors come from `report.rules`, never from the
// rule registry, so a report built by hand (or read back from JSON) renders the same in every format.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { Log } from 'sarif';
import { handReport, issue } from '../../../test/helpers/report-fixtures.js';
import { sarifSchemaValidator } from '../../../test/helpers/sarif-tools.js';
import type { RuleDescriptor, ScanReport } from '../types.js';
import { FORMATS, render } from './index.js';

// The official schema ships with the optional SARIF multitool; sarif.test.ts reports the skip when it is absent.
const validate = sarifSchemaValidator();

const SRC = resolve(import.meta.dirname, '../..');
const WRITERS = import.meta.dirname;
const options = { color: false, verbose: true, showSuppressed: true };

// P1 is a real catalogue id on purpose: its descriptor here differs from the registry's, so output that
// matches it can only have come from the report.
const DESCRIPTORS: RuleDescriptor[] = [
  {
    id: 'P1', title: 'Title written into the report', category: 'Prompt Injection', severity: 'MEDIUM', confidence: 0.6,
    description: 'A description that exists only in this hand-built report.', remediation: 'A remediation that exists only here.',
  },
  {
    id: 'QQ7', title: 'A rule no registry knows', category: 'Tool Misuse', severity: 'LOW', confidence: 0.95,
    description: 'Describes a rule id that the catalogue does not have.', remediation: 'Nothing to fix; it is a test.',
  },
];

function described(): ScanReport {
  const p1 = issue({ id: 'P1', severity: 'HIGH', pattern: 'pattern of the issue' });
  const qq7 = issue({
    id: 'QQ7', category: 'Tool Misuse', severity: 'LOW', finding: 'some matched text', finding_id: 'finding-000000000000000000000002',
    location: { file: 'scripts/run.sh', start_line: 4, end_line: 4 }, occurrences: [{ file: 'scripts/run.sh', start_line: 4, end_line: 4 }],
  });
  return { ...handReport({ issues: [p1], suppressed: [{ ...qq7, suppression_reason: 'accepted in baseline: reviewed' }] }), rules: DESCRIPTORS };
}

/** Relative imports of a module, with whether each is type-only. */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { target: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s+'(\.{1,2}\/[^']+)'/g)) {
    const spec = m[3] ?? '';
    out.push({ target: resolve(dirname(file), spec.replace(/\.js$/, '.ts')), typeOnly: m[2] !== undefined });
  }
  return out;
}

describe('writers and report.rules', () => {
  it('SARIF describes rules from report.rules, not from the registry, and stays valid', () => {
    const log = JSON.parse(render('sarif', described(), options)) as Log;
    if (validate) assert.ok(validate(log), JSON.stringify(validate.errors));
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    assert.deepEqual(rules.map((r) => r.id), ['P1', 'QQ7']);
    const [p1, qq7] = rules;
    assert.equal(p1?.shortDescription?.text, 'Title written into the report');
    assert.equal(p1?.fullDescription?.text, 'A description that exists only in this hand-built report.');
    assert.equal(p1?.help?.text, 'A remediation that exists only here.');
    assert.equal(p1?.defaultConfiguration?.level, 'warning', 'the default severity of the descriptor, not the issue');
    assert.equal(p1?.properties?.['precision'], 'medium');
    assert.deepEqual(p1?.properties?.['tags'], ['security', 'Prompt Injection']);
    assert.equal(qq7?.name, 'ARuleNoRegistryKnows');
    assert.equal(qq7?.defaultConfiguration?.level, 'note');
    const results = log.runs[0]?.results ?? [];
    assert.equal(results.find((r) => r.ruleId === 'P1')?.level, 'error', 'a result keeps its issue severity');
    for (const r of results) assert.equal(rules[r.ruleIndex ?? -1]?.id, r.ruleId);
  });

  it('every format renders a hand-built report with descriptors; JSON keeps them', () => {
    const report = described();
    for (const format of FORMATS) {
      const body = render(format, report, options);
      assert.ok(body.includes('P1') && body.includes('QQ7'), format);
    }
    assert.deepEqual((JSON.parse(render('json', report, options)) as ScanReport).rules, DESCRIPTORS);
  });

  it('a report without rules (older or hand-built) still gets a descriptor per result', () => {
    const log = JSON.parse(render('sarif', handReport({ issues: [issue()] }), options)) as Log;
    if (validate) assert.ok(validate(log), JSON.stringify(validate.errors));
    assert.deepEqual(log.runs[0]?.tool.driver.rules?.map((r) => r.id), ['P1']);
    assert.equal(log.runs[0]?.tool.driver.rules?.[0]?.shortDescription?.text, 'Instruction override');
  });

  it('no writer module imports src/rules/, and none reaches it through a runtime import', () => {
    const writers = readdirSync(WRITERS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(WRITERS, f));
    assert.ok(writers.length >= 5);
    const inRules = (p: string): boolean => relative(SRC, p).startsWith('rules/');
    for (const w of writers) {
      for (const i of importsOf(w)) assert.ok(!inRules(i.target), `${relative(SRC, w)} imports ${relative(SRC, i.target)}`);
    }
    // Runtime closure: a type-only import is erased, a value import loads the module (and the registry with it).
    const seen = new Set<string>();
    const queue = [...writers];
    while (queue.length > 0) {
      const f = queue.pop() ?? '';
      if (seen.has(f)) continue;
      seen.add(f);
      for (const i of importsOf(f)) {
        if (i.typeOnly) continue;
        assert.ok(!inRules(i.target), `${relative(SRC, f)} loads ${relative(SRC, i.target)} at runtime`);
        queue.push(i.target);
      }
    }
    assert.ok(seen.size > writers.length, 'the walk followed runtime imports');
  });

  it('the import check sees a registry import where there is one (the SARIF test cross-checks the catalogue)', () => {
    const found = importsOf(join(WRITERS, 'sarif.test.ts'));
    assert.ok(found.some((i) => relative(SRC, i.target) === 'rules/index.ts' && !i.typeOnly));
  });
});
