// The local runner substitute itself (scripts/run-action.ts): if it ran steps differently from GitHub's
// runner, the Action tests would prove nothing. Small hand-written composite actions, no scans.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { evaluate, interpolate, stepCondition } from '../../scripts/run-action-expressions.js';
import type { ExpressionContext, Value } from '../../scripts/run-action-expressions.js';
import { parseOutputFile, runAction } from '../../scripts/run-action.js';

const dir = mkdtempSync(join(tmpdir(), 'skillspector-runner-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function context(values: Record<string, Value>, failed = false): ExpressionContext {
  return { failed, lookup: (path) => values[path.join('.')] };
}

function action(name: string, yaml: string): string {
  const file = join(dir, `${name}.yml`);
  writeFileSync(file, yaml);
  return file;
}

describe('runner expressions', () => {
  it('evaluates literals, context paths, comparisons and logic the way GitHub does', () => {
    const ctx = context({ 'inputs.upload': 'true', 'steps.scan.outputs.sarif': 'a.sarif', 'inputs.empty': '' });
    assert.equal(evaluate("inputs.upload == 'true'", ctx), true);
    assert.equal(evaluate("inputs.upload == 'TRUE'", ctx), true, 'string equality ignores case');
    assert.equal(evaluate("inputs.upload != 'true'", ctx), false);
    assert.equal(evaluate("steps.scan.outputs.sarif != ''", ctx), true);
    assert.equal(evaluate("inputs.empty != ''", ctx), false);
    assert.equal(evaluate('inputs.missing', ctx), '', 'an unknown path is empty');
    assert.equal(evaluate("inputs.empty || 'fallback'", ctx), 'fallback');
    assert.equal(evaluate("!(inputs.upload == 'true') && true", ctx), false);
    assert.equal(evaluate("'it''s'", ctx), "it's");
    assert.equal(evaluate('1 == true', ctx), true, 'mixed types compare as numbers');
    assert.throws(() => evaluate('contains(inputs.upload)', ctx), /unsupported function/);
    assert.throws(() => evaluate("inputs.upload = 'x'", ctx), /unsupported syntax|unexpected/);
    assert.throws(() => evaluate(`${'('.repeat(40)}true${')'.repeat(40)}`, ctx), /nested too deeply/);
  });

  it('interpolates ${{ }} and applies success() to a condition without a status function', () => {
    const ctx = context({ 'inputs.target': 'skill dir', 'github.action_ref': 'v1' });
    assert.equal(interpolate('scan ${{ inputs.target }} at ${{github.action_ref}}!', ctx), 'scan skill dir at v1!');
    assert.equal(stepCondition(undefined, ctx), true);
    assert.equal(stepCondition(undefined, context({}, true)), false, 'after a failure, a plain step is skipped');
    assert.equal(stepCondition("${{ inputs.target != '' }}", context({ 'inputs.target': 'x' }, true)), false);
    assert.equal(stepCondition("${{ always() && inputs.target != '' }}", context({ 'inputs.target': 'x' }, true)), true);
    assert.equal(stepCondition('failure()', context({}, true)), true);
    assert.equal(stepCondition('failure()', context({})), false);
  });

  it('parses GITHUB_OUTPUT lines and heredoc blocks, and refuses malformed ones', () => {
    assert.deepEqual(parseOutputFile('a=1\nb=x=y\nc<<EOF\nline 1\nline 2\nEOF\na=2\n'), { a: '2', b: 'x=y', c: 'line 1\nline 2' });
    assert.throws(() => parseOutputFile('no equals sign\n'), /malformed/);
    assert.throws(() => parseOutputFile('c<<EOF\nnever closed\n'), /no closing delimiter/);
  });
});

describe('runAction', () => {
  it('runs bash steps with -e, records uses: steps, skips after a failure except always(), and collects outputs', () => {
    const file = action('flow', `
name: t
inputs:
  who: { default: world }
  must: { required: true }
outputs:
  greeting: { value: '\${{ steps.first.outputs.greeting }}' }
  after: { value: '\${{ steps.late.outputs.ran }}' }
runs:
  using: composite
  steps:
    - id: first
      shell: bash
      env: { WHO: '\${{ inputs.who }}' }
      run: |
        echo "greeting=hello $WHO" >> "$GITHUB_OUTPUT"
        echo "## summary from first" >> "$GITHUB_STEP_SUMMARY"
    - uses: some/action@v1
      with: { value: '\${{ steps.first.outputs.greeting }}' }
    - name: fails midway
      shell: bash
      run: |
        false
        echo "not reached" >> "$GITHUB_STEP_SUMMARY"
    - name: plain
      shell: bash
      run: echo "ran=plain" >> "$GITHUB_OUTPUT"
    - name: cleanup
      id: late
      if: \${{ always() }}
      shell: bash
      run: |
        echo "ran=always" >> "$GITHUB_OUTPUT"
        exit 3
`);
    const result = runAction({ actionFile: file, workspace: dir, inputs: { must: 'x' } });
    assert.deepEqual(result.steps.map((s) => [s.name, s.outcome, s.exitCode]), [
      ['step 1', 'success', 0], ['some/action@v1', 'recorded', undefined], ['fails midway', 'failure', 1], ['plain', 'skipped', undefined], ['cleanup', 'failure', 3],
    ]);
    assert.deepEqual(result.steps[1]?.with, { value: 'hello world' });
    assert.equal(result.exitCode, 1, 'the first failure decides the exit code');
    assert.deepEqual(result.outputs, { greeting: 'hello world', after: 'always' });
    assert.equal(result.summary, '## summary from first\n');
  });

  it('refuses a missing required input, an undeclared input and a non-bash shell', () => {
    const file = action('inputs', 'inputs:\n  must: { required: true }\nruns:\n  using: composite\n  steps:\n    - shell: sh\n      run: "true"\n');
    assert.throws(() => runAction({ actionFile: file, workspace: dir }), /input "must" is required/);
    assert.throws(() => runAction({ actionFile: file, workspace: dir, inputs: { must: 'x', other: 'y' } }), /declares no input "other"/);
    assert.throws(() => runAction({ actionFile: file, workspace: dir, inputs: { must: 'x' } }), /only shell: bash/);
  });

  it('gives steps only the runner variables, not the caller\'s environment', () => {
    process.env['SKILLSPECTOR_RUNNER_LEAK'] = 'leaked';
    try {
      const file = action('env', 'runs:\n  using: composite\n  steps:\n    - id: e\n      shell: bash\n      run: echo "seen=${SKILLSPECTOR_RUNNER_LEAK:-none} $GITHUB_ACTIONS" >> "$GITHUB_OUTPUT"\noutputs:\n  seen: { value: "${{ steps.e.outputs.seen }}" }\n');
      assert.deepEqual(runAction({ actionFile: file, workspace: dir }).outputs, { seen: 'none true' });
    } finally {
      delete process.env['SKILLSPECTOR_RUNNER_LEAK'];
    }
  });
});
