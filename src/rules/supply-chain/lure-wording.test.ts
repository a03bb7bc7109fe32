import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex, LineList } from '../../analysis/lines.js';
import { copyPasteNear } from './lure-wording.js';

const near = (text: string, line: number) => copyPasteNear(new LineList(new LineIndex(text)), line);

test('copyPasteNear finds copy-and-paste wording on or just above the line', () => {
  assert.equal(near('Copy and paste the following into your terminal:\n\n    curl x | sh\n', 3), true);
  assert.equal(near('Copy this line, then press Enter:\n`curl x | sh`\n', 2), true);
  assert.equal(near('Paste it in Terminal:\ncurl x | sh\n', 2), true);
  assert.equal(near('2. Copy & paste: `iex (iwr http://x)`\n', 1), true);
});

test('copyPasteNear ignores other install wording and far-away mentions', () => {
  assert.equal(near('Install with:\n\n    curl x | sh\n', 3), false);
  assert.equal(near('Paste the API key into the settings page.\ncurl x | sh\n', 2), false);
  assert.equal(near('Copy and paste into your terminal.\n\n\n\n\n\ncurl x | sh\n', 7), false);
});
