// scripts/build.mjs (`npm run build`, `prepare`): compiles only when src/ changed since the last build, so
// `npx skillspector` right after `npm install` does not recompile, and writes nothing to stdout, where
// `npm pack` prints the tarball name that pre-commit reads (issue 12 items 2 and 3); then bundles the CLI
// into dist/bundle/ with esbuild, which `bin` runs (issue 14). Exercised on a two-file project with the
// repository's own TypeScript and esbuild.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'skillspector-build-'));
const ENTRY = join(project, 'dist/cli/main.js');
const BUNDLE = join(project, 'dist/bundle/main.js');
const OLD = new Date('2001-01-01T00:00:00Z');

function write(relative: string, text: string): void {
  mkdirSync(join(project, relative, '..'), { recursive: true });
  writeFileSync(join(project, relative), text);
}

function build(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(project, 'scripts/build.mjs'), ...args], { cwd: project, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Marks the current output as old, so a rebuild shows as a newer modification time. */
function ageOutput(): void {
  utimesSync(ENTRY, OLD, OLD);
  utimesSync(BUNDLE, OLD, OLD);
}

// Both steps ran: tsc's output and the bundle are new.
const rebuilt = (): boolean => statSync(ENTRY).mtimeMs > OLD.getTime() && statSync(BUNDLE).mtimeMs > OLD.getTime();

before(() => {
  mkdirSync(join(project, 'scripts'));
  copyFileSync(join(ROOT, 'scripts/build.mjs'), join(project, 'scripts/build.mjs'));
  // Its own node_modules (the stamp lives there), holding only a link to the real TypeScript.
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules/typescript'), join(project, 'node_modules/typescript'), 'dir');
  // esbuild's JavaScript API and its platform binary package (@esbuild/<platform>).
  symlinkSync(join(ROOT, 'node_modules/esbuild'), join(project, 'node_modules/esbuild'), 'dir');
  symlinkSync(join(ROOT, 'node_modules/@esbuild'), join(project, 'node_modules/@esbuild'), 'dir');
  const options = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [], rootDir: 'src', outDir: 'dist' };
  write('tsconfig.json', JSON.stringify({ compilerOptions: options, include: ['src/**/*.ts'] }));
  write('tsconfig.build.json', JSON.stringify({ extends: './tsconfig.json' }));
  write('package-lock.json', '{}\n');
  write('src/cli/main.ts', "#!/usr/bin/env node\nimport { shout } from '../shared/shout.js';\nexport const greeting: string = 'hello';\nexport async function loud(): Promise<string> {\n  return (await import('../shared/late.js')).late(shout(greeting));\n}\n");
  write('src/shared/shout.ts', 'export const shout = (s: string): string => s.toUpperCase();\n');
  write('src/shared/late.ts', "export const late = (s: string): string => `${s}!`;\n");
});
after(() => rmSync(project, { recursive: true, force: true }));

describe('scripts/build.mjs', () => {
  it('compiles a fresh checkout, makes the CLI entry executable and prints nothing on stdout', () => {
    const r = build();
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.ok(existsSync(ENTRY));
    assert.equal(statSync(ENTRY).mode & 0o111, 0o111);
  });

  it('bundles the CLI into dist/bundle/: an executable entry with its shebang, lazy imports as chunks, linked source maps', () => {
    assert.equal(statSync(BUNDLE).mode & 0o111, 0o111);
    const entry = readFileSync(BUNDLE, 'utf8');
    assert.ok(entry.startsWith('#!/usr/bin/env node\n'), 'the shebang survives bundling');
    assert.match(entry, /toUpperCase/, 'a static import is inlined');
    assert.match(entry, /import\("\.\/late-[A-Z0-9]+\.js"\)/, 'a dynamic import stays a chunk of its own');
    assert.match(entry, /\/\/# sourceMappingURL=main\.js\.map\s*$/);
    const map = JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
    assert.ok(map.sources.includes('../../src/cli/main.ts'), `sources: ${map.sources.join(', ')}`);
    assert.equal(map.sourcesContent, undefined, 'mappings only: a stack trace needs no source text in the package');
    // Worker entries are bundled only when their sources exist; this project has none.
    assert.deepEqual(readdirSync(join(project, 'dist/bundle')).filter((f) => f.endsWith('.js')).sort().filter((f) => !f.startsWith('late-')), ['main.js']);
  });

  it('--bundle-to=DIR runs the bundle step alone into DIR', () => {
    const out = join(project, 'elsewhere');
    const r = build(`--bundle-to=${out}`);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.ok(existsSync(join(out, 'main.js')) && existsSync(join(out, 'main.js.map')));
    rmSync(out, { recursive: true });
  });

  it('skips the compile when nothing changed, saying so on stderr only', () => {
    ageOutput();
    const r = build();
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /up to date/);
    assert.ok(!rebuilt(), 'dist/ was rewritten although no source changed');
  });

  it('recompiles after a source edit, an added file, a removed output, or --force', () => {
    const cases: [string, () => void][] = [
      ['edited source', () => utimesSync(join(project, 'src/cli/main.ts'), new Date(), new Date())],
      ['added source', () => write('src/extra.ts', 'export const extra = 1;\n')],
      ['edited tsconfig', () => utimesSync(join(project, 'tsconfig.build.json'), new Date(), new Date())],
      ['--force', () => undefined],
    ];
    for (const [what, change] of cases) {
      ageOutput();
      change();
      const r = build(...(what === '--force' ? ['--force'] : []));
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '', what);
      assert.ok(rebuilt(), `${what} did not recompile`);
    }
    assert.ok(existsSync(join(project, 'dist/extra.js')));
    rmSync(ENTRY);
    assert.equal(build().code, 0);
    assert.ok(existsSync(ENTRY), 'a missing entry point is rebuilt');
    rmSync(BUNDLE);
    assert.equal(build().code, 0);
    assert.ok(existsSync(BUNDLE), 'a missing bundle is rebuilt');
  });

  it('fails on a type error with the diagnostics on stderr, and tries again on the next run', () => {
    write('src/cli/main.ts', "export const greeting: number = 'hello';\n");
    const failed = build();
    assert.notEqual(failed.code, 0);
    assert.equal(failed.stdout, '');
    assert.match(failed.stderr, /TS2322/);
    const again = build();
    assert.notEqual(again.code, 0, 'a failed build must not be taken as up to date');
  });
});
