// `skillspector --version` and help must answer without loading the engine: the CLI declares each command
// with what it needs, and actions import their modules when they run (issue 12 item 2). A loader hook
// records every module the CLI process loads; no timing is asserted (docs/PERFORMANCE.md has the figure).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const work = mkdtempSync(join(tmpdir(), 'skillspector-startup-'));
after(() => rmSync(work, { recursive: true, force: true }));

writeFileSync(join(work, 'hook.mjs'), [
  "import { appendFileSync } from 'node:fs';",
  'let log;',
  'export function initialize(data) { log = data.log; }',
  'export async function load(url, context, nextLoad) {',
  "  if (url.startsWith('file:')) appendFileSync(log, url + '\\n');",
  '  return nextLoad(url, context);',
  '}',
].join('\n'));
writeFileSync(join(work, 'register.mjs'), [
  "import { register } from 'node:module';",
  `register(${JSON.stringify(pathToFileURL(join(work, 'hook.mjs')).href)}, { data: { log: process.env.SKILLSPECTOR_LOAD_LOG } });`,
].join('\n'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Loaded files, relative to the repository root (node_modules paths keep their package path). */
  loaded: string[];
}

let runs = 0;
function runCli(...args: string[]): Run {
  const log = join(work, `loaded-${runs++}.txt`);
  writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', join(work, 'register.mjs'), join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, SKILLSPECTOR_LOAD_LOG: log, NO_COLOR: '1' },
  });
  const loaded = readFileSync(log, 'utf8').split('\n').filter((l) => l !== '').map((url) => fileURLToPath(url).slice(ROOT.length));
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, loaded };
}

const has = (run: Run, prefix: string): boolean => run.loaded.some((p) => p.startsWith(prefix));
const HEAVY = ['src/engine/', 'src/rules/', 'src/analysis/', 'src/llm/', 'src/mcp/', 'src/report/', 'node_modules/zod/', 'node_modules/@modelcontextprotocol/', 'node_modules/@vscode/'];

describe('CLI start-up loads only what the command needs', () => {
  it('--version prints the version and loads no engine, rule, report, LLM or MCP module', () => {
    const run = runCli('--version');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${VERSION}\n`);
    assert.ok(has(run, 'src/cli/main.ts') && has(run, 'src/shared/version.ts'), `the hook saw: ${run.loaded.join(', ')}`);
    for (const prefix of HEAVY) assert.ok(!has(run, prefix), `--version loaded ${prefix}`);
  });

  it('rules loads the rule registry when it runs, but not the MCP server', () => {
    const run = runCli('rules', '--format', 'json');
    assert.equal(run.code, 0, run.stderr);
    assert.ok(Array.isArray(JSON.parse(run.stdout)));
    assert.ok(has(run, 'src/rules/index.ts'), 'the lazily imported registry is seen by the hook');
    assert.ok(!has(run, 'src/mcp/') && !has(run, 'node_modules/@modelcontextprotocol/'));
  });

  it('scan --help and help scan show the LLM section without loading the scan engine or MCP', () => {
    for (const args of [['scan', '--help'], ['help', 'scan']]) {
      const run = runCli(...args);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /SKILLSPECTOR_PROVIDER/, args.join(' '));
      assert.match(run.stdout, /--max-llm-calls <n> +LLM requests one scan may send \(default \d+\)/);
      assert.ok(has(run, 'src/cli/llm-options.ts'));
      assert.ok(!has(run, 'src/engine/scan.ts') && !has(run, 'src/cli/scan-command.ts') && !has(run, 'src/mcp/'), args.join(' '));
    }
  });

  it('program help lists every command, and a misspelt command gets a suggestion', () => {
    const help = runCli('--help');
    assert.equal(help.code, 0, help.stderr);
    for (const name of ['scan', 'baseline', 'rules', 'mcp']) assert.match(help.stdout, new RegExp(`^  ${name} `, 'm'), name);
    const typo = runCli('sacn', 'x');
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /unknown command 'sacn'[\s\S]*scan/);
  });

  it('scan still runs the engine when asked to scan', () => {
    const run = runCli('scan', join(ROOT, 'examples/benign-skill'), '--format', 'json', '--no-llm');
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { risk_assessment?: { recommendation?: string } }).risk_assessment?.recommendation, 'SAFE');
    assert.ok(has(run, 'src/engine/scan.ts'));
  });
});

describe('a scan loads only what its formats and flags need', () => {
  const WRITERS = ['terminal', 'json', 'markdown', 'sarif', 'html'];
  const writersOf = (run: Run): string[] =>
    WRITERS.filter((w) => run.loaded.includes(`src/report/writers/${w}.ts`));

  it('a JSON scan loads the JSON writer only, and no MCP SDK, OSV client or network code', () => {
    const run = runCli('scan', join(ROOT, 'examples/benign-skill'), '--format', 'json', '--no-llm');
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { tool?: { version?: string } }).tool?.version, VERSION);
    assert.deepEqual(writersOf(run), ['json']);
    // llm-summary sets up Intl number formatting; only the human-readable writers and SARIF need it.
    for (const prefix of ['src/mcp/', 'node_modules/@modelcontextprotocol/', 'src/advisories/osv.ts', 'src/engine/online.ts', 'src/report/writers/llm-summary.ts']) {
      assert.ok(!has(run, prefix), `a JSON scan loaded ${prefix}`);
    }
  });

  it('a SARIF scan with a Markdown side report loads exactly those two writers', () => {
    const out = join(work, 'side.md');
    const run = runCli('scan', join(ROOT, 'examples/benign-skill'), '--format', 'sarif', '--report', `markdown=${out}`, '--no-llm');
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { version?: string }).version, '2.1.0');
    assert.match(readFileSync(out, 'utf8'), /csv-summary/);
    assert.deepEqual(writersOf(run), ['markdown', 'sarif']);
  });
});
