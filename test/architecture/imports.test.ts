// The house shape: no import cycles between modules under src/ (type-only imports included, since a type
// cycle is still two modules that cannot be understood apart), and the model layer imports no rule or stage.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const SRC = resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const deps: string[] = [];
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec) deps.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
    }
    g.set(file, deps);
  }
  return g;
}

function findCycle(g: Map<string, string[]>): string[] | null {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    state.set(n, 1);
    stack.push(n);
    for (const d of g.get(n) ?? []) {
      if (!g.has(d)) continue;
      if (state.get(d) === 1) return [...stack.slice(stack.indexOf(d)), d];
      if (!state.has(d)) {
        const c = visit(d);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(n, 2);
    return null;
  };
  for (const n of g.keys()) {
    if (!state.has(n)) {
      const c = visit(n);
      if (c) return c;
    }
  }
  return null;
}

test('src/ has no import cycles', () => {
  const cycle = findCycle(graph());
  assert.equal(cycle, null, `import cycle: ${(cycle ?? []).map((p) => relative(SRC, p)).join(' -> ')}`);
});

test('the cycle check finds a planted cycle', () => {
  const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]);
  assert.deepEqual(findCycle(g), ['a', 'b', 'c', 'a']);
});

test('the model and shared layers import no rule family, engine, report or adapter', () => {
  const upper = /^(?:rules|engine|report|cli|mcp|analysis|container|scoring|baseline)\//;
  for (const [file, deps] of graph()) {
    const rel = relative(SRC, file);
    if (!/^(?:model|shared|limits)\//.test(rel)) continue;
    for (const d of deps) assert.ok(!upper.test(relative(SRC, d)), `${rel} imports ${relative(SRC, d)}`);
  }
});
