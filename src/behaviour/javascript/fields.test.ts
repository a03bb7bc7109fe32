// Per-property taint of object values, auth headers built by helpers, and choices between constants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callAt, jsFacts, taintsOf } from './test-support.js';

test('object literals keep their properties apart; the whole object still carries every property', async () => {
  const f = await jsFacts([
    "const { execSync } = require('child_process');",
    'const config = { url: process.env.KIBANA_URL, apiKey: process.env.KIBANA_API_KEY };',
    'execSync(config.url); execSync(config.apiKey); execSync(config["apiKey"]);',
    'execSync(JSON.stringify(config));',
    'const { url } = config; execSync(url);',
    'const { apiKey: key } = config; execSync(key);',
    'const alias = config; execSync(alias.url); execSync(alias.apiKey);',
  ].join('\n'));
  const taints = f.calls.map((c) => `${c.line}:${taintsOf(c).join(',')}`);
  assert.deepEqual(taints, ['3:', '3:env@2~', '3:env@2~', '4:env@2~', '5:', '6:env@2~', '7:', '7:env@2~']);
});

test('values of unknown shape assigned to the same name reach every property', async () => {
  const f = await jsFacts([
    "const { execSync } = require('child_process');",
    "let opts = { cmd: 'ls' };",
    'opts = loadOptions(process.env.DEPLOY_TOKEN);',
    'execSync(opts.cmd);',
    "const box = { name: 'x' }; box.secret = process.env.DEPLOY_TOKEN; box[pick()] = process.argv[2];",
    'execSync(box.name); execSync(box.secret);',
    "const spread = { ...settings(), mode: 'x' }; execSync(spread.mode);",
    "function settings() { return { mode: process.env.DEPLOY_TOKEN }; }",
  ].join('\n'));
  assert.deepEqual(taintsOf(callAt(f, 'system', 4)), ['env@3~']);
  const line6 = f.calls.filter((c) => c.line === 6).map((c) => taintsOf(c).join(','));
  assert.deepEqual(line6, ['user_input@5~', 'env@5~,user_input@5~']);
  // The literal `mode` overrides nothing here (flow-insensitive), so the helper's `mode` still counts.
  assert.deepEqual(taintsOf(callAt(f, 'system', 7)), ['env@8~']);
});

test('properties survive function returns and parameters read by property', async () => {
  const f = await jsFacts([
    'function getConfig() {',
    '  const url = process.env.KIBANA_URL; const apiKey = process.env.KIBANA_API_KEY;',
    '  return { url, apiKey };',
    '}',
    'function basePath(config) { return config.url.replace(/\\/$/, ""); }',
    'function secretOf(config) { return config.apiKey; }',
    'const cfg = getConfig();',
    "fetch(basePath(cfg) + '/api/status', { method: 'POST', body: 'x' });",
    "fetch(basePath(cfg) + '/api/status', { method: 'POST', body: secretOf(cfg) });",
    'fetch(cfg.url, { method: "POST", body: JSON.stringify(cfg) });',
  ].join('\n'));
  assert.deepEqual(taintsOf(callAt(f, 'network', 8)), []);
  assert.deepEqual(taintsOf(callAt(f, 'network', 9)), ['env@2~']);
  assert.equal(callAt(f, 'network', 9).authHeaderOnly, false);
  assert.deepEqual(taintsOf(callAt(f, 'network', 10)), ['env@2~']);
});

test('a parameter read by property inside a sink gets only that property of the argument', async () => {
  const f = await jsFacts([
    'const config = { url: process.env.API_URL, token: process.env.API_TOKEN };',
    'function send(c) { return fetch(c.url, { headers: { Authorization: `Bearer ${c.token}` } }); }',
    'function leak(c) { return fetch(c.url, { method: "POST", body: c.token }); }',
    'function ping(c) { return fetch(c.url); }',
    'send(config); leak(config); ping(config);',
  ].join('\n'));
  const send = callAt(f, 'network', 2);
  assert.deepEqual(taintsOf(send), ['env@1~']);
  assert.equal(send.authHeaderOnly, true);
  const leak = callAt(f, 'network', 3);
  assert.deepEqual(taintsOf(leak), ['env@1~']);
  assert.equal(leak.authHeaderOnly, false);
  assert.deepEqual(taintsOf(callAt(f, 'network', 4)), []);
});

