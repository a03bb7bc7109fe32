// The bundled CLI that `bin` runs (dist/bundle/, scripts/build.mjs, issue 14): built from the current
// sources into an installed-package layout (package.json, node_modules, dist/bundle/) in a temp directory,
// then used for every command a user runs. Its reports must equal the source CLI's, it must find the
// version and the tree-sitter WASM from its new place, and with --verbose its stack traces name src/ files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string>; files: string[] };
const work = mkdtempSync(join(tmpdir(), 'skillspector-bundle-'));
const installed = join(work, 'skillspector');
const BIN = join(installed, PKG.bin.skillspector ?? 'missing');
const EXAMPLES = ['benign-skill', 'malicious-skill', 'sneaky-sync-skill'].map((name) => join(ROOT, 'examples', name));

before(() => {
  mkdirSync(installed);
  copyFileSync(join(ROOT, 'package.json'), join(installed, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(installed, 'node_modules'), 'dir');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), `--bundle-to=${join(installed, 'dist/bundle')}`], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: readonly string[], cwd = work): Run {
  const r = spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1', SKILLSPECTOR_PROVIDER: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const bundled = (...args: string[]): Run => run(BIN, args);
const fromSource = (...args: string[]): Run => run('--import', ['tsx', join(ROOT, 'src/cli/main.ts'), ...args], ROOT);

/** A report with the fields that differ between two runs of the same scan (times) removed. */
function stable(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => (/^(scanned_at|duration_ms|startTimeUtc|endTimeUtc)$/.test(key) ? undefined : value));
}

