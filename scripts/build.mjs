#!/usr/bin/env node
// @ts-check
// `npm run build` and `prepare`: compiles src/ to dist/ with tsc, then bundles the CLI and the worker
// entries into dist/bundle/ with esbuild, unless both are newer than every input. tsc's dist/ stays the
// library layout (and what tests import); `bin` runs the bundle, which loads a few chunks instead of
// hundreds of modules (docs/PERFORMANCE.md has the figures).
// npm runs `prepare` again whenever it installs this package from its own directory, which is what
// `npx skillspector` does in a clone (it links the project into npx's cache): without this check the
// README's first command recompiled everything after `npm install` had just done so.
// Nothing is written to stdout: `npm pack` prints the tarball name there, and pre-commit reads it.
// Plain JavaScript, so that it runs before anything is compiled and costs no loader start-up.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const ENTRY = join(ROOT, 'dist/cli/main.js');
const BUNDLE_DIR = join(ROOT, 'dist/bundle');
const BUNDLE_ENTRY = join(BUNDLE_DIR, 'main.js');
/**
 * Bundle entries, by output name. Worker modules are found beside the module that starts them
 * (`new URL('./worker.js', import.meta.url)`); in the bundle that module sits in a chunk in dist/bundle/,
 * so each worker is emitted there under its own file name. Entries whose source does not exist are skipped.
 */
const BUNDLE_ENTRIES = {
  main: 'src/cli/main.ts',
  worker: 'src/batch/worker.ts',
  'analyze-worker': 'src/engine/parallel/analyze-worker.ts',
  'scan-thread': 'src/queue/scan-thread.ts',
};
/**
 * Packages left outside the bundle: the tree-sitter runtime finds its .wasm files beside its own module,
 * and tinypool, BullMQ and isomorphic-git start threads or load files relative to themselves. Everything
 * else (commander, zod, yaml, minimatch, the MCP SDK) is bundled: loading one chunk is much cheaper than
 * resolving and compiling a package's hundred files.
 */
const EXTERNAL = ['@vscode/tree-sitter-wasm', 'tinypool', 'bullmq', 'ioredis', 'isomorphic-git'];
// Bundled CommonJS packages (commander) call `require` for Node built-ins; an ES module has none.
const REQUIRE_SHIM = "import { createRequire as __skillspectorRequire } from 'node:module'; const require = __skillspectorRequire(import.meta.url);";
// Outside dist/, so it is never packed; deleting node_modules forces a rebuild.
const STAMP = join(ROOT, 'node_modules/.cache/skillspector/build-stamp');
// This script too: a changed build recipe (bundle entries, esbuild options) must rebuild.
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'scripts/build.mjs'];

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
  return built !== undefined && mtimeOf(ENTRY) !== undefined && mtimeOf(BUNDLE_ENTRY) !== undefined && built > newestSource();
}

async function compile() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const started = Date.now();
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (run.status !== 0) return run.status ?? 1;
  chmodSync(ENTRY, 0o755);
  const bundled = await bundle();
  if (bundled !== 0) return bundled;
  mkdirSync(dirname(STAMP), { recursive: true });
  // The stamp takes the build's start time, so a source saved during the compile triggers the next one.
  writeFileSync(STAMP, '');
  utimesSync(STAMP, started / 1000, started / 1000);
  return 0;
}

/** esbuild, ESM with code splitting: each command's lazy `import()` stays a chunk loaded only when it runs. */
async function bundle(outdir = BUNDLE_DIR) {
  const { build } = await import(pathToFileURL(createRequire(import.meta.url).resolve('esbuild')).href);
  const entryPoints = Object.entries(BUNDLE_ENTRIES)
    .filter(([, source]) => existsSync(join(ROOT, source)))
    .map(([out, source]) => ({ out, in: join(ROOT, source) }));
  // Old chunks carry content hashes in their names: clear them so the directory holds one build only.
  rmSync(outdir, { recursive: true, force: true });
  try {
    await build({
      entryPoints, absWorkingDir: ROOT, outdir, bundle: true, splitting: true, format: 'esm', platform: 'node',
      target: 'node20', external: EXTERNAL, banner: { js: REQUIRE_SHIM }, logLevel: 'warning',
      // Linked source maps let stack traces name src/ files and lines when the CLI turns them on (--verbose).
      // Mappings only: the sources themselves would triple the maps' size in the package, and a trace
      // needs no source text.
      sourcemap: 'linked', sourcesContent: false,
    });
  } catch {
    return 1; // esbuild has already printed its diagnostics on stderr
  }
  chmodSync(join(outdir, 'main.js'), 0o755);
  return 0;
}

// `--bundle-to=DIR`: the bundle step alone, into DIR (tests and benchmarks; no tsc, no stamp).
const bundleTo = process.argv.find((arg) => arg.startsWith('--bundle-to='))?.slice('--bundle-to='.length);

if (bundleTo !== undefined) {
  process.exitCode = await bundle(resolve(bundleTo));
} else if (!process.argv.includes('--force') && upToDate()) {
  process.stderr.write('skillspector build: dist/ is up to date (npm run build -- --force recompiles)\n');
} else {
  process.exitCode = await compile();
}
