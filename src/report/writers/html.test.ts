// The HTML report: one self-contained page, strict escaping of every bundle-derived string, a CSP that
// blocks every load, and the content a person needs: verdict, findings with code, contents tree, coverage.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  exception, handReport, issue, llmIssue, llmReport, maliciousReport, mixedExceptionsReport, scanFiles, SKILL_MD, withSuppressed,
} from '../../../test/helpers/report-fixtures.js';
import { buildZip } from '../../../test/helpers/zip-builder.js';
import type { ScanReport } from '../types.js';
import { HTML_CSP, writeHtml } from './html.js';
import { render } from './index.js';

function html(report: ScanReport, extra: { showSuppressed?: boolean; minSeverity?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' } = {}): string {
  return writeHtml(report, { showSuppressed: extra.showSuppressed ?? false, ...(extra.minSeverity ? { minSeverity: extra.minSeverity } : {}) });
}

/** Element names outside attribute values and text: what a browser would build from the page. */
function tags(page: string): Set<string> {
  return new Set([...page.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)[\s>/]/g)].map((m) => (m[1] ?? '').toLowerCase()));
}

const HOSTILE = '<script>alert(1)</script>"\'><img src=x onerror=alert(2)>&amp;';

describe('writeHtml: self-contained and inert', () => {
  it('is one page with a CSP meta tag that blocks every load, and no script or external reference', () => {
    const page = html(maliciousReport());
    assert.match(page, /^<!DOCTYPE html>\n<html lang="en">/);
    assert.ok(page.includes(`<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">`));
    assert.ok(HTML_CSP.startsWith("default-src 'none'; style-src 'unsafe-inline'"));
    const names = tags(page);
    for (const banned of ['script', 'link', 'img', 'iframe', 'object', 'embed', 'form', 'base', 'svg', 'video', 'audio']) {
      assert.ok(!names.has(banned), `<${banned}> in the page`);
    }
    // Bundle text is escaped, so every `<` left in the page opens a real tag: check each tag's attributes.
    for (const [tag] of page.matchAll(/<[a-zA-Z][^>]*>/g)) {
      assert.doesNotMatch(tag, /\s(src|srcset|action|data|poster|background)=/i, tag);
      const href = /\shref="([^"]*)"/.exec(tag)?.[1];
      if (href !== undefined) assert.match(href, /^docs\/RULES\.md#[a-z0-9_-]+$/, tag);
      assert.doesNotMatch(tag, /url\(|@import/i, tag);
    }
    const style = page.slice(page.indexOf('<style>'), page.indexOf('</style>'));
    assert.doesNotMatch(style, /url\(|@import/i, 'the stylesheet loads nothing');
    assert.ok(page.endsWith('</html>\n'));
  });

  it('escapes every text field: finding, pattern, path, name, source, messages, limitations and LLM text', () => {
    const region = { file: `dir/${HOSTILE}.md`, start_line: 4, end_line: 4 };
    const base = handReport({
      name: `n${HOSTILE}`, source: `./s${HOSTILE}`,
      issues: [issue({ finding: `ignore ${HOSTILE}`, pattern: `p${HOSTILE}`, location: region, occurrences: [region, { ...region, start_line: 9 }], remediation: `Fix ${HOSTILE}.`, explanation: `Why ${HOSTILE}` })],
      suppressed: [issue({ suppression_reason: `r${HOSTILE}`, location: region, occurrences: [region] })],
      exceptions: [exception('archive_encrypted', `x.zip!/${HOSTILE}`, { member: `m${HOSTILE}`, message: `msg${HOSTILE}` })],
      scope: [{ reason_code: 'user_exclusion', path: `skip${HOSTILE}/` }],
      limitations: [`limit${HOSTILE}`],
    });
    const report: ScanReport = {
      ...base,
      inventory: [{ path: `inv${HOSTILE}`, content_kind: 'text', disposition: 'analyzed', size_bytes: 1, hidden: false, local_only: false }],
      metadata: { ...base.metadata, llm_requested: true },
    };
    const page = html(report, { showSuppressed: true });
    assert.ok(!page.includes('<script>') && !page.includes('<img'), 'no markup from the bundle');
    assert.ok(!page.includes('"\'>'), 'no attribute break-out: quotes are entities');
    assert.ok(page.includes('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;'));
    const names = tags(page);
    assert.ok(!names.has('script') && !names.has('img'));
    // Every occurrence of the hostile text is escaped: count raw '<script' (none) against escaped ones (many).
    assert.ok((page.match(/&lt;script&gt;/g) ?? []).length >= 10);
  });

  it('the LLM text and provider names are escaped too', () => {
    const page = html(llmReport({ model: `<b>${HOSTILE}`, issues: [llmIssue({ evidence: { llm_explanation: `explained ${HOSTILE}` } })] }));
    assert.ok(!page.includes('<b>') && !page.includes('<script>'));
    assert.ok(page.includes('<strong>LLM:</strong> explained &lt;script&gt;'));
  });

  it('replaces control, bidi and separator characters (no raw one in the page)', () => {
    const page = html(handReport({ issues: [issue({ finding: 'a\u202eb\u0007c\u2028d\u001b[31me' })] }));
    assert.doesNotMatch(page, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/);
  });
});

describe('writeHtml: content', () => {
  it('shows the verdict, score, counts, the analysis mode and each finding with its code lines, fix and doc link', () => {
    const report = maliciousReport();
    const page = html(report);
    assert.ok(page.includes('<span class="verdict verdict-DO_NOT_INSTALL">DO NOT INSTALL</span>'));
    assert.ok(page.includes(`Risk score <strong>${report.risk_assessment.score}/100</strong>`));
    assert.ok(page.includes('<strong>Analysis:</strong> static only'));
    assert.ok(page.includes(`<h2>Findings (${report.issues.length})</h2>`));
    for (const i of report.issues) {
      assert.ok(page.includes(`<span class="ln">${i.location.start_line}</span>`), `code line of ${i.id}`);
      assert.ok(page.includes(`<a href="docs/RULES.md#${i.id.toLowerCase()}" rel="noreferrer">`), `doc link of ${i.id}`);
    }
    assert.equal((page.match(/<article class="finding /g) ?? []).length, report.issues.length);
    assert.ok(page.includes('<span class="fix">Fix:</span> Remove the override language.'));
  });

  it('numbers a multi-line snippet from its first line and bounds a huge one', () => {
    const region = { file: 'run.sh', start_line: 7, end_line: 9 };
    const page = html(handReport({ issues: [issue({ finding: 'curl x |\r\n  bash\nrm -rf ~', location: region, occurrences: [region] })] }));
    assert.ok(page.includes('<span class="ln">7</span>curl x |\n<span class="ln">8</span>  bash\n<span class="ln">9</span>rm -rf ~'));
    const huge = html(handReport({ issues: [issue({ finding: 'line\n'.repeat(100_000) })] }));
    assert.ok(huge.length < 20_000, 'bounded code context');
    assert.ok(huge.includes('<span class="ln">…</span>(cut)'));
  });

  it('lists the contents as a tree: folders, an archive with its members, and each disposition and reason', () => {
    const report = scanFiles({
      'SKILL.md': SKILL_MD,
      'docs/deep/a.md': 'Plain notes.\n',
      'docs/img.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3, 4]),
      'tools.zip': buildZip([{ name: 'readme.txt', data: 'hello\n' }, { name: 'in/secret.txt', data: 'x', encrypted: true }]),
    });
    const page = html(report);
    const tree = page.slice(page.indexOf('<section id="contents">'), page.indexOf('</section>', page.indexOf('<section id="contents">')));
    const rows = [...tree.matchAll(/<tr><td style="padding-left:([\d.]+)em"[^>]*><span class="path">([^<]*)<\/span><\/td><td(?: class="muted")?>([^<]*)<\/td><td[^>]*>([^<]*)<\/td>/g)]
      .map((m) => ({ indent: Number(m[1]), name: m[2], kind: m[3], disposition: m[4] }));
    const byName = new Map(rows.map((r) => [r.name, r]));
    assert.equal(byName.get('tools.zip')?.kind, 'archive');
    assert.equal(byName.get('secret.txt')?.disposition, 'failed');
    assert.ok(tree.includes('<code>archive_encrypted</code>'));
    assert.equal(byName.get('img.png')?.disposition, 'out of scope');
    assert.ok((byName.get('secret.txt')?.indent ?? 0) > (byName.get('in/')?.indent ?? 0));
    assert.ok((byName.get('in/')?.indent ?? 0) > (byName.get('tools.zip')?.indent ?? 0), 'members nest under their archive');
    assert.ok(tree.includes('<span class="path">deep/</span></td><td class="muted">folder</td>'), 'implied folders get a row');
    for (const row of report.inventory) assert.ok(byName.has(row.path.split('/').at(-1)), `no tree row for ${row.path}`);
  });

  it('draws the coverage bar from the component counts', () => {
    const page = html(mixedExceptionsReport());
    const ac = mixedExceptionsReport().analysis_completeness;
    const full = Math.round((ac.fully_inspected_files / ac.total_components) * 1000) / 10;
    assert.ok(page.includes(`<span class="full" style="width:${full}%" title="${ac.fully_inspected_files} fully inspected"></span>`));
    assert.ok(page.includes(`${ac.coverage_percent}% covered`));
  });

  it('lists ledger exceptions, limitations and scope exclusions, and warns when execution failed', () => {
    const report = mixedExceptionsReport();
    const page = html(report);
    for (const e of report.analysis_completeness.ledger_exceptions) {
      assert.ok(page.includes(`<tr><td><code>${e.reason_code}</code></td><td class="path">${e.path}</td>`), e.reason_code);
    }
    assert.ok(page.includes('observed 4 depth, limit 3 depth'));
    assert.ok(page.includes('<li>LLM review was not requested; semantic review did not run.</li>'));
    assert.ok(page.includes('<code>excluded_directory</code> <span class="path">node_modules/</span>'));
    assert.ok(page.includes('<strong>Execution failed:</strong>'));
  });

  it('--min-severity hides lower findings and says how many, with the totals unchanged', () => {
    const report = handReport({ issues: [issue({ severity: 'HIGH' }), issue({ id: 'LP3', severity: 'LOW', finding_id: 'f-low' })] });
    const page = html(report, { minSeverity: 'MEDIUM' });
    assert.equal((page.match(/<article /g) ?? []).length, 1);
    assert.ok(page.includes('<h2>Findings (2)</h2>'));
    assert.ok(page.includes('1 finding(s) below MEDIUM not listed (--min-severity MEDIUM).'));
    assert.equal((html(report).match(/<article /g) ?? []).length, 2);
  });

  it('lists suppressed findings only when asked, and counts them otherwise', () => {
    const report = withSuppressed(maliciousReport(), 2);
    assert.ok(html(report, { showSuppressed: true }).includes('<h2>Suppressed (2)</h2>'));
    const quiet = html(report);
    assert.ok(!quiet.includes('<h2>Suppressed') && quiet.includes('2 finding(s) suppressed by a baseline or trusted inline comments (use --show-suppressed to list them).'));
  });

  it('is registered as the html format and deterministic', () => {
    const report = mixedExceptionsReport();
    const out = render('html', report, { color: false, verbose: false, showSuppressed: false });
    assert.equal(out, html(report));
  });
});

describe('writeHtml: configuration and suppressions', () => {
  const overridden = issue({ id: 'PE2', severity: 'LOW', tags: ['severity-override'], evidence: { severity_override: { from: 'HIGH', to: 'LOW', source: 'configuration' } } });
  function configured(file: string, inline: Record<string, unknown>): ScanReport {
    const report = handReport({ issues: [overridden, issue()], suppressed: [issue({ id: 'SC2', finding_id: 'f-sc2', suppression_reason: 'inline' })] });
    const configuration = { file, disabled_rules: ['P5'], severity_overrides: { PE2: 'LOW' }, trust_inline_suppressions: inline['trusted'] === true };
    return { ...report, metadata: { ...report.metadata, configuration, inline_suppressions: inline } };
  }
  const trusted = { trusted: true, matched: 1, refused_critical: 0, suppressed: 1 };

  it('names what the configuration changed in the header, and marks the overridden finding', () => {
    const page = html(configured('.skillspector.yaml', trusted));
    const header = page.slice(0, page.indexOf('</header>'));
    assert.ok(header.includes('<p><strong>Config:</strong> .skillspector.yaml · rules disabled: P5 · severity overrides: PE2→LOW · inline suppressions trusted</p>'));
    assert.ok(page.includes('<span class="muted">LOW (severity overridden from HIGH by the configuration) · confidence 0.90</span>'));
    assert.equal((page.match(/overridden from/g) ?? []).length, 1, 'look-alike: the other finding says nothing');
    assert.ok(!html(handReport({ issues: [issue()] })).includes('Config:'), 'look-alike: no configuration, no line');
  });

  it('names the source of the suppressions, and lists them under "Suppressed" with the reason inline', () => {
    assert.ok(html(configured('c.yaml', trusted)).includes('<p class="muted">1 finding(s) suppressed by trusted inline comments (use --show-suppressed to list them).</p>'));
    const shown = html(configured('c.yaml', trusted), { showSuppressed: true });
    assert.ok(shown.includes('<h2>Suppressed (1)</h2>'));
    assert.match(shown, /<td class="rule">SC2<\/td><td>HIGH<\/td><td class="path">SKILL\.md:3<\/td><td>inline<\/td>/);
  });

  it('says when the skill\'s inline comments were ignored, and escapes a hostile configuration path', () => {
    const page = html(configured(HOSTILE, { trusted: false, matched: 2, refused_critical: 0, suppressed: 0 }));
    assert.ok(page.includes('<p class="muted">Inline suppression comments naming 2 finding(s) ignored (the skill&#39;s own comments; --trust-inline-suppressions to honour them).</p>'));
    assert.ok(page.includes('<strong>Config:</strong> &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp; ·'));
    assert.ok(!tags(page).has('script') && !tags(page).has('img'));
  });
});
