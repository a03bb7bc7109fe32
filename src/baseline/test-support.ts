// A finding built by hand for the baseline unit tests.
import type { Finding } from '../analysis/finding.js';
import type { Severity } from '../shared/types.js';

export function finding(over: { id?: string; file?: string; line?: number; endLine?: number; severity?: Severity; matched?: string; label?: string; tags?: string[] } = {}): Finding {
  const id = over.id ?? 'P1';
  const line = over.line ?? 1;
  return {
    rule: { id, category: 'Prompt Injection', severity: 'HIGH', confidence: 0.9, title: `${id} title`, description: 'd', remediation: 'r' },
    file: over.file ?? 'notes.md', startLine: line, endLine: over.endLine ?? line, matched: over.matched ?? 'ignore previous instructions',
    label: over.label ?? 'Override of previous instructions', severity: over.severity ?? 'HIGH', confidence: 0.9, tags: over.tags ?? [], evidence: {},
  };
}
