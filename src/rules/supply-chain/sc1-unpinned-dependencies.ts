import { activeLimits, noteActiveLimit } from '../../analysis/kernel.js';
import type { RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import type { Dependency } from '../../dependencies/deps.js';
import { LIMITS } from '../../dependencies/dep-spec.js';
import { collectDependencies, isDependencyManifest } from '../../dependencies/deps.js';

type BundleHit = RuleHit & { file: string };

/** Why a registry dependency floats, and how sure we are it matters; null when it is pinned enough. */
export function unpinnedReason(dep: Dependency): { why: string; confidence: number } | null {
  if (dep.source === 'local') return null;
  if (dep.source === 'vcs') return /[#@][0-9a-f]{40}\b/i.test(dep.spec) ? null : { why: 'VCS dependency without a commit hash', confidence: 0.6 };
  if (dep.source === 'url') return /#(?:sha256|sha384|sha512)=/i.test(dep.spec) ? null : { why: 'URL dependency without a hash', confidence: 0.5 };
  const s = dep.spec.trim();
  if (dep.pinned) return null;
  if (s === '' || s === '*' || /^(?:latest|x|next|canary|beta|alpha)$/i.test(s)) return { why: s ? `floating "${s}"` : 'no version constraint', confidence: 0.7 };
  if (/^==\s{0,2}[^,]{0,100}\*/.test(s) || /^(?:\d{1,12}\.)?x$|^\d{1,12}\.\d{1,12}\.x$/i.test(s)) return { why: 'wildcard version', confidence: 0.5 };
  // Lower bound only: any future release, including a malicious one, satisfies it.
  if (/^\s{0,2}(?:>=?|!=)/.test(s) && !/<|~=|\|\|/.test(s)) return { why: 'lower bound only', confidence: 0.5 };
  if (dep.ecosystem === 'npm' && s.startsWith('^')) return { why: 'caret range', confidence: 0.4 };
  return null;
}

const DO_NOT_PIN = /\b(?:do\s{1,4}not|don'?t|never|no\s{1,4}need\s{1,4}to)\s{1,4}pin\b|\balways\s{1,4}(?:use|install|pull|take)\s{1,4}(?:the\s{1,4})?latest\b/i;

export const sc1 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'SC1',
    category: 'Supply Chain',
    severity: 'LOW',
    confidence: 0.6,
    // A fact about a dependency manifest or an artifact, wherever its file sits (not re-placed).
    calibration: 'artifact',
    title: 'Unpinned Dependency',
    description:
      'A dependency in requirements*.txt, package.json, pyproject.toml, setup.py or a Pipfile without an exact version: a bare name, `*`/`latest`, a lower bound only, a wildcard, an npm caret range, or a VCS/URL source without a commit or hash. Every install can then pull a different release, including a hijacked one, so what was reviewed is not what runs.',
    remediation:
      'Pin exact versions (`name==1.2.3`, `"name": "1.2.3"`), ideally with hashes or a committed lockfile, and pin VCS dependencies to a full commit hash.',
    fileTypes: ['text', 'json', 'toml', 'python', 'other'],
  },
  check(_bundle, files): BundleHit[] {
    const out: BundleHit[] = [];
    for (const dep of collectDependencies(files)) {
      const r = unpinnedReason(dep);
      if (!r) continue;
      out.push({
        file: dep.file, line: dep.line, matched: `${dep.name} ${dep.spec}`.trim(), confidence: r.confidence,
        label: `Unpinned dependency: ${dep.name} (${r.why})`,
        evidence: { package: dep.name, ecosystem: dep.ecosystem, spec: dep.spec, reason: r.why },
      });
    }
    let manifests = 0;
    for (const f of files) {
      if (!isDependencyManifest(f.path) || ++manifests > LIMITS.manifests) continue;
      const maxLines = activeLimits().maxDependencyManifestLines;
      const lines = f.text.split('\n', maxLines + 1);
      if (lines.length > maxLines) {
        noteActiveLimit({ what: 'dependency manifest lines', observed: lines.length, limit: maxLines });
        lines.length = maxLines;
      }
      lines.forEach((text, i) => {
        const m = DO_NOT_PIN.exec(text.slice(0, 4_096));
        if (m) out.push({ file: f.path, line: i + 1, matched: m[0], column: m.index, confidence: 0.6, label: 'Advice not to pin dependency versions' });
      });
    }
    return out;
  },
});
