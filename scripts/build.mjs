#!/usr/bin/env node
// @ts-check
// `npm run build` and `prepare`: compiles src/ to dist/ with tsc unless dist/ is newer than every input.
// npm runs `prepare` again whenever it installs this package from its own directory, which is what
// `npx skillspector` does in a clone (it links the project into npx's cache): without this check the
// README's first command recompiled everything after `npm install` had just done so.
// Nothing is written to stdout: `npm pack` prints the tarball name there, and pre-commit reads it.
// Plain JavaScript, so that it runs before anything is compiled and costs no loader start-up.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const ENTRY = join(ROOT, 'dist/cli/main.js');
// Outside dist/, so it is never packed; deleting node_modules forces a rebuild.
const STAMP = join(ROOT, 'node_modules/.cache/skillspector/build-stamp');
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** @param {string} path */
function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Newest modification time under src/; directories count too, so added and deleted files are seen. */
function newestSource() {
  let newest = 0;
  const stack = [join(ROOT, 'src')];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    newest = Math.max(newest, mtimeOf(dir) ?? 0);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else newest = Math.max(newest, mtimeOf(path) ?? 0);
    }
  }
  return Math.max(newest, ...CONFIGS.map((name) => mtimeOf(join(ROOT, name)) ?? 0));
}

function upToDate() {
  const built = mtimeOf(STAMP);
  return built !== undefined && mtimeOf(ENTRY) !== undefined && built > newestSource();
}

function compile() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const started = Date.now();
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (run.status !== 0) return run.status ?? 1;
  chmodSync(ENTRY, 0o755);
  mkdirSync(dirname(STAMP), { recursive: true });
  // The stamp takes the build's start time, so a source saved during the compile triggers the next one.
  writeFileSync(STAMP, '');
  utimesSync(STAMP, started / 1000, started / 1000);
  return 0;
}

if (!process.argv.includes('--force') && upToDate()) {
  process.stderr.write('skillspector build: dist/ is up to date (npm run build -- --force recompiles)\n');
} else {
  process.exitCode = compile();
}
