// `skillspector rules`: the catalogue straight from rule metadata.
import type { Rule } from '../rules/types.js';

export function catalogue(rules: readonly Rule[]): Rule['meta'][] {
  return [...rules].map((r) => r.meta).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

export function rulesJson(rules: readonly Rule[]): string {
  const rows = catalogue(rules).map((m) => ({
    id: m.id, category: m.category, severity: m.severity, confidence: m.confidence, title: m.title,
    description: m.description, remediation: m.remediation, ...(m.fileTypes ? { file_types: m.fileTypes } : {}),
  }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

export function rulesText(rules: readonly Rule[]): string {
  const lines: string[] = [];
  for (const m of catalogue(rules)) {
    lines.push(`${m.id.padEnd(6)} ${m.severity.padEnd(8)} ${m.category} — ${m.title}`);
    lines.push(`       ${m.description}`);
    lines.push(`       Fix: ${m.remediation}`, '');
  }
  lines.push(`${rules.length} rules`);
  return `${lines.join('\n')}\n`;
}