describe('the bundled CLI (package.json bin)', () => {
  it('is what bin points at, inside the packed files', () => {
    assert.equal(PKG.bin.skillspector, 'dist/bundle/main.js');
    assert.ok(PKG.files.includes('dist'));
  });

  it('prints the version from package.json although its chunks moved', () => {
    const r = bundled('--version');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `${PKG.version}\n`);
  });

  it('reports every example exactly as the source CLI does, in JSON and SARIF (behavioural analysis included)', () => {
    for (const target of EXAMPLES) {
      for (const format of ['json', 'sarif']) {
        const a = bundled('scan', target, '-f', format, '--no-llm');
        const b = fromSource('scan', target, '-f', format, '--no-llm');
        assert.equal(a.code, b.code, `${target} ${format}: ${a.stderr}`);
        assert.deepEqual(stable(a.stdout), stable(b.stdout), `${target} ${format}`);
      }
    }
    // summarize.py is parsed: the tree-sitter WASM was found from dist/bundle/.
    const report = JSON.parse(bundled('scan', EXAMPLES[0] ?? '', '-f', 'json', '--no-llm').stdout) as { limitations?: string[] };
    assert.ok(!JSON.stringify(report).includes('code parser could not be loaded'));
  });

  it('writes the terminal, Markdown and HTML reports', () => {
    const target = EXAMPLES[1] ?? '';
    assert.match(bundled('scan', target, '--no-llm').stdout, /^DO NOT INSTALL {2}risk 100/);
    assert.match(bundled('scan', target, '-f', 'markdown', '--no-llm').stdout, /DO NOT INSTALL/);
    assert.match(bundled('scan', target, '-f', 'html', '--no-llm').stdout, /^<!DOCTYPE html>/i);
  });

  it('runs baseline, scan --baseline, rules and --rules-dir', () => {
    const baseline = join(work, 'baseline.yaml');
    const target = EXAMPLES[1] ?? '';
    const written = bundled('baseline', target, '-o', baseline);
    assert.equal(written.code, 0, written.stderr);
    const gated = bundled('scan', target, '-b', baseline, '-f', 'json', '--fail-on-findings', '--no-llm');
    assert.equal(gated.code, 0, gated.stderr);
    const rules = bundled('rules', '--format', 'json');
    assert.equal(rules.code, 0, rules.stderr);
    assert.ok((JSON.parse(rules.stdout) as unknown[]).length > 20);
    const dir = join(work, 'signatures');
    mkdirSync(dir);
    writeFileSync(join(dir, 'acme.yar'), 'rule acme_marker {\n  strings:\n    $a = "summarize"\n  condition:\n    $a\n}\n');
    const custom = bundled('scan', EXAMPLES[0] ?? '', '--rules-dir', dir, '-f', 'json', '--no-llm');
    assert.match(custom.stdout, /YR-CUSTOM/);
  });

  it('keeps the lazy loading: --version and a JSON scan load no chunk holding what they do not use', () => {
    // A loader hook logs every file the process loads; each bundle chunk's source map says what it holds.
    writeFileSync(join(work, 'hook.mjs'), [
      "import { appendFileSync } from 'node:fs';",
      'let log;',
      'export function initialize(data) { log = data.log; }',
      "export async function load(url, context, nextLoad) { if (url.startsWith('file:')) appendFileSync(log, url + '\\n'); return nextLoad(url, context); }",
    ].join('\n'));
    writeFileSync(join(work, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(work, 'hook.mjs')).href)}, { data: { log: process.env.SKILLSPECTOR_LOAD_LOG } });\n`);
    const sourcesLoaded = (...args: string[]): string[] => {
      const log = join(work, 'loaded.txt');
      writeFileSync(log, '');
      const r = spawnSync(process.execPath, ['--import', join(work, 'register.mjs'), BIN, ...args], { cwd: work, encoding: 'utf8', timeout: 60_000, env: { ...process.env, SKILLSPECTOR_LOAD_LOG: log } });
      assert.ok(r.status === 0, r.stderr);
      const chunks = readFileSync(log, 'utf8').split('\n').filter((u) => u.includes('/dist/bundle/')).map((u) => fileURLToPath(u));
      assert.ok(chunks.length > 0);
      return chunks.flatMap((file) => (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources);
    };
    const version = sourcesLoaded('--version');
    for (const heavy of ['src/engine/', 'src/rules/', 'src/mcp/', 'src/report/', 'node_modules/zod/', 'node_modules/@modelcontextprotocol/']) {
      assert.ok(!version.some((s) => s.includes(heavy)), `--version loaded a chunk holding ${heavy}`);
    }
    const json = sourcesLoaded('scan', EXAMPLES[0] ?? '', '-f', 'json', '--no-llm');
    assert.ok(json.some((s) => s.endsWith('src/engine/scan.ts')));
    for (const unused of ['src/mcp/', 'node_modules/@modelcontextprotocol/', 'src/advisories/osv.ts', 'src/report/writers/sarif.ts', 'src/report/writers/html.ts', 'src/report/writers/terminal.ts']) {
      assert.ok(!json.some((s) => s.endsWith(unused) || s.includes(`/${unused}`)), `a JSON scan loaded a chunk holding ${unused}`);
    }
  });

  it('serves scan_skill over MCP stdio', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: work, stderr: 'pipe' });
    const client = new Client({ name: 'skillspector-bundle-test', version: '0.0.0' });
    try {
      await client.connect(transport);
      const tools = await client.listTools();
      assert.ok(tools.tools.some((t) => t.name === 'scan_skill'));
      const result = (await client.callTool({ name: 'scan_skill', arguments: { target: EXAMPLES[0] } })) as CallToolResult;
      assert.notEqual(result.isError, true, JSON.stringify(result.content));
      assert.match(JSON.stringify(result.structuredContent), /SAFE/);
    } finally {
      await client.close();
    }
  });

  it('with --verbose, stack traces from its chunks name src/ files; without, they name dist/bundle/', () => {
    // The bundle's own main() runs first with these arguments (process.exit is a no-op here); then a scan
    // of a missing target throws from the lazily loaded scan chunks, and the trace is printed.
    const script = (flags: string[]): string => [
      'process.exit = () => undefined;',
      `process.argv = [process.execPath, 'skillspector', 'rules', '--format', 'json', ${flags.map((f) => JSON.stringify(f)).join(', ')}];`,
      `const { buildProgram } = await import(${JSON.stringify(pathToFileURL(BIN).href)});`,
      "const program = await buildProgram(['scan']);",
      "try { await program.parseAsync(['scan', '/nonexistent/skillspector-target', '--no-llm'], { from: 'user' }); } catch (err) { console.error('TRACE ' + err.stack); }",
    ].join('\n');
    const trace = (flags: string[]): string => {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script(flags)], { cwd: work, encoding: 'utf8', timeout: 60_000 });
      const at = r.stderr.indexOf('TRACE ');
      assert.notEqual(at, -1, r.stderr);
      return r.stderr.slice(at);
    };
    const mapped = trace(['--verbose']);
    assert.match(mapped, /src\/cli\/scan-command\.ts:\d+/, mapped);
    const plain = trace([]);
    assert.match(plain, /dist\/bundle\/[\w-]+\.js:\d+/, plain);
    assert.doesNotMatch(plain, /src\/cli\//, plain);
  });
});