test('headers from a same-file helper are auth-header-only when the secret sits under an auth key', async () => {
  const f = await jsFacts([
    'function headers() {',
    '  const h = { Accept: "application/json" };',
    '  const token = process.env.GITHUB_TOKEN;',
    '  if (token) h.Authorization = `Bearer ${token}`;',
    '  return h;',
    '}',
    'const buildHeaders = () => ({ "X-Api-Key": process.env.SVC_API_KEY, Accept: "json" });',
    'function leaky() { return { "X-Trace": process.env.SVC_API_KEY }; }',
    'async function apiGet(url) { return fetch(url, { headers: headers() }); }',
    'const top = await (await apiGet("https://api.github.com/x")).json(); apiGet(top.next);',
    'fetch(process.argv[2], { headers: { ...buildHeaders(), "User-Agent": "x" } });',
    'const requestOptions = { method: "GET", headers: buildHeaders() }; fetch(process.argv[2], requestOptions);',
    'fetch(process.argv[2], { headers: leaky() });',
  ].join('\n'));
  const inner = callAt(f, 'network', 9);
  assert.deepEqual(taintsOf(inner), ['env@3~', 'network_input@9~']);
  assert.equal(inner.authHeaderOnly, true);
  assert.equal(callAt(f, 'network', 11).authHeaderOnly, true);
  assert.equal(callAt(f, 'network', 12).authHeaderOnly, true);
  const leaky = callAt(f, 'network', 13);
  assert.deepEqual(taintsOf(leaky), ['env@8~', 'user_input@13']);
  assert.equal(leaky.authHeaderOnly, false);
});

test('a caller secret reaching an inner sink through a header parameter stays auth-header-only', async () => {
  const f = await jsFacts([
    'function call(url, token) { return fetch(url, { headers: { "X-Api-Key": token } }); }',
    'function post(url, data) { return fetch(url, { method: "POST", body: data }); }',
    'call("https://api.example.com/v1", process.env.EXAMPLE_API_KEY);',
    'post("https://api.example.com/v1", process.env.EXAMPLE_API_KEY);',
  ].join('\n'));
  const call = callAt(f, 'network', 1);
  assert.deepEqual(taintsOf(call), ['env@3~']);
  assert.equal(call.authHeaderOnly, true);
  const post = callAt(f, 'network', 2);
  assert.deepEqual(taintsOf(post), ['env@4~']);
  assert.equal(post.authHeaderOnly, false);
});

test('a name that can only be one of a few constants counts as constant, without inventing taint', async () => {
  const f = await jsFacts([
    "const { exec, execSync } = require('child_process');",
    "const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';",
    'const url = process.argv[2];',
    'exec(`${cmd} "${url}"`);',
    'exec(`${cmd} https://example.com`);',
    "const shell = process.env.SHELL_FLAVOUR ?? 'bash'; execSync(shell);",
    "const pick = process.platform === 'win32' ? 'dir' : url; execSync(pick);",
    "let tool = 'git'; tool = process.argv[3]; execSync(tool);",
    "const pager = process.env.CI && 'cat'; execSync(pager || 'less');",
  ].join('\n'), 'typescript');
  const open = callAt(f, 'system', 4);
  assert.equal(open.constantArgs, false);
  assert.deepEqual(taintsOf(open), ['user_input@3~']);
  const fixed = callAt(f, 'system', 5);
  assert.equal(fixed.constantArgs, true);
  assert.deepEqual(taintsOf(fixed), []);
  assert.equal(callAt(f, 'system', 6).constantArgs, false);
  assert.equal(callAt(f, 'system', 7).constantArgs, false);
  assert.equal(callAt(f, 'system', 8).constantArgs, false);
  assert.equal(callAt(f, 'system', 9).constantArgs, false);
});
