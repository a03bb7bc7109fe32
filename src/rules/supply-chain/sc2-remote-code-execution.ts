import { viewsOf, type SharedView } from '../../analysis/views.js';
import type { RuleHit } from '../types.js';
import type { FileView } from '../../model/bundle.js';
import { defineRule } from '../types.js';
import { cautionaryContext, downgradeCautionary } from './context.js';
import { allTrusted, downloadThenRun, fetchedThenEvaluated, hasDownloadTarget } from './remote-fetch.js';

type Kind = 'shell-download' | 'powershell' | 'code-fetch' | 'package-url';

interface Spec {
  re: RegExp;
  label: string;
  kind: Kind;
  confidence: number;
  keywords: readonly string[];
}

const SHELLS = String.raw`(?:(?:\/usr)?(?:\/local)?\/bin\/)?(?:(?:ba|z|da|k|fi)?sh|python[0-9.]{0,4}|node(?:js)?|perl|ruby|php|bun|deno|pwsh|powershell)`;
const SUDO = String.raw`(?:sudo\s{1,4}(?:-\S{1,6}\s{1,4})?)?(?:env\s{1,4})?`;

const SPECS: readonly Spec[] = [
  {
    re: new RegExp(String.raw`\b(?:curl|wget|fetch)\b[^\n]{0,300}?\|\s{0,4}${SUDO}${SHELLS}\b`, 'gi'),
    label: 'Download piped into an interpreter', kind: 'shell-download', confidence: 0.9, keywords: ['curl', 'wget', 'fetch'],
  },
  {
    re: new RegExp(String.raw`(?:\b(?:(?:ba|z|da|k)?sh|source|python[0-9.]{0,4}|node|perl|ruby)|(?:^|[\s;&|(])\.)\s{1,4}<\(\s{0,4}(?:curl|wget)\b[^\n]{0,300}`, 'gi'),
    label: 'Download run through process substitution', kind: 'shell-download', confidence: 0.9, keywords: ['<('],
  },
  {
    re: /\b(?:eval|(?:ba|z|da|k)?sh\s{1,4}-c|python[0-9.]{0,4}\s{1,4}-c|node\s{1,4}-e|perl\s{1,4}-e|ruby\s{1,4}-e)\s{1,4}["']?(?:\$\(|`)\s{0,4}(?:curl|wget)\b[^\n]{0,300}/gi,
    label: 'Downloaded text evaluated by the shell', kind: 'shell-download', confidence: 0.9, keywords: ['$(', '`'],
  },
  {
    re: /\b(?:iex|invoke-expression)\b[^\n]{0,40}?(?:\biwr\b|\birm\b|invoke-webrequest|invoke-restmethod|downloadstring|\bcurl\b|\bwget\b)[^\n]{0,300}/gi,
    label: 'PowerShell Invoke-Expression of downloaded text', kind: 'powershell', confidence: 0.9, keywords: ['iex', 'invoke-expression'],
  },
  {
    re: /(?:\biwr\b|\birm\b|invoke-webrequest|invoke-restmethod|downloadstring)[^\n]{0,300}?\|\s{0,4}(?:iex|invoke-expression)\b/gi,
    label: 'PowerShell download piped into Invoke-Expression', kind: 'powershell', confidence: 0.9, keywords: ['iex', 'invoke-expression'],
  },
  {
    re: /\b(?:exec|eval)\s{0,4}\([^\n]{0,80}?\b(?:(?:requests|httpx|session|client|urllib3)\s{0,2}\.\s{0,2}(?:get|post|request)|urlopen|URI\.open|Net::HTTP\.get)\s{0,4}\(/gi,
    label: 'Fetched content passed to exec/eval', kind: 'code-fetch', confidence: 0.9, keywords: ['exec', 'eval'],
  },
  {
    re: /\b(?:eval|new\s{1,4}Function|vm\s{0,2}\.\s{0,2}(?:runIn(?:This|New)?Context|Script))\s{0,4}\([^\n]{0,120}?\b(?:fetch|axios(?:\s{0,2}\.\s{0,2}get)?|got|https?\s{0,2}\.\s{0,2}get)\s{0,4}\(/gi,
    label: 'Fetched content passed to eval/Function', kind: 'code-fetch', confidence: 0.85, keywords: ['eval', 'function', 'vm'],
  },
  {
    re: /\bfetch\s{0,4}\([^\n]{0,300}?\.then\s{0,4}\(\s{0,4}(?:eval|Function|\(?\s{0,4}\w{1,30}\s{0,4}\)?\s{0,4}=>\s{0,4}(?:eval|new\s{1,4}Function)\s{0,4}\()/gi,
    label: 'Fetched content passed to eval', kind: 'code-fetch', confidence: 0.85, keywords: ['fetch'],
  },
  {
    re: /\b(?:pip[0-9.]{0,4}|uv\s{1,4}pip|npm|pnpm|yarn|bun)\s{1,4}(?:install|i|add)\b[^\n]{0,200}?\s["']?(?:git\+)?https?:\/\/[^\s"']{1,500}/gi,
    label: 'Package installed straight from a URL', kind: 'package-url', confidence: 0.15, keywords: ['http'],
  },
];

// A data-processing interpreter call (`| python -m json.tool`, `| node -e "…"`) reads stdin as data, not code.
const DATA_FILTER_AFTER = /^\s{1,4}-[cme]\b/;
const ROUTINE_CONFIDENCE = 0.15;

function classify(spec: Spec, matched: string, after: string): { severity: 'HIGH' | 'LOW'; confidence: number; label: string } {
  if (spec.kind === 'package-url') return { severity: 'LOW', confidence: spec.confidence, label: spec.label };
  if (spec.kind === 'shell-download' && !hasDownloadTarget(matched.slice(matched.search(/\b(?:curl|wget|fetch)\b/i)).split('|')[0] ?? '')) {
    return { severity: 'LOW', confidence: 0.3, label: 'Mention of piping a download into a shell (no target)' };
  }
  if (spec.kind === 'shell-download' && /(?:python|node|perl|ruby|php)[0-9.]{0,4}$/i.test(matched) && DATA_FILTER_AFTER.test(after)) {
    return { severity: 'LOW', confidence: 0.2, label: 'Download piped into an interpreter used as a data filter' };
  }
  if (allTrusted(matched)) return { severity: 'LOW', confidence: ROUTINE_CONFIDENCE, label: `${spec.label} (official installer host)` };
  return { severity: 'HIGH', confidence: spec.confidence, label: spec.label };
}

// Necessary literals of the line-by-line flows, so texts without them skip the per-line pass: every
// download line matches /\b(?:curl|wget)\b/i, and an evaluated fetch needs exec(, eval( or new Function(.
const DOWNLOAD_WORDS = ['curl', 'wget'];
const EVAL_WORDS = ['exec', 'eval', 'function'];

function scan(view: SharedView, tag: string | undefined, hits: Map<string, RuleHit>): void {
  const { text } = view;
  for (const spec of SPECS) {
    if (!view.keywords.any(spec.keywords)) continue;
    spec.re.lastIndex = 0;
    for (let m = spec.re.exec(text); m !== null; m = spec.re.exec(text)) {
      const line = view.index.lineOf(m.index);
      const key = `${line}\u001f${spec.kind}`;
      if (hits.has(key)) continue;
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
      const c = classify(spec, m[0], after);
      hits.set(key, {
        line, matched: m[0], column: m.index - view.index.lineStart(line), label: c.label, severity: c.severity, confidence: c.confidence,
        ...(tag ? { tags: [tag] } : {}), evidence: { technique: spec.kind },
      });
    }
  }
  const lines = view.lines;
  for (const run of view.keywords.any(DOWNLOAD_WORDS) ? downloadThenRun(lines) : []) {
    const key = `${run.line}\u001fdownload-run`;
    if (hits.has(key)) continue;
    const trusted = allTrusted(run.segment);
    const routine = trusted || run.verified;
    hits.set(key, {
      line: run.line, endLine: run.runLine, matched: run.segment, column: 0,
      label: trusted ? 'Download saved and executed (official installer host)' : run.verified ? 'Download verified, then executed' : 'Download saved to a file and executed',
      severity: routine ? 'LOW' : 'HIGH', confidence: trusted ? ROUTINE_CONFIDENCE : run.verified ? 0.3 : 0.85,
      ...(tag ? { tags: [tag] } : {}), evidence: { technique: 'download-then-run', runLine: run.runLine, verified: run.verified },
    });
  }
  for (const flow of view.keywords.any(EVAL_WORDS) ? fetchedThenEvaluated(lines) : []) {
    const key = `${flow.line}\u001fcode-fetch`;
    if (hits.has(key)) continue;
    hits.set(key, {
      line: flow.line, endLine: flow.evalLine, matched: flow.matched, column: 0, label: 'Fetched content passed to exec/eval',
      severity: 'HIGH', confidence: 0.8, ...(tag ? { tags: [tag] } : {}), evidence: { technique: 'code-fetch', evalLine: flow.evalLine },
    });
  }
}

export const sc2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'SC2',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Remote Code Execution via Download',
    description:
      'Code fetched from the network and executed in the same step: curl/wget piped into a shell or interpreter, `bash <(curl …)`, `eval "$(curl …)"`, PowerShell `iex (iwr …)`, a download saved and then run, or exec/eval of fetched text in Python or JavaScript. Whatever the server returns at that moment runs with the agent\'s privileges, unreviewed and unpinned. Official installer hosts and package installs from a URL are reported at LOW.',
    remediation:
      'Vendor the script into the skill so it is reviewed with it, or download to a file, verify a pinned checksum or signature, and only then run it. Never evaluate fetched text.',
  },
  check({ file }: { file: FileView }): RuleHit[] {
    const hits = new Map<string, RuleHit>();
    const views = viewsOf(file.text);
    scan(views.raw, undefined, hits);
    if (views.security) scan(views.security, 'normalized-view', hits);
    const lines = views.raw.lines;
    return [...hits.values()].map((h) =>
      h.severity === 'HIGH' && cautionaryContext(file, lines, h.line) ? downgradeCautionary(h, h.confidence ?? 0.85) : h,
    );
  },
});
