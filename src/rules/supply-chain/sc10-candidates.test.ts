// SC10 asks its password regexes only about candidate lines (src/rules/supply-chain/sc10-encrypted-archive-lure.ts):
// its findings stay those of asking every line exactly when every line that can be a password line is a
// candidate. Checked here against the definition, line by line, on generated Markdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { viewsOf } from '../../analysis/views.js';
import { candidateLines, findPassword, passwordWordLines } from './sc10-encrypted-archive-lure.js';
import { passwordCell } from './sc10-wording.js';

/** Every 0-based line that `findPassword` or `passwordCell` accepts: what the rule asked of every line before. */
function passwordLinesByDefinition(text: string): number[] {
  const lines = viewsOf(text).raw.lines;
  const out: number[] = [];
  for (let i = 0; i < lines.length; i += 1) if (findPassword((lines.at(i) ?? '').slice(0, 4_096)) || passwordCell(lines, i)) out.push(i);
  return out;
}

function candidatesOf(text: string): number[] {
  const view = viewsOf(text).raw;
  return candidateLines(passwordWordLines(view), view.lines.length);
}

const LINES = [
  'Download tools.zip and extract it with password: infected123',
  'The archive PASSWORD is `Sup3r!`',
  'unzip -P s3cret kit.zip',
  '7z x payload.7z -pHunter2',
  'Extract using `k3y!`',
  'Pwd — 2024agent',
  'password **x9!**',
  '| File | Archive password | Then |',
  '|---|---|---|',
  '| tools.zip | `inf3cted!` | run setup.exe |',
  '| kit.zip | hunter-2 | open it |',
  'Some ordinary prose about a skill.',
  'İstanbul notes, then a password: İnf3cted',
  'Ünïcödé text with emoji 🙂 and no secrets.',
  'def run():\n    pass',
  '',
];

test('SC10: every line that can be a password line is a candidate line (generated Markdown)', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...LINES), { maxLength: 60 }), (picked) => {
      const text = picked.join('\n');
      const candidates = new Set(candidatesOf(text));
      for (const line of passwordLinesByDefinition(text)) assert.ok(candidates.has(line), `line ${line} of ${JSON.stringify(text)}`);
    }),
    { numRuns: 300 },
  );
});

test('SC10: a table row far below its password header is still a candidate', () => {
  const rows = Array.from({ length: 15 }, (_, i) => `| file-${i}.zip | note ${i} |`);
  const text = ['Intro', '| Download | Password |', '|---|---|', ...rows, '| last.zip | `Z1p!key9` |'].join('\n');
  const truth = passwordLinesByDefinition(text);
  assert.ok(truth.includes(18), 'the last row is a password cell 17 lines below its header');
  assert.ok(candidatesOf(text).includes(18));
});

test('SC10: lines before a character that lower-cases longer (İ) are still found where they are', () => {
  const text = `${'İ'.repeat(40)}\nnothing here\nthe password is Hunter2!\n`;
  assert.deepEqual(passwordLinesByDefinition(text), [2]);
  assert.ok(candidatesOf(text).includes(2));
});

test('SC10: candidate lines are few on text without password words', () => {
  const text = Array.from({ length: 500 }, (_, i) => `line ${i}: ordinary prose about archives and zip files`).join('\n');
  assert.deepEqual(candidatesOf(text), []);
});
