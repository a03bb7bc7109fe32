import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reasonsDoc, rulesDoc } from '../scripts/gen-docs.js';
import { REPO_ROOT } from './helpers/tree.js';

test('docs/RULES.md and docs/LEDGER_REASONS.md are generated from metadata and up to date (npm run docs)', () => {
  assert.equal(readFileSync(join(REPO_ROOT, 'docs/RULES.md'), 'utf8'), rulesDoc());
  assert.equal(readFileSync(join(REPO_ROOT, 'docs/LEDGER_REASONS.md'), 'utf8'), reasonsDoc());
});
