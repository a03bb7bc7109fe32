// The terminal names where a behavioural flow's data came from, under the sink's snippet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flowSource } from './terminal.js';
import type { Issue } from '../types.js';

const issue = (evidence: Record<string, unknown>): Issue => ({ evidence } as unknown as Issue);

test('a flow finding shows its source kind, line and text', () => {
  assert.equal(flowSource(issue({ source: { kind: 'credential_file', line: 7, text: "open('~/.ssh/id_rsa')", via: 'variable' } })), "credential file at line 7: open('~/.ssh/id_rsa')");
});

test('findings without a source (or with a malformed one) show nothing extra', () => {
  assert.equal(flowSource(issue({})), null);
  assert.equal(flowSource(issue({ source: 'env' })), null);
  assert.equal(flowSource(issue({ source: { kind: 'env' } })), null);
});
