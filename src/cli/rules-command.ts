// `skillspector rules`: the catalogue straight from rule metadata; under each YR id, the bundled
// signatures that report as it.
import type { Rule } from '../rules/types.js';
import { bundledSignatureNames } from '../signatures/index.js';

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

export function rulesText(rules: readonly Rule[]): string {
  const signatures = signaturesById(rules);
  const lines: string[] = [];
  for (const m of catalogue(rules)) {
    lines.push(`${m.id.padEnd(6)} ${m.severity.padEnd(8)} ${m.category} — ${m.title}`);
    lines.push(`       ${m.description}`);
    const names = signatures.get(m.id);
    if (names) lines.push(`       Signatures: ${names.length > 0 ? names.join(', ') : 'your own, from scan --rules-dir DIR'}`);
    lines.push(`       Fix: ${m.remediation}`, '');
  }
  lines.push(`${rules.length} rules`);
  return `${lines.join('\n')}\n`;
}
