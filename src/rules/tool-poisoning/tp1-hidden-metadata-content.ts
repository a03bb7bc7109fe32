import { defineRule } from '../types.js';
import type { RuleHit } from '../types.js';
import { codePoint, fieldsOf, isOpaqueField } from './metadata.js';
import { manifestSource, type ManifestField } from '../kit/manifest-text.js';

interface Hidden {
  index: number;
  matched: string;
  label: string;
  confidence: number;
  evidence?: Record<string, unknown>;
}

const INSTRUCTION_WORDS = /\b(?:system\s*:|ignore\s+(?:all\s+|any\s+)?(?:previous|prior|above)|override|you\s+must|do\s+not\s+(?:tell|mention|reveal)|secretly|silently)/i;
const MD_COMMENT = /\[(?:\/\/|comment)\]:\s{0,8}(?:#|<>)/gi;
// Zero-width characters that render as nothing (TP2 handles the other invisible formatting characters).
const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\ufeff]/g;
const TAG_CHAR = /\udb40[\udc00-\udc7f]/g;
const DATA_URI = /data:([a-z]{1,20}\/[\w.+-]{1,60})(?:;[\w.=-]{1,40}){0,3};base64,/gi;
const BASE64_RUN = /[A-Za-z0-9+/]{50,}={0,2}/g;

function htmlComments(v: string, out: Hidden[]): void {
  let from = 0;
  while (out.length < 64) {
    const a = v.indexOf('<!--', from);
    const b = v.indexOf('<\\!--', from);
    const start = a === -1 ? b : b === -1 ? a : Math.min(a, b);
    if (start === -1) return;
    const close = v.indexOf('-->', start + 4);
    const end = close === -1 ? v.length : close + 3;
    const body = v.slice(start, end);
    const instructive = INSTRUCTION_WORDS.test(body.slice(0, 4096));
    out.push({ index: start, matched: body, label: instructive ? 'HTML comment with instructions in manifest metadata' : 'HTML comment in manifest metadata', confidence: instructive ? 0.95 : 0.9 });
    from = end;
  }
}

const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{fe0f}]/u;
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Malayalam}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Sinhala}]/u;

/** ZWJ inside an emoji sequence and ZWNJ/ZWJ inside Persian or Indic words are ordinary text. */
function legitimateJoiner(v: string, i: number): boolean {
  const c = v[i];
  if (c !== '\u200d' && c !== '\u200c') return false;
  const lowSurrogateBefore = /[\udc00-\udfff]/.test(v[i - 1] ?? '');
  const before = String.fromCodePoint(v.codePointAt(Math.max(0, lowSurrogateBefore ? i - 2 : i - 1)) ?? 0);
  const after = String.fromCodePoint(v.codePointAt(i + 1) ?? 0);
  if (c === '\u200d' && EMOJI.test(before) && EMOJI.test(after)) return true;
  return JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after);
}

function invisibles(v: string, out: Hidden[]): void {
  ZERO_WIDTH.lastIndex = 0;
  for (let m = ZERO_WIDTH.exec(v); m !== null && out.length < 64; m = ZERO_WIDTH.exec(v)) {
    const next = v[m.index + 1];
    if (next === undefined || /\s/.test(next) || legitimateJoiner(v, m.index)) continue;
    if (m.index === 0 && m[0] === '\ufeff') continue;
    out.push({ index: m.index, matched: v.slice(m.index, m.index + 40), label: `Zero-width character (${codePoint(m[0])}) before visible text`, confidence: 0.85 });
    return;
  }
}

function tagRuns(v: string, out: Hidden[]): void {
  TAG_CHAR.lastIndex = 0;
  const m = TAG_CHAR.exec(v);
  if (!m) return;
  // A black flag followed by tag letters is a regional flag emoji (e.g. Scotland), not smuggled text.
  if (v.slice(Math.max(0, m.index - 2), m.index) === '\u{1f3f4}') return;
  let decoded = '';
  for (const t of v.slice(m.index, m.index + 4096).matchAll(/\udb40[\udc00-\udc7f]/g)) {
    const cp = (t[0].codePointAt(0) ?? 0) - 0xe0000;
    if (cp >= 0x20 && cp < 0x7f) decoded += String.fromCharCode(cp);
  }
  out.push({ index: m.index, matched: v.slice(m.index, m.index + 80), label: 'Unicode tag characters (invisible ASCII smuggling)', confidence: 0.95, evidence: { decoded: decoded.slice(0, 200) } });
}

