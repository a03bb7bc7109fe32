// A fingerprint binds one finding to the exact content of its file and to the scanner version,
// so any edit to the file, or a new scanner, re-activates the finding (fail closed).
import { createHash } from 'node:crypto';
import type { Finding } from '../analysis/finding.js';

export const FINGERPRINT_SCHEMA = 'skillspector-finding-fingerprint-v1';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function contentDigest(bytes: Buffer | undefined): string {
  return createHash('sha256').update(bytes ?? Buffer.alloc(0)).digest('hex');
}

export function findingFingerprint(f: Finding, fileDigest: string, scannerVersion: string): string {
  const body = canonical({
    schema: FINGERPRINT_SCHEMA,
    scanner_version: scannerVersion,
    component: { path: f.file, sha256: fileDigest },
    finding: { rule_id: f.rule.id, severity: f.severity, start_line: f.startLine, end_line: f.endLine, matched: f.matched, label: f.label },
  });
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}
