import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ssrf2 } from './ssrf2-internal-network-request.js';

test('SSRF2 fires on requests to loopback and private ranges', () => {
  const cases: [string, string, number][] = [
    ['a.py', 'requests.post("http://192.168.1.1/cgi-bin/config", data=x)', 0.55],
    ['a.sh', 'curl -s http://10.0.0.5:8500/v1/kv/?recurse', 0.55],
    ['a.js', "fetch('http://172.20.3.4/admin')", 0.55],
    ['a.sh', 'curl http://localhost:2375/containers/json', 0.45],
    ['a.py', 'urlopen("http://127.0.0.1:8080/shutdown")', 0.45],
    ['a.sh', 'wget -qO- http://0.0.0.0:9200/_cat/indices', 0.5],
  ];
  for (const [path, text, conf] of cases) {
    const f = runRule(ssrf2, { path, text: `\n${text}\n` });
    assert.equal(f.length, 1, text);
    assert.equal(f[0]?.rule.id, 'SSRF2');
    assert.equal(f[0]?.startLine, 2);
    assert.equal(f[0]?.severity, 'MEDIUM');
    assert.equal(f[0]?.confidence, conf);
  }
});

test('SSRF2 stays quiet without a request call or on public and non-private addresses', () => {
  const cases = [
    'The dev server listens on http://localhost:3000.\n',
    'app.listen(3000, "0.0.0.0")\n',
    'curl https://172.217.16.14/\ncurl https://10.example.com/\n',
    'Requires Python 3.10.0.1 or newer; fetch the docs.\n',
  ];
  for (const text of cases) assert.equal(runRule(ssrf2, { path: 'a.sh', text }).length, 0, text);
});

test('SSRF2 is downgraded in warnings and never HIGH', () => {
  const f = runRule(ssrf2, { path: 'SKILL.md', text: 'Do not curl http://192.168.0.1 or any router page.\n' });
  assert.equal(highFindings(f).length, 0);
  assert.ok(f.every((x) => x.severity === 'LOW'));
});

test('SSRF2 finds the requested address even after an unrelated mention on the same line', () => {
  const f = runRule(ssrf2, { path: 'a.py', text: "host = 'localhost'; requests.get('http://10.1.2.3/admin')\n" });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.label, 'Request to a private network address');
});

test('SSRF2 reports loopback calls in documentation and configuration as LOW, private ranges and code as before', () => {
  const doc = runRule(ssrf2, { path: 'SKILL.md', text: '```bash\ncurl -X POST http://localhost:8000/v1/chat/completions -d @req.json\n```\n' });
  assert.ok(doc.length === 1 && doc[0]?.severity === 'LOW' && doc[0]?.tags.includes('local-server'));
  const cfg = runRule(ssrf2, { path: 'k8s/configmap.yaml', text: 'check: |\n  response=$(curl -sf http://localhost:8080/health)\n' });
  assert.ok(cfg.every((x) => x.severity === 'LOW'));
  const lan = runRule(ssrf2, { path: 'SKILL.md', text: '```bash\ncurl http://192.168.1.1/cgi-bin/config\n```\n' });
  assert.equal(lan[0]?.severity, 'MEDIUM');
  const code = runRule(ssrf2, { path: 'a.py', text: 'urlopen("http://127.0.0.1:8080/shutdown")\n' });
  assert.equal(code[0]?.severity, 'MEDIUM');
});
