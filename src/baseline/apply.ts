// Partitions findings into active and suppressed. Suppressed findings leave the score.
import { minimatch } from 'minimatch';
import type { Finding } from '../analysis/finding.js';
import { findingFingerprint } from './fingerprint.js';
import type { Baseline, BaselineRule } from './schema.js';

export interface Suppressed {
  finding: Finding;
  reason: string;
}

export interface Partition {
  active: Finding[];
  suppressed: Suppressed[];
  /** Set when fingerprints were ignored because the baseline was written by another scanner version. */
  versionMismatch: boolean;
}

const GLOB = { dot: true, nonegate: true, nocomment: true, noext: true } as const;

function ruleMatches(rule: BaselineRule, f: Finding): boolean {
  if (rule.id !== undefined && !minimatch(f.rule.id, rule.id, GLOB)) return false;
  if (rule.path !== undefined && !minimatch(f.file, rule.path, GLOB)) return false;
  if (rule.message !== undefined) {
    const opts = { ...GLOB, nocase: true };
    const texts = [f.label, f.matched, f.rule.title];
    if (!texts.some((t) => minimatch(t, rule.message ?? '', opts) || minimatch(t, `*${rule.message}*`, opts))) return false;
  }
  return true;
}

export function applyBaseline(
  findings: readonly Finding[],
  baseline: Baseline | undefined,
  digestOf: (path: string) => string,
  scannerVersion: string,
): Partition {
  if (!baseline) return { active: [...findings], suppressed: [], versionMismatch: false };
  const versionMismatch = baseline.fingerprints.length > 0 && baseline.scanner_version !== scannerVersion;
  const hashes = new Map(versionMismatch ? [] : baseline.fingerprints.map((h) => [h.hash, h.reason]));
  const active: Finding[] = [];
  const suppressed: Suppressed[] = [];
  for (const f of findings) {
    const byHash = hashes.size > 0 ? hashes.get(findingFingerprint(f, digestOf(f.file), scannerVersion)) : undefined;
    const reason = byHash ?? baseline.rules.find((r) => ruleMatches(r, f))?.reason;
    if (reason === undefined) active.push(f);
    else suppressed.push({ finding: f, reason });
  }
  return { active, suppressed, versionMismatch };
}
