import { defineRule } from '../types.js';
import { promisesBinary, startsAsAppleDouble } from './suffixes.js';

export const ae3 = defineRule({
  kind: 'custom',
  meta: {
    id: 'AE3',
    category: 'Analysis Evasion',
    severity: 'HIGH',
    confidence: 0.9,
    title: 'NUL Byte in a Text File',
    description:
      'A file analysed as text contains NUL characters. Many viewers, diff tools and scanners stop at or hide what follows a NUL, while an agent reading the file may still see it; UTF-16 text read as UTF-8 also looks like this and defeats text pattern matching. Reported on the line of the first NUL; files whose name declares binary content (`.bin`, `.pt`, …) and macOS AppleDouble sidecars are not text files and are not reported.',
    remediation: 'Store text as plain UTF-8 without NUL characters; ship genuine binary data under a binary extension.',
    noTriage: true,
  },
  // A name that declares binary content (`printerSettings1.bin`, `model.pt`) hides nothing by holding NULs.
  appliesTo: (file) => !promisesBinary(file.path),
  check(ctx) {
    const text = ctx.file.text;
    const at = text.indexOf('\u0000');
    // An AppleDouble sidecar (`._notes.md`) that happens to decode as UTF-8 is metadata, not disguised text.
    if (at === -1 || startsAsAppleDouble(text)) return [];
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
    let count = 0;
    for (let i = at; i !== -1 && count < 100_000; i = text.indexOf('\u0000', i + 1)) count += 1;
    const sample = text.slice(0, 4096);
    const utf16Like = (sample.match(/\u0000/g)?.length ?? 0) >= sample.length / 4;
    const lineStart = text.lastIndexOf('\n', at) + 1;
    return [{
      line,
      column: at - lineStart,
      matched: text.slice(Math.max(lineStart, at - 40), at + 40).replace(/\u0000/g, '\\0'),
      label: utf16Like ? 'NUL characters in text (looks like UTF-16 read as UTF-8)' : 'NUL character in text',
      evidence: { firstOffset: at, nulCount: count, utf16Like },
    }];
  },
});