function readableText(b64: string): string | null {
  const bytes = Buffer.from(b64.slice(0, 65_536), 'base64');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  let readable = 0;
  let letters = 0;
  for (const ch of text) {
    if (/[\p{L}\p{N}\p{P}\p{Zs}\n\t]/u.test(ch)) readable += 1;
    if (/\p{L}/u.test(ch)) letters += 1;
  }
  const n = [...text].length;
  return n > 0 && readable / n >= 0.9 && letters / n >= 0.5 ? text : null;
}

function encoded(v: string, out: Hidden[]): void {
  const covered: [number, number][] = [];
  DATA_URI.lastIndex = 0;
  for (let m = DATA_URI.exec(v); m !== null && covered.length < 256; m = DATA_URI.exec(v)) {
    const mime = (m[1] ?? '').toLowerCase();
    covered.push([m.index, m.index + m[0].length]);
    if (mime.startsWith('image/') || mime.startsWith('font/') || mime.startsWith('audio/') || mime.startsWith('video/')) continue;
    out.push({ index: m.index, matched: v.slice(m.index, m.index + 120), label: `Data URI (${mime}) in manifest metadata`, confidence: 0.85 });
  }
  BASE64_RUN.lastIndex = 0;
  for (let m = BASE64_RUN.exec(v); m !== null && out.length < 64; m = BASE64_RUN.exec(v)) {
    const at = m.index;
    if (covered.some(([s, e]) => at >= s && at <= e + 1)) continue;
    const decoded = readableText(m[0]);
    if (decoded === null) continue;
    out.push({ index: at, matched: m[0].slice(0, 120), label: 'Base64 text hidden in manifest metadata', confidence: 0.75, evidence: { decoded: decoded.slice(0, 200) } });
  }
}

export function hiddenContent(f: ManifestField): Hidden[] {
  const out: Hidden[] = [];
  const v = f.value;
  htmlComments(v, out);
  MD_COMMENT.lastIndex = 0;
  const md = MD_COMMENT.exec(v);
  if (md) out.push({ index: md.index, matched: v.slice(md.index, md.index + 120), label: 'Markdown comment in manifest metadata', confidence: 0.9 });
  invisibles(v, out);
  tagRuns(v, out);
  if (!isOpaqueField(f)) encoded(v, out);
  return out;
}

export const tp1 = defineRule({
  kind: 'bundle',
  meta: {
    id: 'TP1',
    category: 'Tool Poisoning',
    severity: 'HIGH',
    confidence: 0.9,
    title: 'Hidden Content in Manifest Metadata',
    description:
      'Manifest metadata (name, description, triggers, parameter names, descriptions and defaults) that carries content a reviewer does not see: HTML or markdown comments, zero-width characters in front of text, Unicode tag characters, text data URIs, or base64 that decodes to readable text. The agent reads this metadata verbatim when it decides to load the skill, so hidden text there is an instruction channel.',
    remediation: 'Keep frontmatter values plain, visible text. Remove comments, invisible characters and encoded blobs; put long documentation in the SKILL.md body.',
    noTriage: true,
  },
  check(bundle, files) {
    const src = manifestSource(bundle, files);
    if (!src) return [];
    const hits: (RuleHit & { file: string })[] = [];
    for (const f of fieldsOf(src.manifest.fields)) {
      for (const h of hiddenContent(f)) {
        hits.push({
          file: src.path,
          line: src.lineInField(f, h.index),
          matched: h.matched,
          label: h.label,
          confidence: h.confidence,
          tags: [`field:${f.key}`],
          evidence: { field: f.key, ...h.evidence },
        });
        if (hits.length >= 256) return hits;
      }
    }
    return hits;
  },
});
