import { defineRule } from '../types.js';

export const MAX_TEXT_CHARS = 1_000_000;

export const ae5 = defineRule({
  kind: 'custom',
  meta: {
    id: 'AE5',
    category: 'Analysis Evasion',
    severity: 'HIGH',
    confidence: 1.0,
    title: 'Oversized Instruction Text',
    description:
      'A markdown or text file (or SKILL.md) longer than 1,000,000 characters. Nobody reviews instruction text of that size, scanners and agents truncate it at different points, and padding is a common way to push a payload past where review stops.',
    remediation: 'Keep instruction and reference text to a reviewable size; split or remove generated content.',
    noTriage: true,
  },
  appliesTo: (file) => file.isManifest || file.type === 'markdown' || file.type === 'text',
  check(ctx) {
    const n = ctx.file.text.length;
    if (n <= MAX_TEXT_CHARS) return [];
    return [{ line: 1, matched: ctx.file.path, label: `${n.toLocaleString('en-US')} characters of text (limit ${MAX_TEXT_CHARS.toLocaleString('en-US')})`, evidence: { chars: n, limit: MAX_TEXT_CHARS } }];
  },
});
