// `skillspector rules [ID]`: the catalogue straight from rule metadata, or one rule in full; under each YR
// id, the bundled signatures that report as it.
import type { Rule } from '../rules/types.js';
import { stringifyJsonSafe } from '../shared/sanitize.js';
import { bundledSignatureNames } from '../signatures/index.js';

/** The rule reference shipped with the package; its headings are the rule ids. */
const RULE_DOCS = 'docs/RULES.md';
/** Columns the one-rule text view wraps its paragraphs to. */
const WRAP_COLUMNS = 88;
/** Ids offered when the one asked for does not exist. */
const MAX_SUGGESTIONS = 3;
/** Characters of an unknown id that are compared or echoed: ids are short, the argument may not be. */
const MAX_QUERY_CHARS = 32;

export function catalogue(rules: readonly Rule[]): Rule['meta'][] {
  return [...rules].map((r) => r.meta).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** Signature names per signature rule id (bundled ones; YR-CUSTOM has none of its own). */
export function signaturesById(rules: readonly Rule[]): Map<string, string[]> {
  if (!rules.some((r) => r.kind === 'signature')) return new Map();
  const names = bundledSignatureNames();
  return new Map(rules.filter((r) => r.kind === 'signature').map((r) => [r.meta.id, names.get(r.meta.id) ?? []]));
}

export function rulesJson(rules: readonly Rule[]): string {
  const signatures = signaturesById(rules);
  const rows = catalogue(rules).map((m) => ({
    id: m.id, category: m.category, severity: m.severity, confidence: m.confidence, title: m.title,
    description: m.description, remediation: m.remediation, ...(m.fileTypes ? { file_types: m.fileTypes } : {}),
    ...(signatures.has(m.id) ? { signatures: signatures.get(m.id) } : {}),
  }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

function signatureText(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'your own, from scan --rules-dir DIR';
}

export function rulesText(rules: readonly Rule[]): string {
  const signatures = signaturesById(rules);
  const lines: string[] = [];
  for (const m of catalogue(rules)) {
    lines.push(`${m.id.padEnd(6)} ${m.severity.padEnd(8)} ${m.category} — ${m.title}`);
    lines.push(`       ${m.description}`);
    const names = signatures.get(m.id);
    if (names) lines.push(`       Signatures: ${signatureText(names)}`);
    lines.push(`       Fix: ${m.remediation}`, '');
  }
  lines.push(`${rules.length} rules`);
  return `${lines.join('\n')}\n`;
}

/** Where a rule is documented: its heading's anchor in docs/RULES.md (GitHub lower-cases heading anchors). */
export function ruleDocLink(id: string): string {
  return `${RULE_DOCS}#${id.toLowerCase()}`;
}

const LLM_ONLY =
  'LLM analysis only: reported when a scan runs LLM analysis (a provider configured, or scan --llm); a static-only scan never reports it.';

/** One rule in full, for `rules ID --format json`. */
export function ruleJson(rule: Rule, rules: readonly Rule[]): string {
  const m = rule.meta;
  const signatures = signaturesById(rules).get(m.id);
  const row = {
    id: m.id, title: m.title, category: m.category, severity: m.severity, confidence: m.confidence,
    ...(m.fileTypes ? { file_types: m.fileTypes } : {}),
    description: m.description, remediation: m.remediation, llm_only: rule.kind === 'llm',
    ...(signatures ? { signatures } : {}),
    docs: ruleDocLink(m.id),
  };
  return `${JSON.stringify(row, null, 2)}\n`;
}

/** Greedy word wrap; a word longer than the line stays whole on its own line. */
function wrap(text: string, width: number, indent: string): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      out.push(`${indent}${line}`);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') out.push(`${indent}${line}`);
  return out;
}

/** What the rule looks at: its file types, or what its kind of analysis reads. */
function readsText(rule: Rule): string {
  if (rule.meta.fileTypes) return `${rule.meta.fileTypes.join(', ')} files`;
  if (rule.kind === 'signature') return 'the raw bytes of every file, archive and archive member';
  if (rule.kind === 'llm') return 'the visible text files a scan sends to the LLM provider';
  if (rule.kind === 'bundle') return 'the bundle as a whole (manifest and file inventory)';
  return 'every text file';
}

/** One rule in full, for `rules ID`. */
export function ruleText(rule: Rule, rules: readonly Rule[]): string {
  const m = rule.meta;
  const field = (name: string, value: string): string[] => wrap(value, WRAP_COLUMNS, ' '.repeat(14)).map((l, n) => (n === 0 ? `${name.padEnd(14)}${l.trimStart()}` : l));
  const signatures = signaturesById(rules).get(m.id);
  const lines = [
    `${m.id} — ${m.title}`,
    '',
    ...field('Category', m.category),
    ...field('Severity', `${m.severity} (default)`),
    ...field('Confidence', `${m.confidence} (default)`),
    ...field('Reads', readsText(rule)),
    ...(rule.kind === 'llm' ? field('Analysis', LLM_ONLY) : []),
    ...(signatures ? field('Signatures', signatureText(signatures)) : []),
    '',
    'Description',
    ...wrap(m.description, WRAP_COLUMNS, '  '),
    '',
    'Remediation',
    ...wrap(m.remediation, WRAP_COLUMNS, '  '),
    '',
    ...field('Docs', ruleDocLink(m.id)),
  ];
  return `${lines.join('\n')}\n`;
}

/** Edit distance between two short strings (both bounded by the caller). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Up to three ids close to `query`: ones it starts (a family such as "AST"), then those one or two edits away. */
export function closeRuleIds(query: string, rules: readonly Rule[]): string[] {
  const q = query.trim().slice(0, MAX_QUERY_CHARS).toUpperCase();
  if (q === '') return [];
  return catalogue(rules)
    .map((m, order) => ({ id: m.id, order, distance: m.id.startsWith(q) ? 0 : editDistance(q, m.id) }))
    .filter((c) => c.distance <= 2)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, MAX_SUGGESTIONS)
    .map((c) => c.id);
}

export type RuleLookup = { rule: Rule } | { error: string };

/** The rule `id` names (case-insensitive), or the one-line message for an unknown id. */
export function findRule(id: string, rules: readonly Rule[]): RuleLookup {
  const wanted = id.trim().toUpperCase();
  const rule = rules.find((r) => r.meta.id.toUpperCase() === wanted);
  if (rule) return { rule };
  const shown = stringifyJsonSafe(id.length > MAX_QUERY_CHARS ? `${id.slice(0, MAX_QUERY_CHARS)}…` : id);
  const close = closeRuleIds(id, rules);
  const hint = close.length > 0 ? `did you mean ${close.join(', ')}?` : 'no rule id is close to it;';
  return { error: `unknown rule ${shown}: ${hint} run \`skillspector rules\` to list all ${rules.length}` };
}

/** `skillspector rules [ID] [--format json]`: the text to print, or the usage error (exit 2). */
export function rulesOutput(rules: readonly Rule[], id: string | undefined, format: string): { output: string } | { error: string } {
  const json = format === 'json';
  if (id === undefined) return { output: json ? rulesJson(rules) : rulesText(rules) };
  const found = findRule(id, rules);
  if ('error' in found) return found;
  return { output: json ? ruleJson(found.rule, rules) : ruleText(found.rule, rules) };
}
