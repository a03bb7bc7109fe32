import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';
import { codePoint, fieldsOf, isIdentifierField, mixedScriptTokens } from './metadata.js';
import { manifestSource, type ManifestField } from '../kit/manifest-text.js';

interface Deception {
  index: number;
  matched: string;
  label: string;
  confidence: number;
  evidence: Record<string, unknown>;
}

// Embedding and override controls reorder what is displayed; plain marks (U+200E/F) only nudge neutrals.
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
// Invisible formatting that has no place in an identifier (zero-width characters are TP1's).
const INVISIBLE_IN_ID = /[\u00ad\u034f\u180e\u115f\u1160\u3164\uffa0\ufe00-\ufe0f]/g;
const EMOJI_BEFORE = /[\p{Extended_Pictographic}\p{Emoji_Component}]$/u;

function bidiControls(v: string): Deception | null {
  BIDI.lastIndex = 0;
  const m = BIDI.exec(v);
  if (!m) return null;
  const all = v.slice(m.index, m.index + 4096).match(BIDI) ?? [];
  return {
    index: m.index,
    matched: v.slice(Math.max(0, m.index - 20), m.index + 60),
    label: `Bidirectional override/embedding control (${codePoint(m[0])}) in manifest metadata`,
    confidence: 0.95,
    evidence: { codePoints: [...new Set(all.slice(0, 64).map(codePoint))] },
  };
}

function invisibleFormatting(v: string): Deception | null {
  INVISIBLE_IN_ID.lastIndex = 0;
  for (let m = INVISIBLE_IN_ID.exec(v); m !== null; m = INVISIBLE_IN_ID.exec(v)) {
    // A variation selector right after an emoji picks its presentation; that is visible, ordinary text.
    if (/[\ufe00-\ufe0f]/.test(m[0]) && EMOJI_BEFORE.test(v.slice(Math.max(0, m.index - 2), m.index))) continue;
    return {
      index: m.index,
      matched: v.slice(0, 120),
      label: `Invisible formatting character (${codePoint(m[0])}) in an identifier`,
      confidence: 0.8,
      evidence: { codePoint: codePoint(m[0]) },
    };
  }
  return null;
}

export function unicodeDeception(f: ManifestField): Deception[] {
  const out: Deception[] = [];
  const bidi = bidiControls(f.value);
  if (bidi) out.push(bidi);
  if (!isIdentifierField(f)) return out;
  const inv = invisibleFormatting(f.value);
  if (inv) out.push(inv);
  const mixed = mixedScriptTokens(f.value, 1)[0];
  if (mixed) {
    out.push({
      index: mixed.index,
      matched: mixed.token.slice(0, 120),
      label: mixed.homoglyph ? 'Homoglyph letters make an identifier look like plain Latin' : `Identifier mixes scripts in one word (${mixed.scripts.join(' + ')})`,
      confidence: mixed.homoglyph ? 0.9 : 0.85,
      evidence: {
        token: mixed.token.slice(0, 120),
        scripts: mixed.scripts,
        nonLatin: [...new Set([...mixed.token].filter((c) => /[^\p{Script=Latin}\p{N}_]/u.test(c)).map(codePoint))].slice(0, 16),
      },
    });
  }
  return out;
}

export const tp2 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'TP2',
    category: 'Tool Poisoning',
    severity: 'HIGH',
    confidence: 0.9,
    title: 'Unicode Deception in Manifest Metadata',
    description:
      'Manifest identifiers (name, triggers, parameter names) built to look like something else: Cyrillic or Greek look-alike letters inside a Latin word, several scripts mixed in one word, or invisible formatting characters; and bidirectional override/embedding controls anywhere in the metadata, which reorder what a reviewer sees. These let a skill impersonate a trusted one or hide what its metadata says. Whole words in one non-Latin script (a Japanese or Russian description) are not flagged.',
    remediation: 'Use plain ASCII (or a single script) for identifiers, and remove bidirectional control characters from every frontmatter value.',
    noTriage: true,
  },
  check(bundle, files) {
    const src = manifestSource(bundle, files);
    if (!src) return [];
    const hits: (RuleHit & { file: string })[] = [];
    for (const f of fieldsOf(src.manifest.fields)) {
      for (const d of unicodeDeception(f)) {
        hits.push({ file: src.path, line: src.lineInField(f, d.index), matched: d.matched, label: d.label, confidence: d.confidence, tags: [`field:${f.key}`], evidence: { field: f.key, ...d.evidence } });
        if (hits.length >= 256) return hits;
      }
    }
    return hits;
  },
});
