// `skillspector rules ID`: one rule in full, unknown ids with suggestions, and the doc links.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT, cliAsync } from '../../test/helpers/tree.js';
import { RULES } from '../rules/index.js';
import { bundledSignatureNames } from '../signatures/index.js';
import { closeRuleIds, findRule, ruleDocLink, ruleJson, ruleText, rulesJson, rulesOutput, rulesText } from './rules-command.js';

interface RuleRow {
  id: string;
  title: string;
  category: string;
  severity: string;
  confidence: number;
  file_types?: string[];
  description: string;
  remediation: string;
  llm_only: boolean;
  signatures?: string[];
  docs: string;
}

function rule(id: string): (typeof RULES)[number] {
  const found = findRule(id, RULES);
  assert.ok('rule' in found, `rule ${id} exists`);
  return found.rule;
}

function shown(id: string): string {
  return ruleText(rule(id), RULES);
}

function row(id: string): RuleRow {
  return JSON.parse(ruleJson(rule(id), RULES)) as RuleRow;
}

const LLM_NOTE = /LLM analysis only/;

describe('skillspector rules ID', () => {
  it('shows one rule in full: id, title, category, severity, confidence, what it reads, description, fix, doc link', () => {
    const meta = rule('TT3').meta;
    const text = shown('TT3');
    assert.match(text, /^TT3 — Credential Sent Over the Network\n/);
    assert.match(text, /^Category +Data Exfiltration$/m);
    assert.match(text, /^Severity +CRITICAL \(default\)$/m);
    assert.match(text, /^Confidence +0\.9 \(default\)$/m);
    assert.match(text, /^Reads +python, javascript, typescript, shell files$/m);
    assert.match(text, /^Docs +docs\/RULES\.md#tt3$/m);
    // Wrapped, but every word of the description and the remediation is there, in order.
    const words = (s: string): string => s.split(/\s+/).filter(Boolean).join(' ');
    assert.ok(words(text).includes(words(meta.description)));
    assert.ok(words(text).includes(words(meta.remediation)));
    assert.ok(text.split('\n').every((l) => l.length <= 88 || !l.trim().includes(' ')), 'paragraphs wrap at 88 columns');
    assert.doesNotMatch(text, LLM_NOTE);
    assert.doesNotMatch(text, /^Signatures/m);
  });

  it('a rule without file types reads every text file; a bundle rule says it reads the bundle', () => {
    assert.match(shown('P1'), /^Reads +every text file$/m);
    const bundleRule = RULES.find((r) => r.kind === 'bundle' && r.meta.fileTypes === undefined);
    assert.ok(bundleRule);
    assert.match(ruleText(bundleRule, RULES), /^Reads +the bundle as a whole/m);
  });

  it('the LLM-only rules (SSD, SDI, SQP, TP4) say so; static rules never do', () => {
    const llmIds = RULES.filter((r) => r.kind === 'llm').map((r) => r.meta.id);
    for (const prefix of ['SSD-', 'SDI-', 'SQP-']) assert.ok(llmIds.some((id) => id.startsWith(prefix)), prefix);
    assert.ok(llmIds.includes('TP4'));
    for (const id of llmIds) {
      assert.match(shown(id), LLM_NOTE, id);
      assert.equal(row(id).llm_only, true, id);
    }
    // TP4's static neighbours in the same family are not LLM-only.
    for (const id of ['TP1', 'TP2', 'TP3', 'P1', 'YR1']) {
      assert.doesNotMatch(shown(id), LLM_NOTE, id);
      assert.equal(row(id).llm_only, false, id);
    }
  });

  it('a signature rule lists the bundled signatures that report as it; YR-CUSTOM points at --rules-dir', () => {
    const names = bundledSignatureNames().get('YR2') ?? [];
    assert.ok(names.length > 0);
    const text = shown('YR2');
    const block = /^Signatures +([\s\S]*?)\n\n/m.exec(text)?.[1] ?? '';
    assert.deepEqual(block.split(/[\s,]+/).filter(Boolean), names);
    assert.match(text, /^Reads +the raw bytes of every file, archive and archive member$/m);
    assert.deepEqual(row('YR2').signatures, names);
    assert.match(shown('YR-CUSTOM'), /^Signatures +your own, from scan --rules-dir DIR$/m);
    assert.deepEqual(row('YR-CUSTOM').signatures, []);
    assert.equal(row('P1').signatures, undefined);
  });

  it('--format json: one object with the catalogue fields plus llm_only and docs', () => {
    const r = row('TT3');
    const catalogueRow = (JSON.parse(rulesJson(RULES)) as Record<string, unknown>[]).find((x) => x['id'] === 'TT3');
    assert.deepEqual({ ...r, llm_only: undefined, docs: undefined }, { ...catalogueRow, llm_only: undefined, docs: undefined });
    assert.equal(r.docs, 'docs/RULES.md#tt3');
    assert.equal(row('P1').file_types, undefined, 'no file_types: every text file');
  });

  it('ids match case-insensitively and ignore surrounding blanks', () => {
    for (const spelled of ['p1', ' P1 ', 'P1']) {
      const found = findRule(spelled, RULES);
      assert.ok('rule' in found && found.rule.meta.id === 'P1', spelled);
    }
    const yr = findRule('yr-custom', RULES);
    assert.ok('rule' in yr && yr.rule.meta.id === 'YR-CUSTOM');
  });

  it('an unknown id is one line naming close ids; a far one names none', () => {
    const typo = findRule('P99', RULES);
    assert.ok('error' in typo);
    assert.match(typo.error, /^unknown rule "P99": did you mean P9, .*\? run `skillspector rules` to list all \d+$/);
    assert.deepEqual(closeRuleIds('AST', RULES), ['AST1', 'AST2', 'AST3'], 'a family prefix lists its first members');
    assert.deepEqual(closeRuleIds('TT33', RULES)[0], 'TT3');
    assert.deepEqual(closeRuleIds('qqqqqq', RULES), []);
    const far = findRule('qqqqqq', RULES);
    assert.ok('error' in far);
    assert.match(far.error, /no rule id is close to it/);
    assert.ok(!far.error.includes('\n'));
  });

  it('a huge or control-laden id is echoed bounded and escaped, and answered at once', () => {
    const started = performance.now();
    const found = findRule(`${'X'.repeat(1_000_000)}\u001b[31m\u202e`, RULES);
    assert.ok(performance.now() - started < 1_000);
    assert.ok('error' in found);
    assert.ok(found.error.length < 300, found.error.slice(0, 100));
    const control = findRule('P1\u001b[2J\u202e', RULES);
    assert.ok('error' in control);
    assert.ok(!/[\u001b\u202e]/.test(control.error), control.error);
  });

  it('every rule\'s doc link names a heading of docs/RULES.md (GitHub heading anchors)', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'RULES.md'), 'utf8');
    const anchors = new Set([...doc.matchAll(/^#{1,6} (.+)$/gm)].map((m) => (m[1] ?? '').trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
    for (const r of RULES) {
      const link = ruleDocLink(r.meta.id);
      assert.ok(link.startsWith('docs/RULES.md#'));
      assert.ok(anchors.has(link.slice('docs/RULES.md#'.length)), `${r.meta.id}: ${link}`);
    }
  });

  it('without an id the catalogue is unchanged', () => {
    assert.deepEqual(rulesOutput(RULES, undefined, 'text'), { output: rulesText(RULES) });
    assert.deepEqual(rulesOutput(RULES, undefined, 'json'), { output: rulesJson(RULES) });
  });

  it('the CLI prints the rule (exit 0), the JSON object, or one stderr line and exit 2 for an unknown id', async () => {
    const text = await cliAsync(['rules', 'tt3']);
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stdout, shown('TT3'));
    const json = await cliAsync(['rules', 'SDI-1', '--format', 'json']);
    assert.equal(json.code, 0, json.stderr);
    assert.equal((JSON.parse(json.stdout) as RuleRow).llm_only, true);
    for (const args of [['rules', 'P99'], ['rules', 'P99', '--format', 'json']]) {
      const bad = await cliAsync(args);
      assert.equal(bad.code, 2);
      assert.equal(bad.stdout, '');
      assert.match(bad.stderr, /^skillspector: unknown rule "P99": did you mean P9,[^\n]*\n$/);
    }
  });
});
